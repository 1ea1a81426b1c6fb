#include "cli/version_text.hpp"

#include <fmt/core.h>

#include "compare/renderers.hpp"
#include "record/run_document_json.hpp"
#include "store/schema.hpp"

namespace clonebench {
namespace {

// The compiler that compiled this file, which is the one that built the driver.
std::string compiler() {
#if defined(__clang__)
  return fmt::format("clang {}.{}.{}", __clang_major__, __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
  return fmt::format("gcc {}.{}.{}", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
  return "unknown";
#endif
}

}  // namespace

std::string version_text(std::string_view commit) {
  return fmt::format(
      "clonebench {}\n"
      "commit:   {}\n"
      "compiler: {}\n"
      "writes:   {} (run JSON), {} (compare JSON), run database schema {}",
      CLONEBENCH_VERSION, commit, compiler(), kRunSchema, kCompareSchema, latest_schema_version());
}

}  // namespace clonebench

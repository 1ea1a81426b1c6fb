// `clonebench kernel [--json FILE|-]`: which kind of kernel this is for fork and clone — whether
// _compound_head() and its neighbours are out of line, the HVO key, the return thunk — and what
// that means. The facts are the environment's, so every stored run carries the same ones.

#include <fmt/core.h>

#include <memory>
#include <string>

#include "cli/command.hpp"
#include "cli/shared_options.hpp"
#include "core/error.hpp"
#include "kernel/kernel_path_render.hpp"
#include "kernel/kernel_report_json.hpp"
#include "machine/environment_capture.hpp"
#include "machine/kernel_report_source.hpp"
#include "render/output_file.hpp"

namespace clonebench {
namespace {

struct KernelOptions {
  std::string json_path;
};

int run_kernel(const KernelOptions& options) {
  if (!options.json_path.empty()) {
    check_output_path(options.json_path, "--json");
  }
  const KernelReport report = kernel_report_from_environment(capture_environment());
  if (!options.json_path.empty()) {
    write_output(options.json_path, kernel_report_json(report).dump(2) + "\n", "--json");
  }
  if (options.json_path != "-") {
    fmt::print("{}", render_kernel_report(report));
  }
  return kExitOk;
}

}  // namespace

void add_kernel_command(CLI::App& app, CommandList& commands) {
  auto [kernel, options] = define_command(
      app, commands, "kernel",
      "Which fork/exit path this kernel has: _compound_head() out of line or not, the HVO key, "
      "the return thunk, and what it means for fork and clone",
      &run_kernel);
  define_json_option(kernel, options.json_path, "the facts");
}

}  // namespace clonebench

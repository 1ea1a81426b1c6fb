#include "sweep/shape_text.hpp"

#include <fmt/core.h>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "sweep/sweep_design.hpp"

namespace clonebench {
namespace {
constexpr std::uint64_t kPmdFolioBytes = 2u << 20;
}  // namespace

ShapeX parse_shape(std::string_view text, std::string_view flag) {
  const std::size_t comma = text.find(',');
  const std::uint64_t bytes = parse_size_bytes(text.substr(0, comma), flag);
  std::uint64_t vmas = 1, folio_bytes = 4096;
  std::string_view rest = comma == std::string_view::npos ? "" : text.substr(comma + 1);
  bool more = comma != std::string_view::npos;   // "64M," promises an item: an empty one is bad
  bool vmas_given = false, folio_given = false;  // a key given twice: which one is meant?
  while (more) {
    const std::size_t next = rest.find(',');
    const std::string_view item = rest.substr(0, next);
    more = next != std::string_view::npos;
    rest = more ? rest.substr(next + 1) : "";
    const std::size_t equals = item.find('=');
    const std::string_view key = item.substr(0, equals);
    const std::string_view value = equals == std::string_view::npos ? "" : item.substr(equals + 1);
    if ((key == "vmas" && vmas_given) || (key == "folio" && folio_given)) {
      throw UsageError(fmt::format("{}: {}= is given twice in '{}'", flag, key, printable(text)));
    }
    if (key == "vmas" && !value.empty()) {
      vmas = parse_vmas_list(value, flag, 1u << 30).front();
      vmas_given = true;
    } else if (key == "folio" && !value.empty()) {
      folio_bytes = parse_folio_list(value, flag).front();
      folio_given = true;
    } else {
      throw UsageError(
          fmt::format("{}: '{}' is not vmas=N or folio=SIZE (expected e.g. 64M,vmas=300,folio=64K)",
                      flag, item));
    }
  }
  ShapeX shape;
  shape.pages = static_cast<double>(bytes / 4096);
  shape.vmas = static_cast<double>(vmas);
  shape.folios = shape.pages * 4096 / static_cast<double>(folio_bytes);
  if (folio_bytes == kPmdFolioBytes) {
    shape.pages = 0;  // PMD-mapped, as the sweep's 2 MiB points are: no PTEs (docs/sweep.md)
  }
  return shape;
}

}  // namespace clonebench

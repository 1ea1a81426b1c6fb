#include "memory/parent_fit.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/size_text.hpp"
#include "memory/cgroup_memory.hpp"
#include "memory/parent_memory.hpp"
#include "sys/meminfo_text.hpp"
#include "sys/proc_file.hpp"

namespace clonebench {
namespace {

constexpr std::uint64_t kFitPageBytes = 4096;
// At most this share of MemAvailable may be asked for: the children, page tables (2 MiB per
// GiB, parent and child) and the rest of the machine need the remainder.
constexpr double kMemAvailableShare = 0.8;

}  // namespace

void check_parent_fits(const ParentShape& shape, std::uint32_t instances) {
  if (shape.bytes == 0) {
    return;
  }
  const std::string meminfo = read_proc_file("/proc/meminfo");
  const std::uint64_t copies = std::max<std::uint32_t>(instances, 1);
  if (shape.kind == ParentKind::kHugetlb) {
    const std::uint64_t page_bytes = huge_page_bytes(meminfo);
    const std::uint64_t needed = copies * ((shape.bytes + page_bytes - 1) / page_bytes);
    if (needed > parse_meminfo_value(meminfo, "HugePages_Free")) {
      throw UsageError(hugetlb_advice(meminfo, needed));
    }
    return;
  }
  const std::uint64_t available = parse_meminfo_value(meminfo, "MemAvailable") * 1024;
  const auto limit =
      static_cast<std::uint64_t>(kMemAvailableShare * static_cast<double>(available));
  if (shape.bytes > limit / copies) {
    throw UsageError(fmt::format(
        "--rss: {} × {} instance(s) does not fit: MemAvailable is {}, at most {} may be used "
        "({:.0f} %), i.e. at most {} per instance",
        format_size(shape.bytes), copies, format_size(available), format_size(limit),
        kMemAvailableShare * 100, format_size(limit / copies / kFitPageBytes * kFitPageBytes)));
  }
  check_cgroup_memory_fits(shape.bytes, copies);
}

}  // namespace clonebench

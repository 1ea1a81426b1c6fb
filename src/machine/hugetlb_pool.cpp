#include "machine/hugetlb_pool.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>

#include "core/error.hpp"
#include "sys/proc_text.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

std::optional<std::int64_t> read_pool_counter(const std::filesystem::path& path) {
  const auto text = read_text_file(path);
  return text ? parse_integer_text(*text) : std::nullopt;
}

std::int64_t required_pool_counter(const std::filesystem::path& path) {
  const std::optional<std::int64_t> value = read_pool_counter(path);
  if (!value) {
    throw RuntimeError(fmt::format("cannot read the HugeTLB counter {}", path.string()));
  }
  return *value;
}

std::optional<std::uint64_t> pool_page_kb(const std::string& name) {
  constexpr std::string_view prefix = "hugepages-";
  if (name.rfind(prefix, 0) != 0 || name.size() < prefix.size() + 3 ||
      name.substr(name.size() - 2) != "kB") {
    return std::nullopt;
  }
  const auto kb = parse_integer_text(name.substr(prefix.size(), name.size() - prefix.size() - 2));
  return kb && *kb > 0 ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(*kb))
                       : std::nullopt;
}

ThpSetting pool_write(const HugetlbPool& pool, std::int64_t pages) {
  return {pool.directory + "/nr_hugepages", std::to_string(pages)};
}

std::string switch_path(const HugetlbRoots& roots) {
  return roots.proc_sys_vm + "/hugetlb_optimize_vmemmap";
}

}  // namespace

std::int64_t HugetlbState::total_pages() const {
  std::int64_t total = 0;
  for (const HugetlbPool& pool : pools) {
    total += pool.nr + pool.surplus;
  }
  return total;
}

std::int64_t HugetlbState::pages_in_use() const {
  std::int64_t used = 0;
  for (const HugetlbPool& pool : pools) {
    used += pool.nr - pool.free;
  }
  return used;
}

HugetlbState read_hugetlb_state(const HugetlbRoots& roots) {
  HugetlbState state;
  state.optimize_vmemmap = read_pool_counter(switch_path(roots));
  for (const auto& entry :
       list_directory(roots.hugepages).value_or(std::vector<std::filesystem::path>{})) {
    const std::optional<std::uint64_t> kb = pool_page_kb(entry.filename().string());
    if (!kb) {
      continue;
    }
    HugetlbPool pool;
    pool.page_kb = *kb;
    pool.directory = entry.string();
    pool.nr = required_pool_counter(entry / "nr_hugepages");
    pool.free = required_pool_counter(entry / "free_hugepages");
    pool.surplus = required_pool_counter(entry / "surplus_hugepages");
    state.pools.push_back(std::move(pool));
  }
  std::sort(state.pools.begin(), state.pools.end(),
            [](const HugetlbPool& a, const HugetlbPool& b) { return a.page_kb < b.page_kb; });
  return state;
}

HvoObservation hvo_observation_of(const HugetlbState& state,
                                  const std::optional<std::string>& config_optimize_vmemmap) {
  HvoObservation observation;
  observation.config_optimize_vmemmap = config_optimize_vmemmap;
  observation.sysctl = state.optimize_vmemmap;
  observation.sysctl_file_exists = state.optimize_vmemmap.has_value();
  observation.hugetlb_pages = state.total_pages();
  return observation;
}

std::vector<ThpSetting> hugetlb_restore_writes(const HugetlbState& saved,
                                               const HugetlbRoots& roots) {
  std::vector<ThpSetting> writes;
  for (const HugetlbPool& pool : saved.pools) {
    writes.push_back(pool_write(pool, 0));
  }
  if (saved.optimize_vmemmap) {
    writes.push_back({switch_path(roots), std::to_string(*saved.optimize_vmemmap)});
  }
  for (const HugetlbPool& pool : saved.pools) {
    if (pool.nr != 0) {
      writes.push_back(pool_write(pool, pool.nr));
    }
  }
  return writes;
}

std::vector<ThpSetting> hugetlb_pool_writes(const HugetlbState& now, const HugetlbRoots& roots,
                                            std::int64_t optimize, std::uint64_t page_kb,
                                            std::int64_t pages) {
  std::vector<ThpSetting> writes;
  const HugetlbPool* sized = nullptr;
  for (const HugetlbPool& pool : now.pools) {
    if (pool.nr != 0 || pool.surplus != 0) {
      writes.push_back(pool_write(pool, 0));
    }
    if (pool.page_kb == page_kb) {
      sized = &pool;
    }
  }
  if (sized == nullptr) {
    throw RuntimeError(fmt::format("the kernel has no HugeTLB pool of {} kB pages", page_kb));
  }
  writes.push_back({switch_path(roots), std::to_string(optimize)});
  if (pages != 0) {
    writes.push_back(pool_write(*sized, pages));
  }
  return writes;
}

}  // namespace clonebench

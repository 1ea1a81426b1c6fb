#include "ab/hvo_key_switch.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include "core/error.hpp"

namespace clonebench {
namespace {

std::string pool_path(const HugetlbRoots& roots) {
  return fmt::format("{}/hugepages-{}kB/nr_hugepages", roots.hugepages, kHvoKeyPageKb);
}

std::int64_t pages_of_size(const HugetlbState& state, std::uint64_t page_kb) {
  for (const HugetlbPool& pool : state.pools) {
    if (pool.page_kb == page_kb) {
      return pool.nr + pool.surplus;
    }
  }
  return 0;
}

}  // namespace

const char* hvo_arm_name(HvoArm arm) noexcept {
  switch (arm) {
    case HvoArm::kOff:
      return "off";
    case HvoArm::kOn:
      return "on";
    case HvoArm::kControl:
      return "control";
  }
  return "?";
}

void check_hvo_key_machine(const HugetlbRoots& roots,
                           const std::optional<std::string>& config_optimize_vmemmap) {
  if (::geteuid() != 0) {
    throw UsageError(
        "--preset hvo-key: needs root: it sets vm.hugetlb_optimize_vmemmap and vm.nr_hugepages");
  }
  if (config_optimize_vmemmap && *config_optimize_vmemmap != "y") {
    throw UsageError(
        "--preset hvo-key: this kernel has no HVO (CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP is not "
        "set), so there is no HVO static key to switch");
  }
  const HugetlbState state = read_hugetlb_state(roots);
  if (!state.optimize_vmemmap) {
    throw UsageError(fmt::format(
        "--preset hvo-key: this kernel has no HVO: {}/hugetlb_optimize_vmemmap does not exist "
        "(HVO not built in, or no HugeTLB page size it can optimize)",
        roots.proc_sys_vm));
  }
  bool has_pool = false;
  for (const HugetlbPool& pool : state.pools) {
    has_pool |= pool.page_kb == kHvoKeyPageKb;
  }
  if (!has_pool) {
    throw UsageError(fmt::format("--preset hvo-key: this kernel has no HugeTLB pool of {} kB pages",
                                 kHvoKeyPageKb));
  }
  if (state.pages_in_use() > 0) {
    throw UsageError(fmt::format(
        "--preset hvo-key: {} HugeTLB page(s) are in use by a process; the experiment must free "
        "every HugeTLB page for its key-off arm",
        state.pages_in_use()));
  }
}

HvoKeySwitch::HvoKeySwitch(MachineSettingsLock& lock, HugetlbRoots roots,
                           std::optional<std::string> config_optimize_vmemmap)
    : roots_(std::move(roots)),
      config_(std::move(config_optimize_vmemmap)),
      saved_(read_hugetlb_state(roots_)),
      guard_(lock, hugetlb_restore_writes(saved_, roots_)) {}

HvoCheck HvoKeySwitch::enter(HvoArm arm) {
  const std::int64_t optimize = arm == HvoArm::kOn ? 1 : 0;
  write_thp_settings(
      hugetlb_pool_writes(read_hugetlb_state(roots_), roots_, optimize, kHvoKeyPageKb, 0));
  // The key counts optimized folios: it is exactly off with no HugeTLB page at all.
  const HugetlbState empty = read_hugetlb_state(roots_);
  allocated_empty_ = derive_hvo_key_state(hvo_observation_of(empty, config_)).key_on == false;
  if (arm != HvoArm::kOff) {
    write_thp_settings({{pool_path(roots_), std::to_string(kHvoKeyPages)}});
  }
  entered_ = arm;
  return check(arm);
}

HvoCheck HvoKeySwitch::check(HvoArm arm) const {
  const HugetlbState state = read_hugetlb_state(roots_);
  const HvoKeyState key = derive_hvo_key_state(hvo_observation_of(state, config_));
  HvoCheck result{false, key.key_on, key.basis, state.total_pages()};
  const std::int64_t wanted_pages = arm == HvoArm::kOff ? 0 : kHvoKeyPages;
  if (state.total_pages() != wanted_pages || pages_of_size(state, kHvoKeyPageKb) != wanted_pages) {
    result.basis = fmt::format("{} HugeTLB page(s) exist, {} of {} kB wanted", state.total_pages(),
                               wanted_pages, kHvoKeyPageKb);
    return result;
  }
  switch (arm) {
    case HvoArm::kOff:
      result.ok = key.key_on == false;
      break;
    case HvoArm::kOn:
      result.ok = key.key_on == true;
      break;
    case HvoArm::kControl:
      // derive_hvo_key_state cannot tell from the present alone (pages exist, HVO off now); the
      // history settles it: these pages were allocated from none, with HVO off.
      if (!key.key_on && state.optimize_vmemmap == 0 && entered_ == HvoArm::kControl &&
          allocated_empty_) {
        result.ok = true;
        result.key_on = false;
        result.basis = fmt::format(
            "inferred: the {} HugeTLB pages were allocated from none while HVO was off ({})",
            state.total_pages(), key.basis);
      }
      break;
  }
  return result;
}

void HvoKeySwitch::restore() {
  guard_.restore();
  entered_.reset();
}

void probe_hvo_key_pool(HvoKeySwitch& hvo_switch) {
  const HvoCheck on = hvo_switch.enter(HvoArm::kOn);
  if (on.pages != kHvoKeyPages) {
    hvo_switch.enter(HvoArm::kOff);
    throw UsageError(fmt::format(
        "--preset hvo-key: asked for {} HugeTLB pages of {} kB, obtained {} (memory too "
        "fragmented or too little free); nothing was measured",
        kHvoKeyPages, kHvoKeyPageKb, on.pages));
  }
  if (!on.ok) {
    hvo_switch.enter(HvoArm::kOff);
    throw UsageError(fmt::format(
        "--preset hvo-key: {} HugeTLB pages allocated with HVO on, but the key is not seen on: {}",
        on.pages, on.basis));
  }
  hvo_switch.enter(HvoArm::kOff);
}

}  // namespace clonebench

#include "record/run_group.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <vector>

#include "core/text_safety.hpp"
#include "record/job.hpp"

namespace clonebench {
namespace {

// A size as the CLI takes it ("64M", "4K"), so that the group reads as the option typed.
std::string size_word(std::uint64_t bytes) {
  for (const auto& [shift, suffix] : {std::pair{30, "G"}, std::pair{20, "M"}, std::pair{10, "K"}}) {
    const std::uint64_t unit = std::uint64_t{1} << shift;
    if (bytes != 0 && bytes % unit == 0) {
      return std::to_string(bytes / unit) + suffix;
    }
  }
  return std::to_string(bytes);
}

void add_parent_settings(const RunResult& result, std::vector<std::string>& settings) {
  const RunOptions& options = result.options;
  if (options.rss_bytes.value_or(0) > 0) {
    settings.push_back("rss " + size_word(*options.rss_bytes));
    if (options.rss_kind && *options.rss_kind != "anon") {
      settings.push_back("rss-kind " + printable(*options.rss_kind));
    }
  }
  if (options.vmas.value_or(1) > 1) {
    settings.push_back(fmt::format("vmas {}", *options.vmas));
  }
  if (result.parent.folio_bytes_requested > 0) {
    settings.push_back("folio " + size_word(result.parent.folio_bytes_requested));
  }
}

void add_workload_settings(const RunOptions& options, std::vector<std::string>& settings) {
  const StressNgWorkloadOptions* stress_ng = stress_ng_options_of(options);
  if (stress_ng == nullptr) {
    return;
  }
  settings.emplace_back("workload stress-ng");
  const StressNgOptions defaults;
  const StressNgOptions& given = stress_ng->stress_ng;
  if (given.fork_max != defaults.fork_max) {
    settings.push_back(fmt::format("fork-max {}", given.fork_max));
  }
  if (given.vfork_max != defaults.vfork_max) {
    settings.push_back(fmt::format("vfork-max {}", given.vfork_max));
  }
  for (const auto& [name, on] :
       {std::pair{"fork-vm", given.fork_vm}, std::pair{"fork-pageout", given.fork_pageout},
        std::pair{"fork-unmap", given.fork_unmap}}) {
    if (on != 0) {
      settings.emplace_back(name);
    }
  }
}

}  // namespace

std::string run_group_name(const RunResult& result, bool profiled) {
  const RunOptions& options = result.options;
  const StressorJob defaults;
  std::vector<std::string> settings;
  if (result.instances != defaults.instances) {
    settings.push_back(fmt::format("instances {}", result.instances));
  }
  add_workload_settings(options, settings);
  add_parent_settings(result, settings);
  if (options.pin_cpus && !options.pin_cpus->empty()) {
    settings.push_back(fmt::format("pin {}", fmt::join(*options.pin_cpus, ",")));
  }
  if (options.clone_max && *options.clone_max != defaults.clone_max) {
    settings.push_back(fmt::format("clone-max {}", *options.clone_max));
  }
  if (options.phase_every && *options.phase_every != defaults.phase_every) {
    settings.push_back(fmt::format("phase-every {}", *options.phase_every));
  }
  if (profiled) {
    settings.emplace_back("profiled");
  }
  const std::string stressor = printable(result.stressor);
  return settings.empty() ? stressor : fmt::format("{} ({})", stressor, fmt::join(settings, ", "));
}

std::string run_group_name(const RunRecord& record) {
  return run_group_name(record.result, record.profile.has_value());
}

}  // namespace clonebench

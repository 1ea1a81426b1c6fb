#include "cli/workload_options.hpp"

#include <fmt/core.h>

#include "core/error.hpp"
#include "core/units.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {

void define_workload_options(CLI::App& app, RawWorkloadOptions& raw) {
  app.add_option("--workload", raw.workload,
                 "clean (default: creation alone, every child accounted) or stress-ng (stress-ng "
                 "0.15.06's fork, vfork and clone, child work and zombies included)");
  app.add_option("--fork-max", raw.fork_max,
                 "stress-ng: fork N children per round, then wait for them (1-16000, default 1)");
  app.add_option("--vfork-max", raw.vfork_max,
                 "stress-ng: vfork N children per round, then wait for them (1-16000, default 1)");
  app.add_flag("--fork-vm", raw.fork_vm,
               "stress-ng: fork children madvise the whole process and page it in");
  app.add_flag("--fork-pageout", raw.fork_pageout,
               "stress-ng: page out named writable/executable mappings every round (0.17.08)");
  app.add_flag("--fork-unmap", raw.fork_unmap,
               "stress-ng: drop stress-ng's shared libraries from the forking process (0.17.06)");
}

WorkloadSettings parse_workload_options(const RawWorkloadOptions& raw) {
  WorkloadSettings settings;
  const std::optional<Workload> workload = workload_from_name(raw.workload);
  if (!workload) {
    throw UsageError(fmt::format("--workload: unknown workload '{}': expected {}", raw.workload,
                                 workload_choices()));
  }
  settings.workload = *workload;
  const std::pair<const char*, bool> stress_ng_only[] = {{"--fork-max", !raw.fork_max.empty()},
                                                         {"--vfork-max", !raw.vfork_max.empty()},
                                                         {"--fork-vm", raw.fork_vm},
                                                         {"--fork-pageout", raw.fork_pageout},
                                                         {"--fork-unmap", raw.fork_unmap}};
  for (const auto& [flag, given] : stress_ng_only) {
    if (given && settings.workload != Workload::kStressNg) {
      throw UsageError(fmt::format(
          "{}: an option of stress-ng's fork stressors; add --workload stress-ng", flag));
    }
  }
  StressNgOptions& options = settings.stress_ng;
  if (!raw.fork_max.empty()) {
    options.fork_max =
        static_cast<std::uint32_t>(parse_integer(raw.fork_max, "--fork-max", 1, kStressNgMaxForks));
  }
  if (!raw.vfork_max.empty()) {
    options.vfork_max = static_cast<std::uint32_t>(
        parse_integer(raw.vfork_max, "--vfork-max", 1, kStressNgMaxForks));
  }
  if (raw.fork_vm && raw.fork_unmap) {
    throw UsageError("--fork-unmap: cannot be combined with --fork-vm (stress-ng drops it then)");
  }
  options.fork_vm = raw.fork_vm ? 1 : 0;
  options.fork_pageout = raw.fork_pageout ? 1 : 0;
  options.fork_unmap = raw.fork_unmap ? 1 : 0;
  return settings;
}

void apply_workload(const WorkloadSettings& settings, StressorJob& job) {
  const StressorDef& def = require_stressor(job.stressor, "stressor");
  if (settings.workload == Workload::kStressNg && def.make_stress_ng == nullptr) {
    throw UsageError(
        fmt::format("--workload stress-ng: stress-ng has no '{}' stressor here (it reproduces {})",
                    job.stressor, stress_ng_stressor_names()));
  }
  job.workload = settings.workload;
  job.stress_ng = settings.stress_ng;
}

}  // namespace clonebench

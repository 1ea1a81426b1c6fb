#pragma once
// --workload and stress-ng's fork options: one definition shared by every command that builds
// jobs (run, hence ab, and sweep), so a new command gets them by calling these two functions.

#include <CLI/CLI.hpp>
#include <string>

#include "record/job.hpp"

namespace clonebench {

struct RawWorkloadOptions {
  std::string workload = "clean";
  std::string fork_max, vfork_max;
  bool fork_vm = false, fork_pageout = false, fork_unmap = false;
};

void define_workload_options(CLI::App& app, RawWorkloadOptions& raw);

struct WorkloadSettings {
  Workload workload = Workload::kClean;
  StressNgOptions stress_ng;
};

// Throws UsageError naming the flag: an unknown workload, a value out of stress-ng's range, a
// stress-ng option without --workload stress-ng, --fork-unmap with --fork-vm.
WorkloadSettings parse_workload_options(const RawWorkloadOptions& raw);

// The workload and its options into a job; throws UsageError when the job's stressor has no
// stress-ng counterpart and the workload is stress-ng.
void apply_workload(const WorkloadSettings& settings, StressorJob& job);

}  // namespace clonebench

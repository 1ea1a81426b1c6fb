#pragma once
// `clonebench sweep` once its options are read: the sweep stored as one experiment, its report
// on stdout or its JSON document (environment, sweep, profiles) in --json.

#include <string>

#include "experiment/experiment_session.hpp"
#include "memory/machine_settings_lock.hpp"
#include "record/job.hpp"
#include "sweep/sweep_analysis.hpp"

namespace clonebench {

struct SweepPlan {
  StressorJob job;  // the template of every run (sweep_runner.hpp)
  SweepSettings settings;
  bool profile = false;  // --profile: every run sampled by perf
  std::string predict;   // --predict SHAPE: printed after the report ("" = none)
  std::string preset;    // --preset NAME: its comparison is printed after the report
};

// `settings_lock`: the machine-settings lock, held by the caller when the sweep has a folio axis
// (it changes the THP switches); nullptr otherwise.
int run_sweep_experiment(const SweepPlan& plan, const StorageOptions& storage,
                         const std::string& json_path, bool quiet,
                         MachineSettingsLock* settings_lock);

}  // namespace clonebench

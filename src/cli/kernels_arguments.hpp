#pragma once
// `clonebench kernels`' options as typed (kernels_command.cpp defines them) and their checks:
// every one is validated before anything boots, each error naming its flag or file (exit 2).

#include <string>
#include <vector>

#include "kernels/kernels_experiment.hpp"

namespace clonebench {

struct KernelsArguments {
  std::string a, b, spec, preset;
  std::string boots = "4", runs_per_boot = "3", seed, accel, append, cpus = "1", memory = "512";
  std::string measure, a_append, b_append, jobs, warmup_runs = "1";
  std::string threshold = "1%", alpha = "0.05", precision, max_time;
  std::vector<std::string> metrics;
  std::string json_path, label, db_path;
  bool no_store = false, quiet = false, bisect = false;
};

// The plan, or UsageError naming the flag (or SPEC, or the image file).
KernelsPlan kernels_plan(const KernelsArguments& args);

}  // namespace clonebench

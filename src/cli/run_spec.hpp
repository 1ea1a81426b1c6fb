#pragma once
// The arguments of `clonebench run`, parsed into jobs. Shared by `run`, `ab` (one spec plus
// per-arm options) and `sweep`.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runner/job.hpp"

namespace clonebench {

struct RunSpec {
  std::vector<StressorJob> jobs;  // run one after another, in this order
  std::uint32_t runs = 1;         // --runs: separate run records per job
  std::string label;              // --label; empty = `uname -r`
  bool metrics = false;           // --metrics / --metrics-brief
  std::string json_path, yaml_path, csv_path;
  std::optional<std::string> db_path;  // --db
  bool store = true;                   // false with --no-store
  bool profile = false;                // --profile: sample the kernel over each run (perf)
};

// Parses `run` arguments without the word "run", e.g. {"fork", "--timeout", "2s", "--rss", "64M"}
// or stress-ng's {"--seq=5", "--clone", "2", "--timeout=3", "--metrics"}. Throws UsageError
// naming the flag on bad input.
RunSpec parse_run_spec(const std::vector<std::string>& args);

// The usage text of `clonebench run`.
std::string run_help();

}  // namespace clonebench

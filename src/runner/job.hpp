#pragma once
// What to measure: one stressor, its instances and limits. Produced by the CLI (run, ab, sweep),
// consumed by the runner.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sys/parent_memory.hpp"

namespace clonebench {

struct StressorJob {
  std::string stressor;  // fork | vfork | clone | clone3 | thread | spawn | exec
  std::uint32_t instances = 1;
  double timeout_s = 10.0;         // per run, each instance
  std::uint64_t max_ops = 0;       // per instance; 0 = no limit
  ParentShape parent;              // --rss (clone: 128M by default, as stress-ng)
  std::uint32_t clone_max = 8192;  // clone: live children per instance
  std::vector<int> pin_cpus;       // instance i runs on pin_cpus[i % size]; empty = not pinned
  std::uint64_t seed = 0;          // instance i uses seed + i
};

}  // namespace clonebench

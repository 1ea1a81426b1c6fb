#pragma once
// The effective settings of a run ("options" of a run document, docs/schema.md): what the runner
// was asked to do, as the run's stored record says it. Read back from a store or a file, a field
// may be missing (older versions, another tool's writer): it is then absent here, and readers
// fall back as they would for an unknown value.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "record/workload.hpp"

namespace clonebench {

struct RunOptions {
  std::optional<double> timeout_s;
  std::optional<double> warm_up_s;  // the uncounted loop before the clock (absent: none, older)
  std::optional<std::uint64_t> max_ops;    // per instance; 0 = no limit
  std::optional<std::uint64_t> rss_bytes;  // --rss
  std::optional<std::string> rss_kind;     // parent_kind_name()
  std::optional<std::uint64_t> vmas;
  std::optional<std::uint64_t> seed;
  std::optional<std::vector<int>> pin_cpus;  // empty: not pinned
  std::optional<std::uint32_t> phase_every;
  // Stressors that keep children alive: the live-children cap asked for and the one in force.
  std::optional<std::uint32_t> clone_max;
  std::optional<std::uint64_t> clone_max_effective;
  std::optional<std::string> workload;  // "clean" | "stress-ng"
  // The stress-ng workload only: whether --seed was given, and stress-ng's own options.
  std::optional<bool> seed_given;
  std::optional<StressNgOptions> stress_ng;
  // The command as typed (`run` only), each word as text.
  std::optional<std::vector<std::string>> command_line;
};

}  // namespace clonebench

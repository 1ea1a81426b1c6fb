#pragma once
// The effective settings of a run ("options" of a run document, docs/schema.md): what the runner
// was asked to do, as the run's stored record says it. Read back from a store or a file, a field
// may be missing (older versions, another tool's writer): it is then absent here, and readers
// fall back as they would for an unknown value. This is the one place a run's requested parent
// size is held (ParentMemory holds what the parent measured). record/run_options_json.hpp is its
// one codec.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "record/workload.hpp"

namespace clonebench {

// The clean workload adds no setting of its own.
struct CleanWorkloadOptions {
  bool operator==(const CleanWorkloadOptions&) const = default;
};

// The stress-ng workload's own settings: whether --seed was given (every instance then uses it
// unchanged) and stress-ng's options (--fork-max etc.).
struct StressNgWorkloadOptions {
  std::optional<bool> seed_given;
  StressNgOptions stress_ng;
  bool operator==(const StressNgWorkloadOptions&) const = default;
};

// A run's workload with what it adds, one alternative per Workload, in its order.
using WorkloadOptions = std::variant<CleanWorkloadOptions, StressNgWorkloadOptions>;

struct RunOptions {
  std::optional<double> timeout_s;
  std::optional<double> warm_up_s;  // the uncounted loop before the clock (absent: none, older)
  std::optional<std::uint64_t> max_ops;    // per instance; 0 = no limit
  std::optional<std::uint64_t> rss_bytes;  // --rss: the parent's requested size
  std::optional<std::string> rss_kind;     // parent_kind_name()
  std::optional<std::uint64_t> vmas;
  std::optional<std::uint64_t> seed;
  std::optional<std::vector<int>> pin_cpus;  // empty: not pinned
  std::optional<std::uint32_t> phase_every;
  // Stressors that keep children alive: the live-children cap asked for and the one in force.
  std::optional<std::uint32_t> clone_max;
  std::optional<std::uint64_t> clone_max_effective;
  // Not recorded (a run stored before workloads existed, or of a workload this version does not
  // know): the run reads as clean.
  std::optional<WorkloadOptions> workload;
  // The command as typed (`run` only), each word as text.
  std::optional<std::vector<std::string>> command_line;

  bool operator==(const RunOptions&) const = default;
};

// The workload the options name: clean when they name none.
Workload workload_of(const RunOptions& options) noexcept;

// The stress-ng options of a stress-ng run; nullptr for a run of any other workload.
const StressNgWorkloadOptions* stress_ng_options_of(const RunOptions& options) noexcept;

// The settings that make two runs comparable, so that runs whose comparable parts differ are
// never pooled: every option but the seed and the command line, which differ between any two
// runs of one experiment.
RunOptions comparable_options(RunOptions options);

// One option as `show` and `compare` print it: its name in the document ("timeout_s") and its
// value as the document writes it (a number as JSON writes it, "5.0"; a text as it is; a list as
// compact JSON, "[0,1]").
struct OptionText {
  std::string name;
  std::string text;
  bool operator==(const OptionText&) const = default;
};

// Every present option in the document's key order, the command line left out.
std::vector<OptionText> option_texts(const RunOptions& options);

}  // namespace clonebench

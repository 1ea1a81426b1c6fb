#pragma once
// What `report` shows of the runs it was given, in every table, plot axis and CDF: ops/s and µs
// when the runs were timed, or, when a guest counted instructions (kernels --measure
// instructions), guest instructions per operation and per phase, lower is better, never a time
// or a speed. The choice follows the runs' metric table (record/instruction_metrics.hpp).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "record/instruction_metrics.hpp"
#include "report/report_facts.hpp"
#include "store/store.hpp"

namespace clonebench {

struct RunQuantity {
  const RunMetricTable* table = nullptr;
  // "ops/s (real)" | "guest instructions per operation"
  std::string name;
  // A column's or an axis's unit of the headline: "ops/s" | "instructions/op"
  std::string per_op;
  // Which way is better, as a parenthesis for titles and axes: "" | " (lower is better)"
  std::string better;
  // A phase's unit: "µs" | "instructions"
  std::string phase_unit;

  bool counted() const { return table->counted_in_instructions; }
  // The headline of `ops` done in an interval of `interval_s` (virtual seconds under icount:
  // 10^9 instructions): ops/s, or instructions per operation; nullopt when the interval has no
  // operations to count per.
  std::optional<double> per_interval(std::uint64_t ops, double interval_s) const;
  // A phase's nanoseconds in its unit: µs, or (under icount, 1 ns each) instructions.
  double phase_value(double ns) const;
};

// The quantity of the report of `runs`: counted when its first run was counted in instructions
// (select_report_input() refuses a selection that mixes the two).
const RunQuantity& run_quantity(const std::vector<StoredRun>& runs);
const RunQuantity& run_quantity(const std::vector<LabelGroup>& groups);

// The headline values of `group`'s runs of the run group named `run_group`
// (record/run_group.hpp) that `quantity` reads (a timed run in a counted report, or the reverse,
// is left out: its number would mean something else).
std::vector<double> headline_values_of(const RunQuantity& quantity, const LabelGroup& group,
                                       const std::string& run_group);

}  // namespace clonebench

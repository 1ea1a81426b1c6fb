#pragma once
// The metrics of a run measured in guest instructions (`kernels --measure instructions`): QEMU's
// icount made the guest's clock advance 1 ns per executed instruction, so every duration the
// worker timed is an instruction count. Such a run is never read as a time or a rate: these
// metrics replace run_metrics() for it (run_metric_table() below chooses by the run's environment),
// and their names, units and direction say what they count. Lower is better.

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "record/environment.hpp"
#include "record/metric_table.hpp"

namespace clonebench {

// Instructions per operation over the whole run (the loop, creating, reaping): virtual
// nanoseconds of the run per bogo op.
inline constexpr std::string_view kInstructionsPerOp = "guest_instructions_per_op";
// The unit every output gives these metrics.
inline constexpr std::string_view kInstructionsUnit = "instructions";

// "guest_instructions.<phase>.mean": the mean count of a latency phase (create, start, reap).
std::string instruction_phase_metric_name(std::string_view phase);

// guest_instructions_per_op, then the mean of each phase in kLatencyPhases order.
const std::vector<RunMetric>& instruction_metrics();
const RunMetric* find_instruction_metric(std::string_view name);

// The measure a guest run's environment records (environment.guest.measure) when its clock
// counted instructions.
inline constexpr std::string_view kMeasureInstructions = "instructions";

// True when the run's environment says so (guest.measure); false for anything else, a host's
// run or an environment not recorded included.
bool measured_in_instructions(const Environment& environment);
bool measured_in_instructions(const std::optional<Environment>& environment);

// The metric table a stored run is read with, chosen by run_metric_table() and nowhere else:
// run_metrics() with ops/s as the headline, or, when the guest's clock counted instructions,
// instruction_metrics() with guest_instructions_per_op. The store, `compare`, `report` and
// `kernels` all take their table and headline from here.
struct RunMetricTable {
  bool counted_in_instructions = false;
  std::string_view headline;  // the metric a comparison and a boot's median read first
  const std::vector<RunMetric>* metrics = nullptr;

  // Every metric of the table `record`'s run has, by name.
  std::map<std::string, double> values(const RunRecord& record) const;
  // The run's headline value; nullopt when the run lacks it (no operations).
  std::optional<double> headline_value(const RunRecord& record) const;
};
const RunMetricTable& run_metric_table(bool counted_in_instructions);
const RunMetricTable& run_metric_table(const Environment& environment);
const RunMetricTable& run_metric_table(const std::optional<Environment>& environment);

// run_metric_table(environment).values(record).
std::map<std::string, double> stored_run_metric_values(
    const RunRecord& record, const std::optional<Environment>& environment);
std::map<std::string, double> stored_run_metric_values(const RunRecord& record,
                                                       const Environment& environment);

}  // namespace clonebench

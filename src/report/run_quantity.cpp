#include "report/run_quantity.hpp"

#include "record/run_group.hpp"

namespace clonebench {
namespace {

const RunQuantity& quantity(bool counted) {
  static const RunQuantity timed{&run_metric_table(false), "ops/s (real)", "ops/s", "", "µs"};
  static const RunQuantity instructions{&run_metric_table(true), "guest instructions per operation",
                                        "instructions/op", " (lower is better)", "instructions"};
  return counted ? instructions : timed;
}

}  // namespace

std::optional<double> RunQuantity::per_interval(std::uint64_t ops, double interval_s) const {
  if (counted()) {
    return ops == 0 ? std::nullopt : std::optional(interval_s * 1e9 / static_cast<double>(ops));
  }
  return interval_s > 0 ? static_cast<double>(ops) / interval_s : 0.0;
}

double RunQuantity::phase_value(double ns) const {
  return counted() ? ns : ns / 1000;
}

const RunQuantity& run_quantity(const std::vector<StoredRun>& runs) {
  return quantity(!runs.empty() &&
                  run_metric_table(runs.front().environment).counted_in_instructions);
}

const RunQuantity& run_quantity(const std::vector<LabelGroup>& groups) {
  return quantity(
      !groups.empty() && !groups.front().runs.empty() &&
      run_metric_table(groups.front().runs.front()->environment).counted_in_instructions);
}

std::vector<double> headline_values_of(const RunQuantity& quantity, const LabelGroup& group,
                                       const std::string& run_group) {
  std::vector<double> values;
  for (const StoredRun* run : group.runs) {
    if (run_group_name(run->record) != run_group ||
        &run_metric_table(run->environment) != quantity.table) {
      continue;
    }
    if (const std::optional<double> value = quantity.table->headline_value(run->record)) {
      values.push_back(*value);
    }
  }
  return values;
}

}  // namespace clonebench

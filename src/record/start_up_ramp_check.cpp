#include "record/start_up_ramp_check.hpp"

#include <vector>

#include "stats/start_up_ramp.hpp"

namespace clonebench {

std::optional<RunStartUpRamp> start_up_ramp_of(const ThroughputSeries& series) {
  std::vector<double> rates(series.ops.begin(), series.ops.end());
  // A partial last interval holds fewer ops for its length alone: it is not a low rate.
  if (!rates.empty() && series.last_interval_s < series.interval_s * 0.999) {
    rates.pop_back();
  }
  const RampRule rule;
  if (series.interval_s <= 0 || rates.size() < rule.min_intervals) {
    return std::nullopt;
  }
  const StartUpRamp ramp = find_start_up_ramp(rates, rule);
  RunStartUpRamp result;
  result.found = ramp.found;
  result.p = ramp.p;
  if (ramp.found) {
    result.intervals = ramp.leading;
    result.seconds = static_cast<double>(ramp.leading) * series.interval_s;
    result.ratio = ramp.ratio;
  }
  return result;
}

}  // namespace clonebench

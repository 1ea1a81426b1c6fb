#include "record/start_up_ramp_check.hpp"

#include <vector>

#include "stats/start_up_ramp.hpp"

namespace clonebench {

std::size_t start_up_ramp_whole_intervals(const ThroughputSeries& series) {
  if (series.interval_s <= 0 || series.ops.empty()) {
    return 0;
  }
  // A partial last interval holds fewer ops for its length alone: it is not a low rate.
  const bool last_partial = series.last_interval_s < series.interval_s * 0.999;
  return series.ops.size() - (last_partial ? 1 : 0);
}

std::size_t start_up_ramp_min_intervals() {
  return RampRule{}.min_intervals;
}

std::optional<RunStartUpRamp> start_up_ramp_of(const ThroughputSeries& series) {
  const RampRule rule;
  const std::size_t whole = start_up_ramp_whole_intervals(series);
  if (whole < rule.min_intervals) {
    return std::nullopt;
  }
  const std::vector<double> rates(series.ops.begin(),
                                  series.ops.begin() + static_cast<std::ptrdiff_t>(whole));
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

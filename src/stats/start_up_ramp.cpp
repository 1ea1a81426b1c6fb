#include "stats/start_up_ramp.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "stats/descriptive.hpp"
#include "stats/normal_distribution.hpp"

namespace clonebench {
namespace {

// One leading segment of `leading` intervals against the rest: the mean ratio and the raw
// one-sided p-value of "the segment is lower". Under a steady series of independent normal
// intervals, (mean(rest) − mean(segment)) / (sd(rest)·√(1/j + 1/(n − j))) is Student t with
// n − j − 1 degrees of freedom: the rest's mean and spread are independent, and the segment's
// own spread is left out because a ramp inside it is not noise.
struct SegmentTest {
  double ratio = 1;
  double first_ratio = 1;  // the first interval's over the rest's mean
  double p = 1;
};

SegmentTest test_segment(std::span<const double> rates, std::size_t leading) {
  const std::span<const double> segment = rates.first(leading);
  const std::span<const double> rest = rates.subspan(leading);
  const double segment_mean = mean(segment);
  const double rest_mean = mean(rest);
  SegmentTest test;
  test.ratio = rest_mean > 0 ? segment_mean / rest_mean : 1.0;
  test.first_ratio = rest_mean > 0 ? rates.front() / rest_mean : 1.0;
  const double gap = rest_mean - segment_mean;
  if (gap <= 0) {
    return test;
  }
  const double spread = standard_deviation(rest);
  const double scale = spread * std::sqrt(1.0 / static_cast<double>(leading) +
                                          1.0 / static_cast<double>(rest.size()));
  if (scale == 0) {
    test.p = 0;  // a rest without noise: any gap is beyond it
    return test;
  }
  test.p = student_t_sf(gap / scale, static_cast<double>(rest.size() - 1));
  return test;
}

}  // namespace

StartUpRamp find_start_up_ramp(std::span<const double> rates, const RampRule& rule) {
  StartUpRamp best;
  const std::size_t n = rates.size();
  if (n < std::max<std::size_t>(rule.min_intervals, 3)) {
    return best;
  }
  // At most half the run: the rest stands for the steady state, so it is never the smaller part.
  const std::size_t tried = std::max<std::size_t>(1, std::min(rule.max_leading, n / 2));
  for (std::size_t leading = 1; leading <= tried; ++leading) {
    const SegmentTest test = test_segment(rates, leading);
    const double adjusted_p = std::min(1.0, test.p * static_cast<double>(tried));
    const bool counts = adjusted_p < rule.alpha && test.ratio <= 1.0 - rule.min_deficit &&
                        test.first_ratio <= 1.0 - rule.min_deficit;
    if (counts && (!best.found || adjusted_p < best.p)) {
      best = StartUpRamp{true, leading, test.ratio, adjusted_p};
    }
  }
  return best;
}

}  // namespace clonebench

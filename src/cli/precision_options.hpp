#pragma once
// `--precision P --max-time D` as `ab` and `sweep` read them: P a percentage written with its unit
// ("1%"), D a duration above 0 ("5m"), which defaults to the command's own bound when P is given
// and bounds a fixed plan on its own when P is not.

#include <optional>
#include <string>

namespace clonebench {

struct PrecisionOptions {
  std::optional<double> precision;  // relative half-width: 0.01 = ±1 %
  std::optional<double> max_time_s;
};

// Throws UsageError naming --precision or --max-time.
PrecisionOptions parse_precision_options(const std::string& precision, const std::string& max_time,
                                         const std::string& default_max_time);

}  // namespace clonebench

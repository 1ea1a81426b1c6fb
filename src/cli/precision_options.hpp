#pragma once
// `--precision P --max-time D` as `ab` and `sweep` read them: P a percentage written with its unit
// ("1%"), D a duration above 0 ("5m"), which defaults to the command's own bound when P is given.
//
// The rule every measuring command with a count of repetitions follows (ab's --pairs, sweep's
// --rounds; docs/usage.md, "How long an experiment runs"): a budget given is used. With
// --precision or --max-time, repetitions go on until the precision is reached or one more would
// end after the budget, and a count given is only a cap (default: a cap so high that the time
// bounds the experiment). Only with neither is the count a fixed plan (its own default when not
// given). count_default() is that choice.

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

// True when --precision or --max-time bounds the experiment, so that its count is a cap.
bool bounded_by_budget(const PrecisionOptions& options) noexcept;

// The count as typed when one was given; else `cap` when bounded_by_budget(), `fixed` otherwise.
std::string count_default(const PrecisionOptions& options, const std::string& given,
                          const std::string& fixed, const std::string& cap);

}  // namespace clonebench

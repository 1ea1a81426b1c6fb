#include "cli/precision_options.hpp"

#include <fmt/core.h>

#include "compare/gate.hpp"
#include "core/error.hpp"
#include "core/units.hpp"

namespace clonebench {

PrecisionOptions parse_precision_options(const std::string& precision, const std::string& max_time,
                                         const std::string& default_max_time) {
  PrecisionOptions options;
  if (!precision.empty()) {
    options.precision = parse_threshold(precision, "--precision");
    options.max_time_s =
        parse_duration_s(max_time.empty() ? default_max_time : max_time, "--max-time");
  } else if (!max_time.empty()) {
    options.max_time_s = parse_duration_s(max_time, "--max-time");
  }
  if (options.max_time_s && !(*options.max_time_s > 0)) {
    throw UsageError(fmt::format("--max-time {}: must be longer than 0", max_time));
  }
  return options;
}

bool bounded_by_budget(const PrecisionOptions& options) noexcept {
  return options.precision.has_value() || options.max_time_s.has_value();
}

std::string count_default(const PrecisionOptions& options, const std::string& given,
                          const std::string& fixed, const std::string& cap) {
  if (!given.empty()) {
    return given;
  }
  return bounded_by_budget(options) ? cap : fixed;
}

}  // namespace clonebench

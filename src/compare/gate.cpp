#include "compare/gate.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "compare/compare_json.hpp"
#include "compare/renderers.hpp"
#include "core/error.hpp"

namespace clonebench {

std::string render_report(const ComparisonResult& report, const std::string& format) {
  if (format == "table") {
    return render_compare_table(report);
  }
  if (format == "benchstat") {
    return render_compare_benchstat(report);
  }
  if (format == "markdown") {
    return render_compare_markdown(report);
  }
  if (format == "json") {
    return render_compare_json(report);
  }
  throw UsageError(fmt::format("--format {}: use table, benchstat, markdown or json", format));
}

bool format_shows_warnings(const std::string& format) noexcept {
  return format != "benchstat";
}

int gate_exit_code(const ComparisonResult& report, const std::vector<std::string>& fail_on) {
  auto wants = [&](const char* what) {
    return std::find(fail_on.begin(), fail_on.end(), what) != fail_on.end();
  };
  // Only the primary metrics decide (secondary rows are described, not tested), and a metric
  // whose direction nobody knows cannot be slower, only lower or higher.
  auto any = [&](Verdict verdict) {
    return std::any_of(report.metrics.begin(), report.metrics.end(),
                       [verdict](const MetricComparison& m) {
                         return is_primary(m) && m.effect.verdict == verdict &&
                                (m.direction_known || !is_regression(verdict));
                       });
  };
  if (wants("slower") && any(Verdict::kSlower)) {
    return kExitSlower;
  }
  if (wants("inconclusive") && any(Verdict::kInconclusive)) {
    return kExitInconclusive;
  }
  return kExitOk;
}

double parse_threshold(const std::string& text, const std::string& flag) {
  std::string number = text;
  number.erase(std::remove(number.begin(), number.end(), ' '), number.end());
  if (number.empty() || number.back() != '%') {
    // "1" could mean 1 % or a ratio of 1 (100 %): the unit is not guessed.
    throw UsageError(
        fmt::format("{} {}: write the unit, e.g. 1% (a bare number is not taken)", flag, text));
  }
  number.pop_back();
  double percent = 0;
  const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), percent);
  if (number.empty() || error != std::errc() || end != number.data() + number.size() ||
      !(percent > 0) || percent >= 100 || !std::isfinite(percent)) {
    throw UsageError(fmt::format("{} {}: expected a percentage in (0, 100), e.g. 1%", flag, text));
  }
  return percent / 100;
}

}  // namespace clonebench

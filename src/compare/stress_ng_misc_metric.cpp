#include "compare/stress_ng_misc_metric.hpp"

#include <cmath>

#include "core/text_safety.hpp"

namespace clonebench {

std::string misc_metric_name(std::string_view description) {
  std::string name = printable(description);
  for (char& c : name) {
    c = c == ' ' || c == '-' ? '_' : c;
  }
  return name;
}

void add_misc_metric(const std::optional<StressNgAccounting>& accounting,
                     std::map<std::string, double>& metrics) {
  if (!accounting || accounting->metric.empty()) {
    return;
  }
  // stress-ng prints 0 when no instance measured anything: no value, not a value of zero.
  const double value = accounting->metric_geometric_mean();
  if (value > 0 && std::isfinite(value)) {
    metrics[misc_metric_name(accounting->metric)] = value;
  }
}

}  // namespace clonebench

#include "kernels/measure.hpp"

namespace clonebench {

std::string_view measure_name(Measure measure) {
  return measure == Measure::kInstructions ? "instructions" : "time";
}

std::optional<Measure> parse_measure(std::string_view word) {
  if (word == "time") {
    return Measure::kTime;
  }
  if (word == "instructions") {
    return Measure::kInstructions;
  }
  return std::nullopt;
}

}  // namespace clonebench

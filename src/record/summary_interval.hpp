#pragma once
// An interval of a stored summary whose ends may be unbounded (stored as null): too few runs or
// pairs bound no end.

#include <optional>

namespace clonebench {

struct SummaryInterval {
  std::optional<double> lo, hi;
  bool bounded() const { return lo.has_value() && hi.has_value(); }
};

}  // namespace clonebench

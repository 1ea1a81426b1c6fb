#include "trace/what_if.hpp"

#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/units.hpp"

namespace clonebench {
namespace {

// "-3%" -> -0.03, "-0.03" -> -0.03; nullopt when it is not a number.
std::optional<double> parse_fraction(std::string text) {
  bool percent = false;
  if (!text.empty() && text.back() == '%') {
    percent = true;
    text.pop_back();
  }
  if (text.empty()) {
    return std::nullopt;
  }
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (used != text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return percent ? value / 100 : value;
}

}  // namespace

WhatIf parse_what_if(const std::string& text, const std::string& flag) {
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos) {
    throw UsageError(flag +
                     ": expected NAME=CHANGE, e.g. clone=-3% (NAME: clone, create, fork, "
                     "vfork, thread, exec, exit, kernel)");
  }
  WhatIf what_if;
  if (!parse_trace_component(text.substr(0, equals), what_if.component)) {
    throw UsageError(flag + ": unknown part '" + text.substr(0, equals) +
                     "' (clone, create, fork, vfork, thread, exec, exit, kernel)");
  }
  const std::optional<double> change = parse_fraction(text.substr(equals + 1));
  if (!change || *change <= -1 || *change > 10 || *change == 0) {
    throw UsageError(flag + ": the change must be a non-zero percentage above -100%, e.g. -3%");
  }
  what_if.change = *change;
  return what_if;
}

double parse_claimed_saving(const std::string& text, const std::string& flag) {
  const std::optional<double> claimed = parse_fraction(text);
  if (!claimed || *claimed <= 0 || *claimed >= 1) {
    throw UsageError(flag + ": the claimed saving must be a percentage in (0%, 100%), e.g. 3.6%");
  }
  return *claimed;
}

double amdahl_bound(double share, double change) noexcept {
  return share * change;
}

double share_needed(double claimed, double change) noexcept {
  if (change == 0) {
    return std::numeric_limits<double>::infinity();
  }
  return std::fabs(claimed / change);
}

WhatIfOutcome evaluate_what_if(const WhatIf& what_if, const std::vector<RunSummary>& runs,
                               std::optional<double> claimed_saving) {
  WhatIfOutcome outcome;
  outcome.what_if = what_if;
  std::vector<double> wall_shares, cpu_shares, wall_bounds, cpu_bounds;
  for (const RunSummary& run : runs) {
    for (const ComponentUse& use : run.components) {
      if (use.component == what_if.component) {
        wall_shares.push_back(use.wall_share);
        cpu_shares.push_back(use.cpu_share);
        wall_bounds.push_back(amdahl_bound(use.wall_share, what_if.change));
        cpu_bounds.push_back(amdahl_bound(use.cpu_share, what_if.change));
      }
    }
  }
  outcome.wall_share = spread_of(wall_shares);
  outcome.cpu_share = spread_of(cpu_shares);
  outcome.wall_bound = spread_of(wall_bounds);
  outcome.cpu_bound = spread_of(cpu_bounds);
  if (claimed_saving) {
    outcome.needed_share = share_needed(*claimed_saving, what_if.change);
    outcome.claim_possible_on_wall =
        what_if.change < 0 && *outcome.needed_share <= outcome.wall_share.high;
  }
  return outcome;
}

}  // namespace clonebench

#include "compare/verdict.hpp"

#include "record/instruction_metrics.hpp"

namespace clonebench {

std::string_view verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::kFaster:
      return "faster";
    case Verdict::kSlower:
      return "slower";
    case Verdict::kFasterSmall:
      return "faster-small";
    case Verdict::kSlowerSmall:
      return "slower-small";
    case Verdict::kEquivalent:
      return "equivalent";
    case Verdict::kInconclusive:
      return "inconclusive";
  }
  return "inconclusive";
}

std::string_view change_word(Verdict verdict) {
  switch (verdict) {
    case Verdict::kFaster:
      return "higher";
    case Verdict::kSlower:
      return "lower";
    case Verdict::kFasterSmall:
      return "higher-small";
    case Verdict::kSlowerSmall:
      return "lower-small";
    case Verdict::kEquivalent:
    case Verdict::kInconclusive:
      break;
  }
  return verdict_name(verdict);
}

bool counts_instructions(const MetricInfo& info) {
  return info.unit == kInstructionsUnit;
}

std::string_view verdict_word(Verdict verdict, const MetricInfo& info) {
  if (!counts_instructions(info)) {
    return verdict_name(verdict);
  }
  switch (verdict) {
    case Verdict::kFaster:
      return "fewer";
    case Verdict::kSlower:
      return "more";
    case Verdict::kFasterSmall:
      return "fewer-small";
    case Verdict::kSlowerSmall:
      return "more-small";
    case Verdict::kEquivalent:
    case Verdict::kInconclusive:
      break;
  }
  return verdict_name(verdict);
}

bool is_regression(Verdict verdict) {
  return verdict == Verdict::kSlower || verdict == Verdict::kSlowerSmall;
}

Verdict decide_verdict(const VerdictInput& input) {
  // Too few runs: the test cannot reject whatever the data, so nothing may be claimed, not even
  // equivalence (its interval is unbounded anyway).
  if (!input.enough_samples) {
    return Verdict::kInconclusive;
  }
  const double theta = input.threshold_pct;
  if (input.significant) {
    // Express the interval as "how much better B is" so both directions share one rule.
    const bool higher_better = input.direction == Direction::kHigherIsBetter;
    const double better_low = higher_better ? input.ci_low_pct : -input.ci_high_pct;
    const double better_high = higher_better ? input.ci_high_pct : -input.ci_low_pct;
    if (better_low > 0) {
      return better_low > theta ? Verdict::kFaster : Verdict::kFasterSmall;
    }
    if (better_high < 0) {
      return better_high < -theta ? Verdict::kSlower : Verdict::kSlowerSmall;
    }
  }
  if (input.ci90_low_pct > -theta && input.ci90_high_pct < theta) {
    return Verdict::kEquivalent;
  }
  return Verdict::kInconclusive;
}

}  // namespace clonebench

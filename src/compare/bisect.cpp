#include "compare/bisect.hpp"

#include <fmt/core.h>

#include <cstdio>

#include "core/error.hpp"
#include "core/text_safety.hpp"

namespace clonebench {

int bisect_code(Verdict verdict) {
  switch (verdict) {
    case Verdict::kSlower:
      return kBisectBad;
    case Verdict::kFaster:
    case Verdict::kFasterSmall:
    case Verdict::kEquivalent:
      return kBisectGood;
    case Verdict::kSlowerSmall:
    case Verdict::kInconclusive:
      return kBisectSkip;
  }
  return kBisectSkip;
}

int bisect_exit_code(const ComparisonResult& report) {
  int code = kBisectGood;
  bool any_primary = false;
  for (const MetricComparison& metric : report.metrics) {
    if (!is_primary(metric)) {
      continue;  // described, not tested (compare/comparison.hpp, MetricRole)
    }
    any_primary = true;
    // Higher or lower of a metric whose direction nobody knows is neither good nor bad.
    const Verdict verdict = metric.effect.verdict;
    const int metric_code = metric.direction_known || verdict == Verdict::kEquivalent
                                ? bisect_code(verdict)
                                : kBisectSkip;
    if (metric_code == kBisectBad) {
      return kBisectBad;
    }
    if (metric_code == kBisectSkip) {
      code = kBisectSkip;
    }
  }
  return any_primary ? code : kBisectSkip;
}

int run_for_bisect(const std::function<int()>& command) {
  try {
    return command();
  } catch (const UsageError&) {
    throw;
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& error) {
    fmt::print(stderr, "clonebench: error: {}\nclonebench: --bisect: exit {} (abort the bisect)\n",
               printable(error.what()), kBisectAbort);
    return kBisectAbort;
  }
}

}  // namespace clonebench

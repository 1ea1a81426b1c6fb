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
  for (const MetricComparison& metric : report.metrics) {
    const int metric_code = bisect_code(metric.effect.verdict);
    if (metric_code == kBisectBad) {
      return kBisectBad;
    }
    if (metric_code == kBisectSkip) {
      code = kBisectSkip;
    }
  }
  return report.metrics.empty() ? kBisectSkip : code;
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

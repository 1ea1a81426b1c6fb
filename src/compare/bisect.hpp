#pragma once
// `--bisect`: the verdict as the exit code `git bisect run` expects (docs/kernels.md,
// "Bisecting"): 0 good (not slower beyond the threshold), 1 bad (slower beyond it), 125 skip
// (this commit cannot be judged: inconclusive, a change that may or may not pass the threshold,
// a failed boot), 128 abort (clonebench itself failed; git bisect stops on codes ≥ 128).

#include <functional>

#include "compare/comparison.hpp"

namespace clonebench {

inline constexpr int kBisectGood = 0;
inline constexpr int kBisectBad = 1;
inline constexpr int kBisectSkip = 125;
inline constexpr int kBisectAbort = 128;

// One verdict: slower → bad; faster, faster-small, equivalent → good; slower-small and
// inconclusive (including one boot per side) → skip.
int bisect_code(Verdict verdict);

// The whole comparison, its primary metrics alone (compare/comparison.hpp, MetricRole): bad if
// any is bad, else skip if any is skip, else good; a metric of unknown direction that is higher
// or lower is skip.
int bisect_exit_code(const ComparisonResult& report);

// Runs a command under --bisect: a runtime failure would exit 1, which git bisect takes for
// "bad", so it is printed and turned into kBisectAbort. Bad input (UsageError, exit 2) and
// signals (Interrupted) pass through unchanged to main().
int run_for_bisect(const std::function<int()>& command);

}  // namespace clonebench

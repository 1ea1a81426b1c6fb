#pragma once
// What differs between the machines and settings of A and B, other than the kernel (which is
// usually the point of the comparison): a difference in CPU, governor, SMT, THP, HVO,
// mitigations or run options can explain a change on its own.

#include <cstddef>
#include <string>
#include <vector>

#include "compare/sample_set.hpp"

namespace clonebench {

// One line per difference, e.g. "governor: A performance, B powersave". Keys missing on either
// side are not compared (a number file knows nothing about its machine). Options that are a
// run's own random draw rather than a setting (the seed: by default random per run, and two
// seeds draw the same distribution of choices) and the command line as typed are not compared:
// they differ between any two runs of the same experiment.
std::vector<std::string> environment_differences(const SampleSet& a, const SampleSet& b);

// One line per option whose runs of one stressor within one side take several values, e.g.
// "A pools clone runs with different timeout_s: 2 (5 runs), 5 (1 run)": the median of such a
// side mixes two experiments. `side` names it ("A", "B").
std::vector<std::string> pooled_option_mixes(const SampleSet& set, const std::string& side);

// How many runs of a side were measured while the stability check failed (their environment's
// "stability_warnings", stored with each run since it was recorded), and the problems of the
// first such run.
struct NoisyRuns {
  std::size_t noisy = 0;
  std::size_t runs = 0;
  std::vector<std::string> first_problems;
};
NoisyRuns noisy_runs(const SampleSet& set);

// "A: noisy machine during 3 of 5 runs: <the problems of the first>" for noisy_runs() of a side
// (`side` names it); "" when no run was noisy.
std::string noisy_runs_text(const NoisyRuns& noisy, const std::string& side);
std::string noisy_runs_warning(const SampleSet& set, const std::string& side);

// "A: 12 of 12 runs were measured in an emulated guest ..." when runs of the side come from a
// `kernels` guest under TCG (their environment's "virtualization.emulated"): a comparison of
// such runs, by label or in a report, must say that its timings are an emulator's; "" otherwise.
std::string emulated_runs_warning(const SampleSet& set, const std::string& side);

// What `compare` and the reports warn about before their numbers: every difference above as
// "A and B differ in more than the kernel: ...", then each side's pooled mixes, noisy runs and
// emulated runs.
std::vector<std::string> comparison_warnings(const SampleSet& a, const SampleSet& b);

}  // namespace clonebench

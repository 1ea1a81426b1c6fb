#include "compare/profile_mix.hpp"

#include <fmt/core.h>

namespace clonebench {
namespace {

struct Tally {
  std::size_t profiled = 0, unprofiled = 0;
};

Tally tally(const SampleSet& set) {
  Tally counts;
  for (const RunObservation& run : set.runs) {
    if (run.profiled) {
      ++(*run.profiled ? counts.profiled : counts.unprofiled);
    }
  }
  return counts;
}

}  // namespace

std::string profiled_mix(const SampleSet& a, const SampleSet& b) {
  const Tally in_a = tally(a);
  const Tally in_b = tally(b);
  const std::size_t profiled = in_a.profiled + in_b.profiled;
  const std::size_t unprofiled = in_a.unprofiled + in_b.unprofiled;
  if (profiled == 0 || unprofiled == 0) {
    return "";
  }
  return fmt::format(
      "A has {} profiled and {} unprofiled runs, B {} and {}: sampling with --profile slows a "
      "run, so profiled and unprofiled runs do not compare",
      in_a.profiled, in_a.unprofiled, in_b.profiled, in_b.unprofiled);
}

}  // namespace clonebench

#pragma once
// A profiled run was sampled by perf over its whole window, which costs CPU time and cache: it is
// not comparable with an unprofiled one. `compare` refuses the mix unless asked.

#include <string>

#include "compare/sample_set.hpp"

namespace clonebench {

// "" when the runs of A and B whose status is known are all profiled or all unprofiled;
// otherwise one sentence saying how many of each side were profiled.
std::string profiled_mix(const SampleSet& a, const SampleSet& b);

}  // namespace clonebench

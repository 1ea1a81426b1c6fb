#pragma once
// What differs between the machines and settings of A and B, other than the kernel (which is
// usually the point of the comparison): a difference in CPU, governor, SMT, THP, HVO,
// mitigations or run options can explain a change on its own.

#include <string>
#include <vector>

#include "compare/sample_set.hpp"

namespace clonebench {

// One line per difference, e.g. "governor: A performance, B powersave". Keys missing on either
// side are not compared (a number file knows nothing about its machine).
std::vector<std::string> environment_differences(const SampleSet& a, const SampleSet& b);

}  // namespace clonebench

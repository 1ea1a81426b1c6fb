#pragma once
// One profile for several runs (the arms of `ab`, the sizes of `sweep`): counts added up. The
// merged symbol list adds up each run's stored top symbols (kStoredTopSymbols), so a symbol just
// below one run's cut-off is slightly under-counted; the path groups are exact.

#include <vector>

#include "core/kernel_profile.hpp"

namespace clonebench {

// Event and frequency of the first profile; windows add up. Empty input: an empty profile.
KernelProfile merge_profiles(const std::vector<const KernelProfile*>& profiles);

}  // namespace clonebench

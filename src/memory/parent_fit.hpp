#pragma once
// The driver's check, before any process is started, that the parent the user asked for fits.

#include <cstdint>

#include "record/parent.hpp"

namespace clonebench {

// Refuses a shape that does not fit in MemAvailable with a margin (`instances` regions at once),
// or a hugetlb shape with too few free huge pages. Throws UsageError naming --rss or --rss-kind.
void check_parent_fits(const ParentShape& shape, std::uint32_t instances);

}  // namespace clonebench

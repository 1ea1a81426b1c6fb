#pragma once
// A stored run counts once. Run ids repeated in a selection ("1,1,1,1") would be taken as
// independent samples of the same run, which they are not: a rank test over eight copies of one
// number reports "p < 0.001" about nothing. Every command that takes run ids (compare, report,
// export) refuses a repeated one with exit 2 instead of quietly dropping it, so that what is
// analysed is always what was typed.

#include <cstdint>
#include <string_view>
#include <vector>

namespace clonebench {

// Throws UsageError, starting with `where` ("A", "report", "export"), naming the first run id
// that appears more than once in `ids` and how often. Ids of 0 (runs read from files, which
// have none) are not compared.
void require_distinct_runs(const std::vector<std::int64_t>& ids, std::string_view where);

// Throws UsageError naming the first run id that is in both `a` and `b` (ids of 0 aside): a run
// cannot be compared with itself.
void require_disjoint_sides(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b);

}  // namespace clonebench

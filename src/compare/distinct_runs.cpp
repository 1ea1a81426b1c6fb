#include "compare/distinct_runs.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/error.hpp"

namespace clonebench {

void require_distinct_runs(const std::vector<std::int64_t>& ids, std::string_view where) {
  std::map<std::int64_t, std::size_t> times;
  for (const std::int64_t id : ids) {
    if (id != 0) {
      ++times[id];
    }
  }
  for (const std::int64_t id : ids) {
    if (id != 0 && times[id] > 1) {
      throw UsageError(
          fmt::format("{}: run {} is selected {} times; select each run once (a repeat is the same "
                      "measurement again, not another sample)",
                      where, id, times[id]));
    }
  }
}

void require_disjoint_sides(const std::vector<std::int64_t>& a,
                            const std::vector<std::int64_t>& b) {
  const std::set<std::int64_t> in_a(a.begin(), a.end());
  for (const std::int64_t id : b) {
    if (id != 0 && in_a.count(id) != 0) {
      throw UsageError(
          fmt::format("run {} is in both A and B: a run cannot be compared with itself", id));
    }
  }
}

}  // namespace clonebench

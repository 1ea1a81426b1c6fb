#pragma once
// `clonebench push` and `pull`: copying runs from one store to another, each run with its
// experiment row in one transaction of the receiving store, keyed by the run's uid, so a copy
// repeated, interrupted and repeated, or racing another copy of the same runs, stores every run
// exactly once.

#include <cstdint>
#include <vector>

#include "store/store.hpp"

namespace clonebench {

struct TransferCount {
  std::size_t stored = 0;   // runs new to the receiving store
  std::size_t present = 0;  // runs it had already (by uid)
};

// Copies the runs `ids` of `from` (all of them when empty) to `to`, oldest first. Throws
// UsageError when an id is not in `from`; a failure part-way leaves every run copied so far.
TransferCount transfer_runs(const Store& from, Store& to, const std::vector<std::int64_t>& ids);

}  // namespace clonebench

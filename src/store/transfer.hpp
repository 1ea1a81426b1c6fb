#pragma once
// `clonebench push` and `pull`: copying runs from one store to another, each run with its
// experiment row in one transaction of the receiving store, keyed by the run's uid, so a copy
// repeated, interrupted and repeated, or racing another copy of the same runs, stores every run
// exactly once. A store is written by whoever can write to it: each run is checked before it is
// copied, and one that fails is refused, named, and the copy goes on.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "store/store.hpp"

namespace clonebench {

struct TransferCount {
  std::size_t stored = 0;            // runs new to the receiving store
  std::size_t present = 0;           // runs it had already (by uid)
  std::vector<std::string> refused;  // one line per run not copied: which, and what is wrong
};

// Checks a run (and its experiment) read from another store as local input is checked; throws
// UsageError naming the field and what is wrong with it.
using TransferCheck = std::function<void(const StoredRun&, const std::optional<Experiment>&)>;

// Copies the runs `ids` of `from` (all of them when empty) to `to`, oldest first. A run that
// cannot be read back as a run (a negative count, malformed JSON, a malformed experiment
// summary), that fails check_stored_run() or `check`, is refused: named in the count, not
// copied. Throws UsageError when an id is not in `from`; a failure of either store part-way
// says how many runs were copied before it, and leaves them.
TransferCount transfer_runs(const Store& from, Store& to, const std::vector<std::int64_t>& ids,
                            const TransferCheck& check = {});

// The checks of a run that need nothing but the store's own rules: its texts are clean (they
// reach terminals and reports), its label one that --label accepts (with the ":a", ":b",
// ":off", ":on" or ":control" that ab and kernels add), its uid and machine hash hex, its start
// time ISO-8601 UTC, its times finite and not negative, its environment one that decodes.
// Throws UsageError naming the field.
void check_stored_run(const StoredRun& run);

}  // namespace clonebench

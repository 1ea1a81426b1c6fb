#pragma once
// `clonebench ab --preset hvo-key [SPEC]`: the HVO static key switched on and off at run time
// (docs/ab.md, "The HVO static key experiment"). Each round runs, in a shuffled order, the three
// machine states of ab/hvo_key_switch.hpp (key off, key on, control) at two sizes of the parent
// (SPEC's --rss and a quarter of it); the state is checked before and after every run and a run
// in the wrong state is discarded and counted; a round missing one is not analysed. Everything
// is restored at the end, on an error, an interrupt, or (by the guardian) a SIGKILL.

#include <cstdint>
#include <string>

#include "ab/ab_experiment.hpp"
#include "ab/ab_stopping.hpp"
#include "compare/comparison.hpp"
#include "experiment/experiment_session.hpp"
#include "machine/hugetlb_pool.hpp"
#include "memory/machine_settings_lock.hpp"
#include "record/job.hpp"

namespace clonebench {

inline constexpr const char* kHvoKeyDefaultSpec = "fork --rss 64M";

struct HvoKeyPlan {
  StressorJob small, large;  // SPEC with --rss / 4, and as given
  std::size_t warmups = 0;   // warm-up rounds (discarded)
  AbStopRule stop;           // pairs = rounds; the precision applies to both comparisons
  std::uint64_t seed = 0;
  CompareOptions options;
  std::string spec;
  HugetlbRoots roots;
  MachineSettingsLockOptions settings_lock;  // the pools and the sysctl are changed under it
};

// Refuses (UsageError, exit 2) when not root, without HVO, or when the pages cannot be had;
// waits for the machine-settings lock (Busy, exit 75, past --lock-wait); otherwise runs and
// returns the exit code (0). Throws Interrupted after restoring.
int run_hvo_key_experiment(const HvoKeyPlan& plan, const StorageOptions& storage,
                           const AbOutputs& outputs);

}  // namespace clonebench

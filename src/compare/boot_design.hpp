#pragma once
// What the boots of a comparison allow (docs/statistics.md, "Boots are the units"): every run
// is measured inside one boot of its kernel, and what differs between boots (physical page
// layout, KASLR, where a VM landed) moves all runs of a boot together. The types here say, per
// metric, at which level the change was estimated and why; boot_analysis.hpp decides.

#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>

#include "compare/verdict.hpp"

namespace clonebench {

enum class BootDesign {
  kSameBoot,        // A and B ran in one and the same boot: a boot effect cancels, runs are units
  kBootLevel,       // ≥ 2 boots on each side: one summary per boot, boots are the units
  kOneBootPerSide,  // a side has a single boot and the sides' boots differ: runs cannot tell a
                    // kernel effect from a boot effect, so the verdict is at most inconclusive
};

// The spread of one side's log values at the two levels (Kalibera & Jones' random effects).
struct BootSpread {
  std::size_t boots = 0;
  std::size_t runs = 0;
  // Pooled SD of a run's log value around the mean of its boot; NaN when no boot has 2 runs.
  double within_sd_log = std::numeric_limits<double>::quiet_NaN();
  // SD of the boots' own means, S² of the boot means less within²/(runs per boot), floored at
  // 0; NaN with fewer than 2 boots.
  double between_sd_log = std::numeric_limits<double>::quiet_NaN();
  // The boot means vary no more than the within-boot noise explains (the estimate above was
  // floored at 0): the between-boot spread is not measurable, which is not "0 %".
  bool between_within_noise = false;
};

// A between-boot spread measured elsewhere: a stored label of the same host and stressor that
// was measured across ≥ 2 boots.
struct KnownBootSpread {
  double between_sd_log = 0;
  double within_sd_log = 0;
  std::string source;  // "label 6.1.0-53-cloud-amd64 on host1 (4 boots)"
};

struct BootAnalysis {
  BootDesign design = BootDesign::kSameBoot;
  BootSpread a, b;
  // One boot per side only: the verdict the runs alone give, and whether the user asked for it
  // (--assume-no-boot-effect) instead of the capped "inconclusive (one boot per side)".
  Verdict run_level_verdict = Verdict::kInconclusive;
  bool assumed_no_boot_effect = false;
  // Boots per side that would resolve ±threshold (nullopt: no between-boot spread is known),
  // and where the spread behind it came from.
  std::optional<std::size_t> boots_needed;
  std::string spread_source;
};

}  // namespace clonebench

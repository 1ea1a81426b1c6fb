#pragma once
// Which of a sweep's two fits its figures are quoted from (docs/sweep.md, "Which fit to quote"):
// the Theil–Sen line over pages (sweep_analysis) and the cost model over every axis
// (cost_model_fit) estimate the same per-page and fixed costs when only the size varies, and then
// the line leads (a distribution-free interval, no bootstrap; what `report` shows first); when
// the sweep also varied the VMA count or the folio size, the line over pages pools those axes and
// the cost model, which holds them apart, leads. The other fit is shown as a labelled
// cross-check, never beside the headline as an equal.

#include "record/sweep_summary.hpp"

namespace clonebench {

enum class SweepHeadline {
  kLineFit,    // the Theil–Sen line of each phase
  kCostModel,  // the cost model's coefficients of each phase
};

// True when the sweep varied more than the size: --vmas or --folio with two values or more.
bool sweep_has_other_axes(const SweepSummary& summary);

// The cost model when the sweep has other axes and the model was fitted; the line otherwise.
SweepHeadline sweep_headline(const SweepSummary& summary);

}  // namespace clonebench

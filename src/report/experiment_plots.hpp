#pragma once
// The plots of each experiment kind, from its typed summary (record/experiment.hpp):
// an ab's pair differences, a sweep's fits and cost-model panels, a scale's curves, a kernels
// experiment's boots.

#include <string>
#include <vector>

#include "compare/comparison.hpp"
#include "record/experiment.hpp"
#include "report/kernels_report.hpp"
#include "report/report_facts.hpp"

namespace clonebench {

class ScriptBuilder;

// An ab arm as its legend entry names it: by what differs between the arms, "A: --rss 0",
// "B: --rss 64M" (the arm's options, and its setup command when the setups differ), shortened.
std::string ab_arm_name(const AbSummary& summary, bool arm_b);
// The change of ops/s per pair with the estimate, its CI band and the ± threshold.
void ab_plot(ScriptBuilder& b, const AbSummary& summary, const std::vector<LabelGroup>& groups);
// One plot per fit: the runs, the Theil–Sen line and its CI band against pages.
void sweep_plots(ScriptBuilder& b, const SweepSummary& summary);
// A multi-axis sweep's cost model: one panel per axis it varied (sweep_model_report.hpp).
void sweep_model_plots(ScriptBuilder& b, const SweepSummary& summary);
// Per-boot medians as dots per kernel (or label), each side's median of its boots, and the
// boot-level 95 % CI of the change when boots are the units (issue: boots as the units).
void boot_dot_plot(ScriptBuilder& b, const std::vector<KernelsBootRow>& rows,
                   const ComparisonResult& comparison);
// ops/s and efficiency against the instance count, with the 95 % CIs of the medians.
void scale_plots(ScriptBuilder& b, const ScaleSummary& summary);

}  // namespace clonebench

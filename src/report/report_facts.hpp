#pragma once
// The facts every report format shows, derived in one place so that markdown and SRU text say
// the same thing: runs grouped by label, the command that produced a run, the environment lines
// that matter, and the comparison of the first and last label.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "compare/comparison.hpp"
#include "record/ab_summary.hpp"
#include "record/environment.hpp"
#include "record/scale_summary.hpp"
#include "record/sweep_summary.hpp"
#include "record/workload.hpp"
#include "store/store.hpp"

namespace clonebench {

struct LabelGroup {
  std::string label;
  std::vector<const StoredRun*> runs;  // in the order selected
};

// Groups in the order each label first appears.
std::vector<LabelGroup> group_by_label(const std::vector<StoredRun>& runs);

// A shell word: quoted when it holds anything but letters, digits and -_./:=,+%.
std::string quoted(const std::string& word);
// A size as the CLI takes it: "64M", "1G", "4096".
std::string cli_size(std::uint64_t bytes);

// A p-value for a column headed p: "0.016", "< 0.001".
std::string p_column(double p);

// The command line `run` was measured with, as typed (each word printable and shell-quoted);
// nullopt when the run did not store one (an experiment's run, or a run stored before command
// lines were). A report never rebuilds one: a command nobody typed could differ from what was
// measured in a setting the options do not record.
std::optional<std::string> typed_command(const StoredRun& run);
// The `clonebench ab` command line of a stored ab summary (its "ab" design object).
std::string ab_command(const AbSummary& summary);
// The `clonebench sweep` command line of a stored sweep summary.
std::string sweep_command(const SweepSummary& summary);

// The `clonebench scale` command line of a scale; the stress-ng options, which the summary does
// not hold, are those its runs were measured with (scale_run_options()).
std::string scale_command(const ScaleSummary& summary, const StressNgOptions& run_options);
// The stress-ng options stored with the first of a scale's runs; the defaults when it has none.
StressNgOptions scale_run_options(const std::vector<StoredRun>& runs);

// A scale estimate's interval formatted by `format` (two arguments: lo, hi); "n/a (too few
// runs)" when the rounds were too few for one.
std::string scale_ci_text(const ScaleSummaryEstimate& estimate, const char* format);

// (name, value) lines of what can change a process-creation cost: kernel, CPU, governor, SMT,
// THP, HVO and each mitigation. A missing value reads "n/a".
std::vector<std::pair<std::string, std::string>> environment_lines(const Environment& environment);

// The unpaired comparison of ops_per_sec_real between the first and the last label (per
// stressor when there are several), as `compare FIRST LAST [--assume-no-boot-effect]` would
// print it.
ComparisonResult compare_first_and_last(const std::vector<LabelGroup>& groups,
                                        bool assume_no_boot_effect);

// "LABEL: noisy machine during 3 of 5 runs: ..." for each group with runs measured while the
// stability check failed (compare/environment_diff.hpp).
std::vector<std::string> noisy_run_lines(const std::vector<LabelGroup>& groups);

// The run groups of the labels' runs (record/run_group.hpp: the stressor and the settings that
// change the work), in the order each first appears. Rates of different groups are never
// pooled: a suite run holds every stressor, and a label may hold runs of several --rss values or
// instance counts.
std::vector<std::string> run_groups_of(const std::vector<LabelGroup>& groups);

}  // namespace clonebench

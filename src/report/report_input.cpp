#include "report/report_input.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <iterator>
#include <string_view>

#include "compare/distinct_runs.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "record/instruction_metrics.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

std::vector<StoredRun> runs_of_ids(const Store& store, std::string_view list) {
  std::vector<StoredRun> runs;
  for (const std::int64_t id : parse_run_ids(list)) {
    std::optional<StoredRun> run = store.load(id);
    if (!run) {
      throw UsageError(fmt::format("report: run {} is not in {}", id, store.path()));
    }
    runs.push_back(std::move(*run));
  }
  return runs;
}

// A kind's word selects the newest complete experiment of that kind; any other word an
// experiment by its tag.
std::optional<Experiment> experiment_named(const Store& store, const std::string& word) {
  if (const std::optional<ExperimentKind> kind = experiment_kind_named(word)) {
    std::optional<Experiment> latest = store.latest_experiment(*kind);
    if (!latest) {
      throw UsageError(
          fmt::format("report: no complete {} experiment is stored in {}", word, store.path()));
    }
    return latest;
  }
  return store.load_experiment_summary(word);
}

// An experiment stopped before its analysis holds none: an ab, sweep, scale or kernels report
// shows its runs beside the empty analysis, as the analysis of no pair, point or boot; a
// census or an HVO key experiment has nothing to show without its own.
void require_summary(Experiment& experiment) {
  if (experiment.summary) {
    return;
  }
  if (experiment.kind == ExperimentKind::kTrace || experiment.kind == ExperimentKind::kHvoKey) {
    throw UsageError(
        fmt::format("report: experiment '{}' holds no {} ({}: it stopped before "
                    "its analysis)",
                    printable(experiment.tag),
                    experiment.kind == ExperimentKind::kTrace ? "census" : "analysis",
                    printable(experiment.status)));
  }
  experiment.summary = empty_summary(experiment.kind);
}

// "3, 4 and 7" (the first five, then "and N more").
std::string id_list(const std::vector<std::int64_t>& ids) {
  std::string text;
  const std::size_t shown = std::min<std::size_t>(ids.size(), 5);
  for (std::size_t i = 0; i < shown; ++i) {
    text += (i == 0 ? "" : i + 1 == ids.size() ? " and " : ", ") + std::to_string(ids[i]);
  }
  return ids.size() > shown ? text + fmt::format(" and {} more", ids.size() - shown) : text;
}

// A report shows one quantity: ops/s and µs, or guest instructions per operation. A selection
// that mixes timed runs with runs a guest counted in instructions (kernels --measure
// instructions) is refused; shown in the first run's quantity, the others' cells were "–".
void require_one_quantity(const std::vector<StoredRun>& runs) {
  std::vector<std::int64_t> counted, timed;
  for (const StoredRun& run : runs) {
    (measured_in_instructions(run.environment) ? counted : timed).push_back(run.record.id);
  }
  if (counted.empty() || timed.empty()) {
    return;
  }
  throw UsageError(fmt::format(
      "report: run{} {} counted guest instructions (kernels --measure instructions) and run{} {} "
      "timed: a report shows one of the two quantities; select the runs of one by their ids",
      counted.size() == 1 ? "" : "s", id_list(counted), timed.size() == 1 ? "" : "s",
      id_list(timed)));
}

}  // namespace

ReportInput select_report_input(const Store& store, const std::vector<std::string>& selection) {
  if (selection.empty()) {
    throw UsageError("report: SELECTION is required: run ids, labels, or an experiment");
  }
  ReportInput input;
  input.selection = selection;
  for (const std::string& word : selection) {
    if (is_run_id_list(word)) {
      std::vector<StoredRun> runs = runs_of_ids(store, word);
      std::move(runs.begin(), runs.end(), std::back_inserter(input.runs));
    } else if (std::optional<Experiment> experiment = experiment_named(store, word)) {
      if (selection.size() != 1) {
        throw UsageError(fmt::format(
            "report: experiment '{}' must be the only SELECTION (report runs or one experiment)",
            printable(word)));
      }
      require_summary(*experiment);
      input.runs = store.load_experiment(experiment->tag);
      input.experiment = std::move(experiment);
    } else {
      std::vector<StoredRun> runs = store.load_label(word);
      if (runs.empty()) {
        throw UsageError(
            fmt::format("report: '{}' is neither a run id, a label nor an experiment in {}",
                        printable(word), store.path()));
      }
      std::move(runs.begin(), runs.end(), std::back_inserter(input.runs));
    }
  }
  std::vector<std::int64_t> ids;
  for (const StoredRun& run : input.runs) {
    ids.push_back(run.record.id);
  }
  require_distinct_runs(ids, "report");
  require_one_quantity(input.runs);
  return input;
}

}  // namespace clonebench

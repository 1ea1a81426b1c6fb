#include "report/report_input.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <iterator>
#include <string_view>

#include "compare/distinct_runs.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
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

std::optional<Experiment> experiment_named(const Store& store, const std::string& word) {
  if (word == "ab" || word == "sweep" || word == "scale" || word == "trace" || word == "kernels") {
    std::optional<Experiment> latest = store.latest_experiment(word);
    if (!latest) {
      throw UsageError(
          fmt::format("report: no complete {} experiment is stored in {}", word, store.path()));
    }
    return latest;
  }
  return store.load_experiment_summary(word);
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
      if (experiment->kind != "ab" && experiment->kind != "sweep" && experiment->kind != "scale" &&
          experiment->kind != "trace" && experiment->kind != "kernels") {
        throw UsageError(fmt::format("report: experiment '{}' is a {}, which report cannot show",
                                     printable(word), printable(experiment->kind)));
      }
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
  return input;
}

}  // namespace clonebench

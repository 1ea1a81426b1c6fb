#include "store/transfer.hpp"

#include <fmt/core.h>

#include "core/error.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

// The text of a run from another store is checked as --label checks what is typed: it will be
// shown in terminals and reports of this one. (Its experiment's summary is checked by
// load_experiment_row.)
void check_transferred_text(const StoredRun& run, const Store& from) {
  const std::string where = fmt::format("run {} in {}", run.record.id, from.path());
  require_clean_text(run.record.label, where + ": label");
  require_clean_text(run.record.result.stressor, where + ": stressor");
  require_clean_text(run.record.experiment, where + ": experiment tag");
  require_clean_text(run.origin.hostname, where + ": host name");
}

}  // namespace

TransferCount transfer_runs(const Store& from, Store& to, const std::vector<std::int64_t>& ids) {
  const std::vector<std::int64_t> chosen = ids.empty() ? from.run_ids() : ids;
  TransferCount count;
  for (const std::int64_t id : chosen) {
    const std::optional<StoredRun> run = from.load(id);
    if (!run) {
      throw UsageError(fmt::format("run {} is not in {}", id, from.path()));
    }
    check_transferred_text(*run, from);
    std::optional<StoredExperiment> experiment;
    if (!run->record.experiment.empty()) {
      experiment = from.load_experiment_row(run->record.experiment);
    }
    if (to.import_run(*run, experiment)) {
      ++count.stored;
    } else {
      ++count.present;
    }
  }
  return count;
}

}  // namespace clonebench

#include "store/transfer.hpp"

#include <fmt/core.h>

#include "core/error.hpp"

namespace clonebench {

TransferCount transfer_runs(const Store& from, Store& to, const std::vector<std::int64_t>& ids) {
  const std::vector<std::int64_t> chosen = ids.empty() ? from.run_ids() : ids;
  TransferCount count;
  for (const std::int64_t id : chosen) {
    const std::optional<StoredRun> run = from.load(id);
    if (!run) {
      throw UsageError(fmt::format("run {} is not in {}", id, from.path()));
    }
    std::optional<Experiment> experiment;
    if (!run->record.experiment.empty()) {
      experiment = from.load_experiment_summary(run->record.experiment);
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

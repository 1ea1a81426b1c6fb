// Store: the facade commands use. It opens one backend (store/open_backend.hpp) and forwards each
// call to it, with the checks that hold for every backend (experiment tags, the origin of a new
// run, the stored summary's schema); it never asks which backend it holds.
#include "store/store.hpp"

#include <fmt/core.h>

#include <string>
#include <utility>

#include "core/text_safety.hpp"
#include "record/environment_json.hpp"
#include "record/experiment_summary.hpp"
#include "record/run_options_json.hpp"
#include "store/argument_redaction.hpp"
#include "store/backend.hpp"
#include "store/experiment_owner.hpp"
#include "store/open_backend.hpp"
#include "store/store_location.hpp"

namespace clonebench {
namespace {

// "running" for an experiment whose process is gone reads as what it is: "interrupted".
std::string settled_status(const std::string& status, const std::string& owner) {
  return status == "running" && owner_is_gone(owner) ? "interrupted" : status;
}

// What a store keeps and shows of a run: its options with every location redacted (through
// their stored form, so that every string of them is, whatever the workload).
RunRecord& redacted_run(RunRecord& record) {
  nlohmann::json options = run_options_to_json(record.result.options);
  redact_strings(options);
  record.result.options = run_options_from_json(options);
  return record;
}

std::vector<StoredRun> redacted_runs(std::vector<StoredRun> runs) {
  for (StoredRun& run : runs) {
    redacted_run(run.record);
  }
  return runs;
}

// A stored summary is untrusted (another host's, through `pull`, or anyone's who can write the
// database): its texts are redacted (a summary stored before they were) and it is decoded into
// its kind's typed summary; a malformed one is a UsageError naming the experiment before any
// reader sees it.
Experiment decoded(const std::string& path, const StoredExperiment& row) {
  const std::optional<ExperimentKind> kind = experiment_kind_named(row.kind);
  if (!kind) {
    throw UsageError(
        fmt::format("{}: experiment '{}' is of kind '{}', which this version does not "
                    "know ({})",
                    path, printable(row.tag), printable(row.kind), experiment_kind_choices()));
  }
  Experiment experiment{row.tag, *kind, row.created_at, settled_status(row.status, row.owner),
                        std::nullopt};
  nlohmann::json summary = row.summary;
  redact_strings(summary);
  try {
    experiment.summary = experiment_summary_from_json(*kind, summary);
  } catch (const SummaryError& error) {
    throw UsageError(fmt::format("{}: experiment '{}' has a malformed {} summary: {}", path,
                                 printable(row.tag), printable(row.kind), error.what()));
  }
  return experiment;
}

std::optional<Experiment> decoded(const std::string& path,
                                  const std::optional<StoredExperiment>& row) {
  return row ? std::optional<Experiment>(decoded(path, *row)) : std::nullopt;
}

}  // namespace

template <typename Function>
auto Store::with_backend(Function&& function) const {
  try {
    return function(*backend_);
  } catch (...) {
    backend_->rethrow_named(path_);
    throw;  // not reached: rethrow_named always throws
  }
}

Store::Store(const std::string& path, Access access) {
  if (path.empty()) {
    throw UsageError("--db: empty database path");
  }
  const StoreLocation location = StoreLocation::parse(path);
  path_ = location.shown();
  backend_ = open_backend(location, access != Access::kReadWrite, access == Access::kGlance);
}

Store::~Store() = default;

bool Store::connection_can_drop() const noexcept {
  return backend_->connection_can_drop();
}

RunOrigin Store::new_origin() {
  if (!host_) {
    host_ = local_host_identity();
  }
  return {new_run_uid(), host_->hostname, host_->machine_hash};
}

std::int64_t Store::save(RunRecord& record, const Environment& environment) {
  const RunOrigin origin = new_origin();
  redacted_run(record);
  const nlohmann::json stored_environment = environment_to_json(environment);
  record.id = with_backend(
      [&](StoreBackend& backend) { return backend.save(record, stored_environment, origin); });
  return record.id;
}

void Store::save_experiment(const StoredExperiment& experiment, std::vector<RunRecord>& runs,
                            const Environment& environment) {
  if (experiment.tag.empty()) {
    throw RuntimeError("save_experiment: empty experiment tag");
  }
  std::vector<RunOrigin> origins;
  std::vector<RunRecord> kept = runs;
  for (RunRecord& run : kept) {
    origins.push_back(new_origin());
    redacted_run(run);
  }
  StoredExperiment redacted = experiment;
  redact_strings(redacted.summary);
  const std::vector<std::int64_t> ids = with_backend([&](StoreBackend& backend) {
    return backend.save_experiment(redacted, kept, environment_to_json(environment), origins);
  });
  // Only after the commit: a failed save leaves the caller's records untouched.
  for (std::size_t i = 0; i < runs.size(); ++i) {
    runs[i].id = ids[i];
    runs[i].experiment = experiment.tag;
    runs[i].result.options = kept[i].result.options;
  }
}

void Store::begin_experiment(const std::string& tag, ExperimentKind kind,
                             const std::string& created_at) {
  if (tag.empty()) {
    throw RuntimeError("begin_experiment: empty experiment tag");
  }
  const StoredExperiment running{tag,        std::string(experiment_kind_name(kind)),
                                 created_at, nlohmann::json::object(),
                                 "running",  this_process_owner()};
  with_backend([&](StoreBackend& backend) { backend.insert_experiment(running); });
}

void Store::finish_experiment(const std::string& tag, const nlohmann::json& summary,
                              const std::string& status) {
  nlohmann::json redacted = summary;
  redact_strings(redacted);
  with_backend([&](StoreBackend& backend) { backend.finish_experiment(tag, redacted, status); });
}

std::optional<Experiment> Store::load_experiment_summary(const std::string& tag) const {
  return decoded(path_, load_row(tag));
}

std::optional<Experiment> Store::latest_experiment(ExperimentKind kind) const {
  return decoded(
      path_, with_backend([&](StoreBackend& backend) {
        return backend.latest_complete_experiment(std::string(experiment_kind_name(kind)));
      }));
}

std::vector<ListedExperiment> Store::experiments(std::size_t limit) const {
  std::vector<ListedExperiment> listed;
  for (const ListedExperimentRow& row :
       with_backend([&](StoreBackend& backend) { return backend.experiments(limit); })) {
    const StoredExperiment& stored = row.experiment;
    ListedExperiment entry{stored.tag,
                           stored.kind,
                           stored.created_at,
                           settled_status(stored.status, stored.owner),
                           row.runs,
                           std::nullopt,
                           {}};
    try {
      entry.experiment = decoded(path_, stored);
    } catch (const UsageError& error) {
      entry.unreadable = error.what();  // one bad row does not hide the others
    }
    listed.push_back(std::move(entry));
  }
  return listed;
}

std::optional<StoredExperiment> Store::load_experiment_row(const std::string& tag) const {
  std::optional<StoredExperiment> row = load_row(tag);
  if (row) {
    decoded(path_, *row);
  }
  return row;
}

std::optional<StoredExperiment> Store::load_row(const std::string& tag) const {
  return with_backend([&](StoreBackend& backend) { return backend.select_experiment_by_tag(tag); });
}

std::optional<StoredRun> Store::load(std::int64_t id) const {
  auto runs = with_backend(
      [&](StoreBackend& backend) { return backend.select_runs(RunKey::kId, std::to_string(id)); });
  return runs.empty() ? std::nullopt
                      : std::optional<StoredRun>(std::move(redacted_runs(std::move(runs)).front()));
}

std::vector<StoredRun> Store::load_label(const std::string& label) const {
  return redacted_runs(with_backend(
      [&](StoreBackend& backend) { return backend.select_runs(RunKey::kLabel, label); }));
}

std::vector<StoredRun> Store::load_experiment(const std::string& experiment) const {
  return redacted_runs(with_backend(
      [&](StoreBackend& backend) { return backend.select_runs(RunKey::kExperiment, experiment); }));
}

std::vector<HistoryRow> Store::history(std::size_t limit) const {
  std::vector<HistoryRow> rows =
      with_backend([&](StoreBackend& backend) { return backend.history(limit); });
  for (HistoryRow& row : rows) {
    row.experiment_status = settled_status(row.experiment_status, row.experiment_owner);
  }
  return rows;
}

std::vector<std::int64_t> Store::run_ids() const {
  return with_backend([&](StoreBackend& backend) { return backend.run_ids(); });
}

bool Store::import_run(const StoredRun& run, const std::optional<StoredExperiment>& experiment) {
  StoredRun kept = run;
  redacted_run(kept.record);
  std::optional<StoredExperiment> kept_experiment = experiment;
  if (kept_experiment) {
    redact_strings(kept_experiment->summary);
  }
  return with_backend(
      [&](StoreBackend& backend) { return backend.import_run(kept, kept_experiment); });
}

}  // namespace clonebench

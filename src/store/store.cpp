#include "store/store.hpp"

#include <fmt/core.h>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <utility>

#include "core/text_safety.hpp"
#include "record/experiment_summary.hpp"
#include "store/backend.hpp"
#include "store/open_checks.hpp"
#include "store/open_lock.hpp"
#include "store/pg_store.hpp"
#include "store/run_rows.hpp"
#include "store/schema.hpp"
#include "store/sqlite.hpp"
#include "store/store_impl.hpp"
#include "store/store_location.hpp"

namespace clonebench {
namespace {

bool is_user_input_error(int code) {
  return code == SQLITE_NOTADB || code == SQLITE_CORRUPT || code == SQLITE_CANTOPEN ||
         code == SQLITE_READONLY || code == SQLITE_PERM || code == SQLITE_AUTH;
}

// SQLite failures that say "this file is not usable" are the user's input (exit 2); the rest
// are runtime failures (exit 1). Either way the message names the file.
template <typename Function>
auto guarded(const std::string& path, Function&& function) {
  try {
    return function();
  } catch (const sqlite::SqliteError& error) {
    if (is_disk_full(error)) {
      throw RuntimeError(disk_full_message(path));
    }
    if (is_user_input_error(error.code())) {
      throw UsageError(fmt::format("database {}: {}", path, error.what()));
    }
    throw RuntimeError(fmt::format("database {}: {}", path, error.what()));
  }
}

// PostgreSQL failures: the server, the network, the credentials, a conflict — runtime failures
// (exit 1), except data that does not read back as what was written (exit 2). `location` is the
// redacted URL.
template <typename Function>
auto guarded_remote(const std::string& location, Function&& function) {
  try {
    return function();
  } catch (const postgres::PgError& error) {
    throw RuntimeError(fmt::format("database {}: {}", location, error.what()));
  } catch (const UsageError& error) {
    throw UsageError(fmt::format("database {}: {}", location, error.what()));
  }
}

}  // namespace

void Store::open_postgres(const std::string& url, Access access) {
  // UsageErrors of the schema check name the location already.
  try {
    auto backend = std::make_unique<PostgresBackend>(url, access == Access::kReadOnly);
    if (!backend->empty()) {
      remote_ = std::move(backend);  // else: nothing stored yet, as for a missing SQLite file
    }
  } catch (const postgres::PgError& error) {
    throw RuntimeError(fmt::format("database {}: {}", path_, redacted_message(error.what(), url)));
  }
}

Store::Store(const std::string& path, Access access) : path_(redacted_location(path)) {
  if (path.empty()) {
    throw UsageError("--db: empty database path");
  }
  if (is_postgres_url(path)) {
    open_postgres(path, access);
    return;
  }
  const bool existed = inspect_database_file(path) == DatabaseFile::kRegular;
  std::error_code error;
  try {
    guarded(path_, [&] { access == Access::kReadOnly ? open_read_only() : open_read_write(); });
  } catch (...) {
    // A file this open created (on a full disk, say) and left empty holds nothing: remove it.
    // Only while empty: another clonebench may have created the same new file meanwhile.
    impl_.reset();
    if (!existed && std::filesystem::file_size(path, error) == 0 && !error) {
      std::filesystem::remove(path, error);
    }
    throw;
  }
}

Store::~Store() = default;

RunOrigin Store::new_origin() {
  if (!host_) {
    host_ = local_host_identity();
  }
  return {new_run_uid(), host_->hostname, host_->machine_hash};
}

std::int64_t Store::save(RunRecord& record, const nlohmann::json& environment) {
  const RunOrigin origin = new_origin();
  if (remote_) {
    record.id = guarded_remote(path_, [&] { return remote_->save(record, environment, origin); });
    return record.id;
  }
  return guarded(path_, [&] {
    sqlite::Transaction transaction(impl_->db);
    const std::int64_t environment_id = store_environment(impl_->db, environment);
    const std::int64_t id = insert_run(impl_->db, record, environment_id, origin);
    transaction.commit();
    record.id = id;
    return id;
  });
}

void Store::save_experiment(const Experiment& experiment, std::vector<RunRecord>& runs,
                            const nlohmann::json& environment) {
  if (experiment.tag.empty()) {
    throw RuntimeError("save_experiment: empty experiment tag");
  }
  std::vector<RunOrigin> origins;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    origins.push_back(new_origin());
  }
  const auto store_all = [&] {
    if (remote_) {
      return guarded_remote(
          path_, [&] { return remote_->save_experiment(experiment, runs, environment, origins); });
    }
    return guarded(path_, [&] {
      sqlite::Transaction transaction(impl_->db);
      insert_experiment(impl_->db, experiment);
      const std::int64_t environment_id = store_environment(impl_->db, environment);
      std::vector<std::int64_t> ids;
      for (std::size_t i = 0; i < runs.size(); ++i) {
        RunRecord record = runs[i];
        record.experiment = experiment.tag;
        ids.push_back(insert_run(impl_->db, record, environment_id, origins[i]));
      }
      transaction.commit();
      return ids;
    });
  };
  const std::vector<std::int64_t> ids = store_all();
  // Only after the commit: a failed save leaves the caller's records untouched.
  for (std::size_t i = 0; i < runs.size(); ++i) {
    runs[i].id = ids[i];
    runs[i].experiment = experiment.tag;
  }
}

void Store::begin_experiment(const Experiment& experiment) {
  if (experiment.tag.empty()) {
    throw RuntimeError("begin_experiment: empty experiment tag");
  }
  Experiment running = experiment;
  running.status = "running";
  running.summary = nlohmann::json::object();
  if (remote_) {
    guarded_remote(path_, [&] { remote_->insert_experiment(running); });
    return;
  }
  guarded(path_, [&] {
    sqlite::Transaction transaction(impl_->db);
    insert_experiment(impl_->db, running);
    transaction.commit();
  });
}

void Store::finish_experiment(const std::string& tag, const nlohmann::json& summary,
                              const std::string& status) {
  if (remote_) {
    guarded_remote(path_, [&] { remote_->finish_experiment(tag, summary, status); });
    return;
  }
  guarded(path_, [&] {
    sqlite::Transaction transaction(impl_->db);
    update_experiment(impl_->db, tag, summary, status);
    transaction.commit();
  });
}

namespace {

// A stored summary is untrusted (another host's, through `pull`, or anyone's who can write the
// database): it is checked against its kind's schema before any renderer sees it.
std::optional<Experiment> checked_summary(const std::string& path,
                                          std::optional<Experiment> experiment) {
  if (experiment) {
    try {
      check_experiment_summary(experiment->kind, experiment->summary);
    } catch (const SummaryError& error) {
      throw UsageError(fmt::format("{}: experiment '{}' has a malformed {} summary: {}", path,
                                   printable(experiment->tag), printable(experiment->kind),
                                   error.what()));
    }
  }
  return experiment;
}

}  // namespace

std::optional<Experiment> Store::load_experiment_summary(const std::string& tag) const {
  if (remote_) {
    return checked_summary(
        path_, guarded_remote(path_, [&] { return remote_->select_experiment_by_tag(tag); }));
  }
  if (!impl_) {
    return std::nullopt;
  }
  return checked_summary(
      path_, guarded(path_, [&] { return select_experiment(impl_->db, "WHERE tag = ?1", tag); }));
}

std::optional<Experiment> Store::latest_experiment(const std::string& kind) const {
  if (remote_) {
    return checked_summary(
        path_, guarded_remote(path_, [&] { return remote_->latest_complete_experiment(kind); }));
  }
  if (!impl_) {
    return std::nullopt;
  }
  return checked_summary(path_, guarded(path_, [&] {
                           return select_experiment(
                               impl_->db,
                               "WHERE kind = ?1 AND status = 'complete' ORDER BY "
                               "created_at DESC, rowid DESC",
                               kind);
                         }));
}

std::optional<StoredRun> Store::load(std::int64_t id) const {
  if (remote_) {
    auto runs =
        guarded_remote(path_, [&] { return remote_->select_runs("run.id", std::to_string(id)); });
    return runs.empty() ? std::nullopt : std::optional<StoredRun>(std::move(runs.front()));
  }
  if (!impl_) {
    return std::nullopt;
  }
  return guarded(path_, [&]() -> std::optional<StoredRun> {
    auto runs = select_runs(impl_->db, "WHERE run.id = ?1",
                            [id](sqlite::Statement& statement) { statement.bind(1, id); });
    if (runs.empty()) {
      return std::nullopt;
    }
    return std::move(runs.front());
  });
}

std::vector<StoredRun> Store::load_label(const std::string& label) const {
  if (remote_) {
    return guarded_remote(path_, [&] { return remote_->select_runs("run.label", label); });
  }
  if (!impl_) {
    return {};
  }
  return guarded(path_, [&] {
    return select_runs(impl_->db, "WHERE run.label = ?1 ORDER BY run.id",
                       [&](sqlite::Statement& statement) { statement.bind(1, label); });
  });
}

std::vector<StoredRun> Store::load_experiment(const std::string& experiment) const {
  if (remote_) {
    return guarded_remote(path_,
                          [&] { return remote_->select_runs("run.experiment", experiment); });
  }
  if (!impl_) {
    return {};
  }
  return guarded(path_, [&] {
    return select_runs(impl_->db, "WHERE run.experiment = ?1 ORDER BY run.id",
                       [&](sqlite::Statement& statement) { statement.bind(1, experiment); });
  });
}

std::vector<HistoryRow> Store::history(std::size_t limit) const {
  if (remote_) {
    return guarded_remote(path_, [&] { return remote_->history(limit); });
  }
  if (!impl_) {
    return {};
  }
  return guarded(path_, [&] { return select_history(impl_->db, limit); });
}

std::vector<std::int64_t> Store::run_ids() const {
  if (remote_) {
    return guarded_remote(path_, [&] { return remote_->run_ids(); });
  }
  if (!impl_) {
    return {};
  }
  return guarded(path_, [&] { return select_run_ids(impl_->db); });
}

bool Store::import_run(const StoredRun& run, const std::optional<Experiment>& experiment) {
  if (remote_) {
    return guarded_remote(path_, [&] { return remote_->import_run(run, experiment); });
  }
  return guarded(path_, [&] {
    // BEGIN IMMEDIATE holds the write lock: no other writer can store this uid meanwhile.
    sqlite::Transaction transaction(impl_->db);
    if (has_run_uid(impl_->db, run.origin.uid)) {
      return false;
    }
    if (experiment && !select_experiment(impl_->db, "WHERE tag = ?1", experiment->tag)) {
      insert_experiment(impl_->db, *experiment);
    }
    insert_run(impl_->db, run.record, store_environment(impl_->db, run.environment), run.origin);
    transaction.commit();
    return true;
  });
}

}  // namespace clonebench

#pragma once
// Where `run` stores each run as it ends. A measurement is expensive, so a database that cannot
// take it does not lose it. A PostgreSQL database that dropped mid-run (a restart, a network
// cut) is opened again and the run stored; when that fails too, or when the database fails in
// any other way (a full disk under a SQLite file, a file made read-only), this and every later
// run go to a local SQLite database (undelivered_runs_path(), named on stderr with the `push`
// that delivers them) and the run goes on: the table is printed and the requested files written.
// Should that database fail as well (the same full disk), the runs are in the table and the
// files only, and stderr says so.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "record/run_record.hpp"
#include "store/store.hpp"

namespace clonebench {

class RunKeeper {
 public:
  // Opens `location` for writing (throws as Store does: a bad --db costs no measurement).
  explicit RunKeeper(const std::string& location);

  void save(RunRecord& record, const nlohmann::json& environment);

  // The local database that took runs the chosen one could not; empty when none did.
  const std::string& kept_locally_in() const noexcept { return fallback_path_; }
  std::size_t kept_locally() const noexcept { return kept_locally_; }
  // Runs no database took: they are only in what the command prints and writes.
  std::size_t not_kept() const noexcept { return not_kept_; }
  const std::string& location() const noexcept { return location_; }

 private:
  bool reopen_and_save(RunRecord& record, const nlohmann::json& environment);
  void keep_locally(RunRecord& record, const nlohmann::json& environment, const std::string& why);
  bool open_fallback(const std::string& why);

  std::string location_;
  std::optional<Store> store_;
  std::optional<Store> fallback_;
  std::string fallback_path_;
  bool fallback_failed_ = false;
  std::size_t kept_locally_ = 0;
  std::size_t not_kept_ = 0;
};

}  // namespace clonebench

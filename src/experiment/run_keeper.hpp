#pragma once
// Where `run` stores each run as it ends. A measurement is expensive, so a PostgreSQL database
// that drops mid-run (a restart, a network cut) does not lose it: the connection is opened again
// and the run stored; when that fails too, this and every later run go to a local SQLite
// database (undelivered_runs_path(), named on stderr) for `push` to deliver later, and the run
// goes on: the table is printed and the requested files written. A SQLite database's failure
// (a full disk) is not retried: it ends the command as before.

#include <optional>
#include <string>

#include "record/run_record.hpp"
#include "store/store.hpp"

namespace clonebench {

class RunKeeper {
 public:
  // Opens `location` for writing (throws as Store does: a bad --db costs no measurement).
  explicit RunKeeper(const std::string& location);

  void save(RunRecord& record, const Environment& environment);

  // The local database that took runs the chosen one could not; empty when none did.
  const std::string& kept_locally_in() const noexcept { return fallback_path_; }
  std::size_t kept_locally() const noexcept { return kept_locally_; }
  const std::string& location() const noexcept { return location_; }

 private:
  bool reopen_and_save(RunRecord& record, const Environment& environment);
  void keep_locally(RunRecord& record, const Environment& environment, const std::string& why);

  std::string location_;
  std::optional<Store> store_;
  std::optional<Store> fallback_;
  std::string fallback_path_;
  std::size_t kept_locally_ = 0;
};

}  // namespace clonebench

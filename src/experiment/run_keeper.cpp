#include "experiment/run_keeper.hpp"

#include <fmt/core.h>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "store/store_location.hpp"

namespace clonebench {

RunKeeper::RunKeeper(const std::string& location) : location_(location) {
  store_.emplace(location);
}

void RunKeeper::save(RunRecord& record, const nlohmann::json& environment) {
  if (fallback_ || fallback_failed_) {
    keep_locally(record, environment, "");  // the database failed once already: stay local
    return;
  }
  try {
    store_->save(record, environment);
  } catch (const Interrupted&) {
    throw;
  } catch (const std::runtime_error& error) {
    if (!store_->connection_can_drop() || !reopen_and_save(record, environment)) {
      keep_locally(record, environment, error.what());
    }
  }
}

// One new connection: a server that restarted takes the run now.
bool RunKeeper::reopen_and_save(RunRecord& record, const nlohmann::json& environment) {
  try {
    store_.reset();
    store_.emplace(location_);
    store_->save(record, environment);
    fmt::print(stderr, "clonebench: database {}: the connection dropped; reconnected and stored\n",
               redacted_location(location_));
    return true;
  } catch (const Interrupted&) {
    throw;
  } catch (const std::runtime_error&) {
    return false;
  }
}

bool RunKeeper::open_fallback(const std::string& why) {
  fallback_path_ = undelivered_runs_path();
  try {
    fallback_.emplace(fallback_path_);
  } catch (const Interrupted&) {
    throw;
  } catch (const std::runtime_error& error) {
    fallback_failed_ = true;
    fmt::print(stderr,
               "clonebench: warning: {}; and {} cannot take it either: {}; this and later runs "
               "are stored nowhere, only printed and written to the files asked for\n",
               printable(why), fallback_path_, printable(error.what()));
    fallback_path_.clear();
    return false;
  }
  fmt::print(stderr,
             "clonebench: warning: {}; this and later runs are kept in {} (deliver them with "
             "`clonebench push --to {} --all --db {}`)\n",
             printable(why), fallback_path_, redacted_location(location_), fallback_path_);
  return true;
}

void RunKeeper::keep_locally(RunRecord& record, const nlohmann::json& environment,
                             const std::string& why) {
  if (!fallback_ && !fallback_failed_) {
    open_fallback(why);
  }
  if (fallback_) {
    try {
      fallback_->save(record, environment);
      ++kept_locally_;
      return;
    } catch (const Interrupted&) {
      throw;
    } catch (const std::runtime_error& error) {
      fallback_.reset();
      fallback_failed_ = true;
      fmt::print(stderr,
                 "clonebench: warning: {}; this and later runs are stored nowhere, only printed "
                 "and written to the files asked for\n",
                 printable(error.what()));
    }
  }
  ++not_kept_;
}

}  // namespace clonebench

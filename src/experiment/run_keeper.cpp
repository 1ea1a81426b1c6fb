#include "experiment/run_keeper.hpp"

#include <fmt/core.h>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "store/store_location.hpp"

namespace clonebench {

RunKeeper::RunKeeper(const std::string& location) : location_(location) {
  store_.emplace(location);
}

void RunKeeper::save(RunRecord& record, const Environment& environment) {
  if (fallback_) {
    fallback_->save(record, environment);  // the database dropped once already: stay local
    ++kept_locally_;
    return;
  }
  try {
    store_->save(record, environment);
  } catch (const UsageError&) {
    throw;
  } catch (const RuntimeError& error) {
    if (!store_->connection_can_drop()) {
      throw;
    }
    if (!reopen_and_save(record, environment)) {
      keep_locally(record, environment, error.what());
    }
  }
}

// One new connection: a server that restarted takes the run now.
bool RunKeeper::reopen_and_save(RunRecord& record, const Environment& environment) {
  try {
    store_.reset();
    store_.emplace(location_);
    store_->save(record, environment);
    fmt::print(stderr, "clonebench: database {}: the connection dropped; reconnected and stored\n",
               redacted_location(location_));
    return true;
  } catch (const UsageError&) {
    throw;
  } catch (const RuntimeError&) {
    return false;
  }
}

void RunKeeper::keep_locally(RunRecord& record, const Environment& environment,
                             const std::string& why) {
  fallback_path_ = undelivered_runs_path();
  fallback_.emplace(fallback_path_);
  fallback_->save(record, environment);
  ++kept_locally_;
  fmt::print(stderr,
             "clonebench: warning: {}; this and later runs are kept in {} (deliver them with "
             "`clonebench push --to {} --all --db {}`)\n",
             printable(why), fallback_path_, redacted_location(location_), fallback_path_);
}

}  // namespace clonebench

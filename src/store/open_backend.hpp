#pragma once
// The one place that chooses a database by the --db value as store/store_location.hpp read it:
// PostgreSQL (a URL or key=value connection text) or else a SQLite file.

#include <memory>
#include <string>

#include "store/backend.hpp"
#include "store/store_location.hpp"

namespace clonebench {

// How long a glance (Store::Access::kGlance: shell completion) waits for another process that
// holds a SQLite database, where a command waits sqlite_backend.hpp's kBusyTimeoutMs.
inline constexpr int kGlanceWaitMs = 250;

// Opens `location` as Store's constructor documents; `read_only` never writes; a `glance` gives
// up after kGlanceWaitMs when the database is held.
std::unique_ptr<StoreBackend> open_backend(const StoreLocation& location, bool read_only,
                                           bool glance = false);

}  // namespace clonebench

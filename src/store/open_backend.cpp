#include "store/open_backend.hpp"

#include "store/pg_store.hpp"
#include "store/sqlite_backend.hpp"
#include "store/store_location.hpp"

namespace clonebench {

std::unique_ptr<StoreBackend> open_backend(const StoreLocation& location, bool read_only,
                                           bool glance) {
  if (location.is_postgres()) {
    return PostgresBackend::open(location, read_only);
  }
  return SqliteBackend::open(location.file(), read_only, glance ? kGlanceWaitMs : kBusyTimeoutMs);
}

}  // namespace clonebench

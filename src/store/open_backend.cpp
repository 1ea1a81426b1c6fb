#include "store/open_backend.hpp"

#include "store/pg_store.hpp"
#include "store/sqlite_backend.hpp"
#include "store/store_location.hpp"

namespace clonebench {

std::unique_ptr<StoreBackend> open_backend(const std::string& location, bool read_only) {
  if (is_postgres_url(location)) {
    return PostgresBackend::open(location, read_only);
  }
  // The path as shown is the path opened: a file name is never redacted unless it looks like
  // connection text with a password, and then it is named as shown everywhere.
  return SqliteBackend::open(redacted_location(location), read_only);
}

}  // namespace clonebench

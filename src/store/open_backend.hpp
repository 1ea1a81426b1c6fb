#pragma once
// The one place that chooses a database by the --db value: a PostgreSQL URL
// (store/store_location.hpp's is_postgres_url) or else a SQLite file.

#include <memory>
#include <string>

#include "store/backend.hpp"

namespace clonebench {

// Opens `location` as Store's constructor documents; `read_only` never writes.
std::unique_ptr<StoreBackend> open_backend(const std::string& location, bool read_only);

}  // namespace clonebench

#include "store/pg_store.hpp"

#include <fmt/core.h>

#include "store/empty_backend.hpp"
#include "store/pg_schema.hpp"
#include "store/store_location.hpp"

namespace clonebench {

postgres::Params PostgresSession::params(const SqlValues& values) {
  postgres::Params params;
  for (const SqlValue& value : values) {
    std::visit(
        [&](const auto& each) {
          if constexpr (std::is_same_v<std::decay_t<decltype(each)>, std::monostate>) {
            params.add_optional("");  // NULL
          } else {
            params.add(each);
          }
        },
        value);
  }
  return params;
}

PostgresBackend::PostgresBackend(const StoreLocation& where, bool read_only)
    : SqlBackend(PostgresSession(where)) {
  const std::string& location = where.shown();
  if (!read_only) {
    migrate_postgres(session_.connection(), location);
    return;
  }
  const std::int64_t version = postgres_schema_version(session_.connection(), location);
  empty_ = version == 0;
  if (version != 0 && version < latest_schema_version()) {
    throw UsageError(fmt::format(
        "database {}: schema version {} is older than this clonebench's ({}); run a command "
        "that stores runs once to upgrade it",
        location, version, latest_schema_version()));
  }
}

std::unique_ptr<StoreBackend> PostgresBackend::open(const StoreLocation& location, bool read_only) {
  // UsageErrors of the schema check name the location already.
  try {
    auto backend = std::make_unique<PostgresBackend>(location, read_only);
    if (backend->empty()) {
      return std::make_unique<EmptyBackend>();  // as for a missing SQLite file
    }
    return backend;
  } catch (const postgres::PgError& error) {
    throw RuntimeError(
        fmt::format("database {}: {}", location.shown(), location.redacted(error.what())));
  }
}

void PostgresBackend::rethrow_named(const std::string& location) const {
  try {
    throw;
  } catch (const UsageError& error) {
    throw UsageError(fmt::format("database {}: {}", location, error.what()));
  } catch (const RuntimeError& error) {
    throw RuntimeError(fmt::format("database {}: {}", location, error.what()));
  }
}

}  // namespace clonebench

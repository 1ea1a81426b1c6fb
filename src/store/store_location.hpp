#pragma once
// Where the store lives: a SQLite file path, or a PostgreSQL connection URL. A URL may carry a
// password; the text shown to the user, logged or stored is always the redacted one.

#include <string>
#include <string_view>

namespace clonebench {

// True for "postgresql://..." and "postgres://..." (libpq's connection URI prefixes).
bool is_postgres_url(std::string_view location);

// The URL without a password, in the user part ("user:secret@") or a "password=" parameter.
// Anything that is not a PostgreSQL URL is returned unchanged.
std::string redacted_location(std::string_view location);

}  // namespace clonebench

#pragma once
// Where the store lives: a SQLite file path, or a PostgreSQL connection URL. A URL may carry a
// password; the text shown to the user, logged or stored is always the redacted one.

#include <string>
#include <string_view>

namespace clonebench {

// The local SQLite database that keeps runs a PostgreSQL database could not take (it dropped
// mid-run and did not come back), for `push` to deliver later: undelivered.db beside the default
// database's place in $XDG_DATA_HOME/clonebench (never $CLONEBENCH_DB, which may be the URL).
std::string undelivered_runs_path();

// True for "postgresql://..." and "postgres://..." (libpq's connection URI prefixes).
bool is_postgres_url(std::string_view location);

// The location without a password: in a URL's user part ("user:secret@") or any query keyword
// that decodes to one ("passwor%64=", "PASSWORD=", "sslpassword="), or in key=value conninfo
// text ("host=h password='x'"). A file path without such a keyword is returned unchanged.
std::string redacted_location(std::string_view location);

// `message` (libpq's, which may quote the URL or a part of it) with `location` shown redacted
// and every password text of it, as written or %-decoded, replaced by "***".
std::string redacted_message(std::string_view message, std::string_view location);

}  // namespace clonebench

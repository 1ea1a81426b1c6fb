#pragma once
// Where the store lives: a SQLite file path, or a PostgreSQL database named by a libpq
// connection URL (postgresql://..., postgres://..., the scheme in any case) or by key=value
// connection text (host=... dbname=...). The text is read once, by libpq's own PQconninfoParse:
// the settings that connect and the text that is shown both come from that one reading, so what
// is shown can never keep a part that libpq reads as the password. The text shown to the user,
// logged or stored is always the redacted one.

#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

// One libpq connection setting ("host", "127.0.0.1") as PQconninfoParse read it.
struct ConnectionSetting {
  std::string keyword, value;
  bool secret = false;  // a password (libpq marks it for hiding): used to connect, never shown
};

class StoreLocation {
 public:
  // Reads `text` as a PostgreSQL URL, key=value connection text (a first word "name=") or a
  // SQLite file path. Throws UsageError, never quoting a password, for text libpq cannot read,
  // text whose reading is ambiguous (an '@' after the user part of a URL: a password holding
  // '@' or '/' unescaped, which libpq would read as part of the host or database), a port that
  // is not a number, and a URL of another scheme ("mysql://", "postgresq://"): none of them is
  // ever taken for a file name.
  static StoreLocation parse(std::string_view text);

  bool is_postgres() const noexcept { return postgres_; }
  // The SQLite file (empty for PostgreSQL).
  const std::string& file() const noexcept { return file_; }
  // libpq's settings, password included (none for a file; none either for "postgresql://",
  // which connects with libpq's defaults): what connects.
  const std::vector<ConnectionSetting>& settings() const noexcept { return settings_; }
  // The location without its password: the file path as given, or the URL (or key=value text)
  // written again from libpq's settings without the secret ones; the text as given (its scheme
  // in lower case) when libpq found no password in it.
  const std::string& shown() const noexcept { return shown_; }
  // `message` with the location's text shown as shown() and each password text, as written or
  // %-decoded, replaced by "***": for libpq's messages, which may quote parts of it.
  std::string redacted(std::string_view message) const;

 private:
  std::string text_;  // as given
  std::string file_;
  std::string shown_;
  std::vector<ConnectionSetting> settings_;
  std::vector<std::string> secrets_;  // password texts as written and as decoded
  bool postgres_ = false;
};

// The local SQLite database that keeps runs a database could not take (a PostgreSQL server that
// dropped mid-run and did not come back, a full disk), for `push` to deliver later:
// undelivered.db beside the default database's place in $XDG_DATA_HOME/clonebench (never
// $CLONEBENCH_DB, which may be the URL).
std::string undelivered_runs_path();

// True for text that names a PostgreSQL database (a URL in any case, key=value text).
bool is_postgres_location(std::string_view location);

// StoreLocation::parse(location).shown(); for text that parse() refuses, only what cannot be a
// password: the URL's scheme, or a note that connection text is not shown. Never throws.
std::string redacted_location(std::string_view location);

// StoreLocation::parse(location).redacted(message); for text that parse() refuses, `message`
// with the whole location text replaced by redacted_location(location).
std::string redacted_message(std::string_view message, std::string_view location);

}  // namespace clonebench

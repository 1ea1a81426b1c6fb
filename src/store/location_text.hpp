#pragma once
// The text forms of a store location that store/store_location.hpp reads and writes: which
// kind a text is, and a PostgreSQL location written back from libpq's settings.

#include <string>
#include <string_view>
#include <vector>

#include "store/store_location.hpp"

namespace clonebench {

// The length of a leading "postgresql://" or "postgres://" in any case (libpq itself knows only
// the lower-case form), or 0.
std::size_t postgres_scheme_length(std::string_view text);

// The length of a leading "scheme://" of any scheme (RFC 3986: a letter, then letters, digits,
// '+', '-', '.'), or 0.
std::size_t url_scheme_length(std::string_view text);

// True when the first word of `text` is "name=" (spaces allowed around '='): libpq's key=value
// connection text, never a file path.
bool starts_like_conninfo(std::string_view text);

// True for a keyword that names a password ("password", "sslpassword"; any case).
bool is_password_keyword(std::string_view keyword);

// `text` with every valid %-escape decoded, nothing else changed.
std::string percent_decoded(std::string_view text);

// A URL ("postgresql://user@host:5432/db?sslmode=require") that libpq reads as `settings`
// without their secret ones: the user, hosts and ports, and database in their places when they
// fit there, every other setting as a query parameter, each %-escaped where needed.
std::string url_text(std::string_view scheme, const std::vector<ConnectionSetting>& settings);

// Key=value text ("dbname=d host=h") that libpq reads as `settings` without their secret ones;
// "(libpq's defaults)" when nothing else is left.
std::string conninfo_text(const std::vector<ConnectionSetting>& settings);

}  // namespace clonebench

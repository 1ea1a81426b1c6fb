#include "store/store_location.hpp"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

#include "store/store.hpp"

namespace clonebench {
namespace {

std::string env_or_empty(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

std::string home_directory() {
  std::string home = env_or_empty("HOME");
  if (home.empty()) {
    if (const passwd* entry = getpwuid(getuid()); entry != nullptr && entry->pw_dir != nullptr) {
      home = entry->pw_dir;
    }
  }
  return home.empty() ? "." : home;
}

std::string_view scheme_of(std::string_view location) {
  for (const std::string_view scheme : {"postgresql://", "postgres://"}) {
    if (location.substr(0, scheme.size()) == scheme) {
      return scheme;
    }
  }
  return {};
}

// "user:secret@host:5432" -> "user@host:5432"; the last '@' ends the user part, as in libpq.
std::string without_password(std::string_view authority) {
  const std::size_t at = authority.rfind('@');
  if (at == std::string_view::npos) {
    return std::string(authority);
  }
  const std::string_view user_part = authority.substr(0, at);
  const std::size_t colon = user_part.find(':');
  if (colon == std::string_view::npos) {
    return std::string(authority);
  }
  return std::string(user_part.substr(0, colon)) + std::string(authority.substr(at));
}

std::string without_password_parameter(std::string_view query) {
  std::string kept;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view parameter = query.substr(0, amp);
    if (parameter.substr(0, 9) != "password=" && parameter != "password") {
      kept += (kept.empty() ? "" : "&") + std::string(parameter);
    }
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
  }
  return kept;
}

}  // namespace

bool is_postgres_url(std::string_view location) {
  return !scheme_of(location).empty();
}

std::string redacted_location(std::string_view location) {
  const std::string_view scheme = scheme_of(location);
  if (scheme.empty()) {
    return std::string(location);
  }
  std::string_view rest = location.substr(scheme.size());
  const std::size_t authority_end = rest.find_first_of("/?");
  std::string redacted = std::string(scheme) + without_password(rest.substr(0, authority_end));
  if (authority_end == std::string_view::npos) {
    return redacted;
  }
  rest = rest.substr(authority_end);
  const std::size_t question = rest.find('?');
  redacted += std::string(rest.substr(0, question));
  if (question != std::string_view::npos) {
    const std::string query = without_password_parameter(rest.substr(question + 1));
    if (!query.empty()) {
      redacted += "?" + query;
    }
  }
  return redacted;
}

std::string Store::default_path() {
  if (std::string path = env_or_empty("CLONEBENCH_DB"); !path.empty()) {
    return path;
  }
  std::string data_home = env_or_empty("XDG_DATA_HOME");
  // The XDG spec says a relative value is invalid and must be ignored.
  if (data_home.empty() || data_home.front() != '/') {
    data_home = home_directory() + "/.local/share";
  }
  return data_home + "/clonebench/clonebench.db";
}

std::string database_path(const std::string& db_path) {
  return db_path.empty() ? Store::default_path() : db_path;
}

std::string database_path(const std::optional<std::string>& db_path) {
  return db_path.value_or(Store::default_path());
}

}  // namespace clonebench

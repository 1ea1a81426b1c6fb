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

std::string data_directory() {
  std::string data_home = env_or_empty("XDG_DATA_HOME");
  // The XDG spec says a relative value is invalid and must be ignored.
  if (data_home.empty() || data_home.front() != '/') {
    data_home = home_directory() + "/.local/share";
  }
  return data_home + "/clonebench";
}

}  // namespace

std::string Store::default_path() {
  if (std::string path = env_or_empty("CLONEBENCH_DB"); !path.empty()) {
    return path;
  }
  return data_directory() + "/clonebench.db";
}

std::string undelivered_runs_path() {
  return data_directory() + "/undelivered.db";
}

std::string database_path(const std::string& db_path) {
  return db_path.empty() ? Store::default_path() : db_path;
}

std::string database_path(const std::optional<std::string>& db_path) {
  return db_path.value_or(Store::default_path());
}

}  // namespace clonebench

// Reading a store location once. libpq's PQconninfoParse is the authority on what a URL or
// key=value text means: the settings it returns are the ones that connect (store/postgres.hpp
// passes them as keywords, so libpq never reads the text again), and the text shown is written
// back from them without the password. What libpq would read differently from what the user
// meant is refused before anything connects: an '@' after a URL's user part (libpq ends the user
// part at the first '@', so "bench:p@ss@host" connects to the host "ss@host" with the password
// "p"), a port that is not a number (a password after a ':' with no '@'), a setting that holds
// a URL.
#include <fmt/core.h>
#include <libpq-fe.h>

#include <algorithm>
#include <cctype>
#include <memory>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "store/location_text.hpp"
#include "store/store_location.hpp"

namespace clonebench {
namespace {

[[noreturn]] void refuse(std::string_view what, std::string_view reason) {
  throw UsageError(fmt::format("database {}: {}", what, reason));
}

// What libpq's message says is wrong, without the text it quotes: that is the token it stopped
// at, which may be (a part of) the password, and may itself hold quotes.
std::string without_quoted_parts(std::string_view message) {
  const std::size_t cut = message.find_first_of("\"\n");
  std::string_view kind = message.substr(0, cut);
  while (!kind.empty() && (kind.back() == ' ' || kind.back() == ':')) {
    kind.remove_suffix(1);
  }
  const bool quoted = cut != std::string_view::npos && message[cut] == '"';
  return std::string(kind) + (quoted ? " … (the text it quotes is not shown)" : "");
}

std::vector<ConnectionSetting> libpq_settings(const std::string& text, std::string_view what,
                                              bool key_value_text) {
  char* error = nullptr;
  const std::unique_ptr<PQconninfoOption, void (*)(PQconninfoOption*)> options(
      PQconninfoParse(text.c_str(), &error), PQconninfoFree);
  if (!options) {
    const std::string message = error != nullptr ? error : "out of memory";
    PQfreemem(error);
    refuse(what,
           "libpq cannot read it: " + without_quoted_parts(message) +
               (key_value_text ? "; a file whose name starts with NAME= is written ./NAME" : ""));
  }
  std::vector<ConnectionSetting> settings;
  for (const PQconninfoOption* option = options.get(); option->keyword != nullptr; ++option) {
    if (option->val != nullptr) {
      const bool secret = std::string_view(option->dispchar).find('*') != std::string_view::npos ||
                          is_password_keyword(option->keyword);
      settings.push_back({option->keyword, option->val, secret});
    }
  }
  return settings;
}

// libpq's user part of a URL (after the scheme): up to the first '@' before any '/'. Any other
// '@' before the query would be read as part of the host or the database name.
void require_one_user_part(std::string_view rest, std::string_view what) {
  const std::size_t stop = rest.find_first_of("@/");
  const std::size_t after_user = stop != std::string_view::npos && rest[stop] == '@' ? stop + 1 : 0;
  const std::size_t query = std::min(rest.find('?', after_user), rest.size());
  if (rest.substr(after_user, query - after_user).find('@') != std::string_view::npos) {
    refuse(what,
           "an '@' after the user part: libpq ends the user part at the first '@' (or at a '/' "
           "before it) and would read the rest as the host or database; write '@' as %40 and '/' "
           "as %2F in a user name or password");
  }
}

void require_plausible(const std::vector<ConnectionSetting>& settings, std::string_view what) {
  for (const ConnectionSetting& setting : settings) {
    if (setting.secret) {
      continue;
    }
    if (setting.keyword == "port" &&
        setting.value.find_first_not_of("0123456789,") != std::string::npos) {
      refuse(what,
             "the port is not a number (a password goes after the user name and a ':', ended "
             "by '@')");
    }
    if ((setting.keyword == "host" || setting.keyword == "hostaddr") &&
        setting.value.find('@') != std::string::npos) {
      refuse(what, fmt::format("the {} holds an '@'", setting.keyword));
    }
    if (setting.value.find("://") != std::string::npos) {
      refuse(what, fmt::format("the {} setting holds a URL", setting.keyword));
    }
  }
}

// The password texts of a URL as written: after the ':' of the user part, and the values of
// query keywords that decode to a password keyword.
void add_written_url_secrets(std::string_view rest, std::vector<std::string>& secrets) {
  const std::size_t stop = rest.find_first_of("@/");
  if (stop != std::string_view::npos && rest[stop] == '@') {
    const std::string_view user_part = rest.substr(0, stop);
    if (const std::size_t colon = user_part.find(':'); colon != std::string_view::npos) {
      secrets.emplace_back(user_part.substr(colon + 1));
    }
  }
  const std::size_t question = rest.find('?');
  std::string_view query =
      question == std::string_view::npos ? std::string_view() : rest.substr(question + 1);
  while (!query.empty()) {
    const std::string_view parameter = query.substr(0, query.find('&'));
    const std::size_t equals = parameter.find('=');
    if (equals != std::string_view::npos &&
        is_password_keyword(percent_decoded(parameter.substr(0, equals)))) {
      secrets.emplace_back(parameter.substr(equals + 1));
    }
    query.remove_prefix(std::min(query.size(), parameter.size() + 1));
  }
}

}  // namespace

StoreLocation StoreLocation::parse(std::string_view text) {
  StoreLocation location;
  location.text_ = std::string(text);
  const std::size_t scheme = postgres_scheme_length(text);
  if (scheme == 0 && url_scheme_length(text) > 0) {
    refuse(fmt::format("location {}…", printable(text.substr(0, url_scheme_length(text)))),
           "not a PostgreSQL URL (postgresql://...) nor a file path; write a file whose name "
           "holds '://' as ./NAME");
  }
  if (scheme == 0 && !starts_like_conninfo(text)) {
    location.file_ = location.shown_ = location.text_;
    return location;
  }
  std::string read_text = location.text_;
  std::string what = "given as key=value connection text (not shown)";
  if (scheme > 0) {
    std::transform(read_text.begin(), read_text.begin() + static_cast<std::ptrdiff_t>(scheme),
                   read_text.begin(), [](char c) {
                     return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                   });
    what = read_text.substr(0, scheme) + "… (not shown)";
    require_one_user_part(text.substr(scheme), what);
  }
  location.postgres_ = true;
  location.settings_ = libpq_settings(read_text, what, scheme == 0);
  require_plausible(location.settings_, what);
  for (const ConnectionSetting& setting : location.settings_) {
    if (setting.secret) {
      location.secrets_.push_back(setting.value);
    }
  }
  // Without a password there is nothing to take out: the text is shown as written.
  if (location.secrets_.empty()) {
    location.shown_ = read_text;
  } else {
    location.shown_ = scheme > 0 ? url_text(read_text.substr(0, scheme), location.settings_)
                                 : conninfo_text(location.settings_);
  }
  if (scheme > 0) {
    add_written_url_secrets(text.substr(scheme), location.secrets_);
  }
  return location;
}

}  // namespace clonebench

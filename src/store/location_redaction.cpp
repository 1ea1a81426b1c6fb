// Redacting the password from a store location, for every message and every stored text. libpq
// percent-decodes a URL's user part and query keywords ("passwor%64=" is "password="), so the
// keywords are compared decoded, case-insensitively, and any keyword containing "password"
// (password, sslpassword) is dropped: a spelling libpq would refuse is dropped too, since its
// error message could echo it. Key=value conninfo text is redacted the same way. A last check
// parses the redacted URL with libpq itself: if libpq still finds a password there, nothing but
// the scheme is shown.
#include <libpq-fe.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/store_location.hpp"

namespace clonebench {
namespace {

int hex_digit_value(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
}

// "%70ass%57ORD" -> "password": decoded, lower case, spaces dropped. An invalid "%" escape is
// kept as written.
std::string normalized_keyword(std::string_view key) {
  std::string decoded;
  for (std::size_t i = 0; i < key.size(); ++i) {
    char c = key[i];
    if (c == '%' && i + 2 < key.size() && hex_digit_value(key[i + 1]) >= 0 &&
        hex_digit_value(key[i + 2]) >= 0) {
      c = static_cast<char>(hex_digit_value(key[i + 1]) * 16 + hex_digit_value(key[i + 2]));
      i += 2;
    }
    if (!std::isspace(static_cast<unsigned char>(c))) {
      decoded += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return decoded;
}

bool is_secret_keyword(std::string_view key) {
  return normalized_keyword(key).find("password") != std::string::npos;
}

// "a=1&password=x&b=2" -> "a=1&b=2".
std::string without_secret_parameters(std::string_view query) {
  std::string kept;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view parameter = query.substr(0, amp);
    if (!is_secret_keyword(parameter.substr(0, parameter.find('=')))) {
      kept += (kept.empty() ? "" : "&") + std::string(parameter);
    }
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
  }
  return kept;
}

// "user:secret" -> "user". libpq ends the user part at an '@' found before any '/' (a '?' does
// not end it); taking the last such '@' also covers a password holding one.
std::string without_user_password(std::string_view user_part) {
  const std::string_view user = user_part.substr(0, user_part.find(':'));
  const std::size_t question = user.find('?');
  if (question == std::string_view::npos) {
    return std::string(user);
  }
  const std::string query = without_secret_parameters(user.substr(question + 1));
  return std::string(user.substr(0, question)) + (query.empty() ? "" : "?" + query);
}

std::string redacted_url(std::string_view location) {
  const std::size_t scheme_end = location.find("://") + 3;
  std::string redacted(location.substr(0, scheme_end));
  std::string_view rest = location.substr(scheme_end);
  const std::size_t at = rest.substr(0, rest.find('/')).rfind('@');
  if (at != std::string_view::npos) {
    redacted += without_user_password(rest.substr(0, at)) + "@";
    rest = rest.substr(at + 1);
  }
  const std::size_t question = rest.find('?');
  redacted += std::string(rest.substr(0, question));
  if (question != std::string_view::npos) {
    const std::string query = without_secret_parameters(rest.substr(question + 1));
    if (!query.empty()) {
      redacted += "?" + query;
    }
  }
  return redacted;
}

// libpq's own reading of `location`: does it carry a password (or sslpassword)?
bool libpq_finds_a_password(const std::string& location) {
  char* error = nullptr;
  const std::unique_ptr<PQconninfoOption, void (*)(PQconninfoOption*)> options(
      PQconninfoParse(location.c_str(), &error), PQconninfoFree);
  PQfreemem(error);
  if (!options) {
    return false;
  }
  for (const PQconninfoOption* option = options.get(); option->keyword != nullptr; ++option) {
    if (option->val != nullptr && *option->val != '\0' && is_secret_keyword(option->keyword)) {
      return true;
    }
  }
  return false;
}

// One "key = value" pair of conninfo text, as libpq reads it: spaces around '=', a value
// quoted with '...' (backslash escapes) or running to the next space.
struct ConninfoPair {
  std::string_view text, key;
};

std::optional<ConninfoPair> next_conninfo_pair(std::string_view text, std::size_t& at) {
  const auto skip_spaces = [&] {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) {
      ++at;
    }
  };
  skip_spaces();
  const std::size_t start = at;
  while (at < text.size() && text[at] != '=' &&
         !std::isspace(static_cast<unsigned char>(text[at]))) {
    ++at;
  }
  const std::string_view key = text.substr(start, at - start);
  skip_spaces();
  if (key.empty() || at >= text.size() || text[at] != '=') {
    return std::nullopt;
  }
  ++at;
  skip_spaces();
  const bool quoted = at < text.size() && text[at] == '\'';
  at += quoted ? 1 : 0;
  while (at < text.size()) {
    const char c = text[at++];
    if (c == '\\' && at < text.size()) {
      ++at;
    } else if (quoted ? c == '\'' : std::isspace(static_cast<unsigned char>(c)) != 0) {
      break;
    }
  }
  return ConninfoPair{text.substr(start, at - start), key};
}

// Visits each pair of conninfo text in order, up to the first malformed one; returns where the
// reading stopped (past the end when every pair was well-formed).
std::size_t visit_conninfo_pairs(std::string_view text, const auto& visit) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::optional<ConninfoPair> pair = next_conninfo_pair(text, at);
    if (!pair) {
      break;
    }
    visit(*pair);
  }
  return at;
}

// "host=h password='x y' dbname=d" -> "host=h dbname=d". Text that holds no password keyword
// (a file name with '=' in it) is returned unchanged; text after a malformed pair is dropped
// only when a password keyword was seen.
std::string redacted_conninfo(std::string_view text) {
  std::string kept;
  bool dropped = false;
  const std::size_t at = visit_conninfo_pairs(text, [&](const ConninfoPair& pair) {
    if (is_secret_keyword(pair.key)) {
      dropped = true;
      return;
    }
    std::string_view shown = pair.text;
    while (!shown.empty() && std::isspace(static_cast<unsigned char>(shown.back()))) {
      shown.remove_suffix(1);
    }
    kept += (kept.empty() ? "" : " ") + std::string(shown);
  });
  const bool rest_is_secret = at < text.size() && is_secret_keyword(text.substr(at));
  if (!dropped && !rest_is_secret) {
    return std::string(text);
  }
  return kept;
}

// "%73e" -> "se": every valid %-escape decoded, nothing else changed.
std::string percent_decoded(std::string_view text) {
  std::string decoded;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex_digit_value(text[i + 1]) >= 0 &&
        hex_digit_value(text[i + 2]) >= 0) {
      decoded +=
          static_cast<char>(hex_digit_value(text[i + 1]) * 16 + hex_digit_value(text[i + 2]));
      i += 2;
    } else {
      decoded += text[i];
    }
  }
  return decoded;
}

void add_secret(std::vector<std::string>& secrets, std::string_view raw) {
  if (!raw.empty()) {
    secrets.emplace_back(raw);
    secrets.push_back(percent_decoded(raw));
  }
}

void add_secret_parameters(std::vector<std::string>& secrets, std::string_view query) {
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view parameter = query.substr(0, amp);
    const std::size_t equals = parameter.find('=');
    if (equals != std::string_view::npos && is_secret_keyword(parameter.substr(0, equals))) {
      add_secret(secrets, parameter.substr(equals + 1));
    }
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
  }
}

// The password texts of a location, as written and decoded: what must not appear in a message.
std::vector<std::string> secrets_of(std::string_view location) {
  std::vector<std::string> secrets;
  if (!is_postgres_url(location)) {
    visit_conninfo_pairs(location, [&](const ConninfoPair& pair) {
      if (is_secret_keyword(pair.key)) {
        const std::size_t equals = pair.text.find('=');
        std::string_view value = pair.text.substr(equals + 1);
        while (!value.empty() &&
               (std::isspace(static_cast<unsigned char>(value.front())) || value.front() == '\'')) {
          value.remove_prefix(1);
        }
        while (!value.empty() &&
               (std::isspace(static_cast<unsigned char>(value.back())) || value.back() == '\'')) {
          value.remove_suffix(1);
        }
        add_secret(secrets, value);
      }
    });
    return secrets;
  }
  const std::string_view rest = location.substr(location.find("://") + 3);
  const std::size_t at = rest.substr(0, rest.find('/')).rfind('@');
  if (at != std::string_view::npos) {
    const std::string_view user_part = rest.substr(0, at);
    if (const std::size_t colon = user_part.find(':'); colon != std::string_view::npos) {
      add_secret(secrets, user_part.substr(colon + 1));
    }
  }
  for (std::size_t question = rest.find('?'); question != std::string_view::npos;
       question = rest.find('?', question + 1)) {
    add_secret_parameters(secrets, rest.substr(question + 1));
  }
  return secrets;
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

}  // namespace

std::string redacted_location(std::string_view location) {
  if (!is_postgres_url(location)) {
    return location.find('=') == std::string_view::npos ? std::string(location)
                                                        : redacted_conninfo(location);
  }
  std::string redacted = redacted_url(location);
  if (libpq_finds_a_password(redacted)) {
    return std::string(location.substr(0, location.find("://") + 3)) +
           "(location not shown: it holds a password)";
  }
  return redacted;
}

}  // namespace clonebench

namespace clonebench {

std::string redacted_message(std::string_view message, std::string_view location) {
  std::string text(message);
  if (!location.empty()) {
    replace_all(text, location, redacted_location(location));
  }
  std::vector<std::string> secrets = secrets_of(location);
  // Longest first, so that a secret holding a shorter one is replaced whole. Texts shorter
  // than three characters would replace ordinary words: a password that short protects little.
  std::sort(secrets.begin(), secrets.end(),
            [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  for (const std::string& secret : secrets) {
    if (secret.size() >= 3) {
      replace_all(text, secret, "***");
    }
  }
  return text;
}

}  // namespace clonebench

// A store location in messages: its text replaced by the form without a password, and every
// password text, as written or %-decoded, replaced by "***" (libpq's messages may quote them).
#include <algorithm>

#include "core/error.hpp"
#include "store/location_text.hpp"
#include "store/store_location.hpp"

namespace clonebench {
namespace {

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  if (from.empty()) {
    return;
  }
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

}  // namespace

std::string StoreLocation::redacted(std::string_view message) const {
  std::string text(message);
  if (text_ != shown_) {
    replace_all(text, text_, shown_);
  }
  std::vector<std::string> secrets;
  for (const std::string& secret : secrets_) {
    secrets.push_back(secret);
    secrets.push_back(percent_decoded(secret));
  }
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

bool is_postgres_location(std::string_view location) {
  return postgres_scheme_length(location) > 0 || starts_like_conninfo(location);
}

std::string redacted_location(std::string_view location) {
  try {
    return StoreLocation::parse(location).shown();
  } catch (const UsageError&) {
    if (const std::size_t scheme = url_scheme_length(location); scheme > 0) {
      return std::string(location.substr(0, scheme)) + "(not shown)";
    }
    return "(connection text not shown)";
  }
}

std::string redacted_message(std::string_view message, std::string_view location) {
  try {
    return StoreLocation::parse(location).redacted(message);
  } catch (const UsageError&) {
    // Text that names no database unambiguously: any part of it may be (part of) a password,
    // so every part of three characters or more is hidden, as written and decoded.
    std::string text(message);
    replace_all(text, location, redacted_location(location));
    std::vector<std::string> parts;
    std::string_view rest = location.substr(url_scheme_length(location));
    while (!rest.empty()) {
      const std::size_t end = std::min(rest.find_first_of(":@/?&=, '"), rest.size());
      parts.emplace_back(rest.substr(0, end));
      parts.push_back(percent_decoded(parts.back()));
      rest.remove_prefix(std::min(end + 1, rest.size()));
    }
    std::sort(parts.begin(), parts.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    for (const std::string& part : parts) {
      if (part.size() >= 3) {
        replace_all(text, part, "***");
      }
    }
    return text;
  }
}

}  // namespace clonebench

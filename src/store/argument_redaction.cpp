#include "store/argument_redaction.hpp"

#include <cctype>

#include "store/location_text.hpp"
#include "store/store_location.hpp"

namespace clonebench {
namespace {

constexpr std::string_view kPasswordWord = "password";

bool is_space(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

// Where a shell word ends outside quotes.
bool ends_a_shell_word(char c) {
  return is_space(c) || std::string_view("'\";|&<>()`").find(c) != std::string_view::npos;
}

// The first PostgreSQL URL scheme (any case) at or after `from`, or npos.
std::size_t find_postgres_url(std::string_view text, std::size_t from) {
  for (std::size_t at = from; at < text.size(); ++at) {
    if (postgres_scheme_length(text.substr(at)) > 0) {
      return at;
    }
  }
  return std::string_view::npos;
}

// The first "password" (any case) at or after `from`, or npos.
std::size_t find_password_word(std::string_view text, std::size_t from) {
  for (std::size_t at = from; at + kPasswordWord.size() <= text.size(); ++at) {
    if (is_password_keyword(text.substr(at, kPasswordWord.size()))) {
      return at;
    }
  }
  return std::string_view::npos;
}

// The end of the value that starts at `at`: a '...' or "..." quoted one (backslash escapes) to
// its closing quote, else up to the end of the shell word.
std::size_t value_end(std::string_view text, std::size_t at) {
  if (at < text.size() && (text[at] == '\'' || text[at] == '"')) {
    const char quote = text[at];
    for (++at; at < text.size() && text[at] != quote; ++at) {
      at += text[at] == '\\' ? 1 : 0;
    }
    return std::min(at + 1, text.size());
  }
  while (at < text.size() && !ends_a_shell_word(text[at])) {
    ++at;
  }
  return at;
}

// "host=h password='x y'" -> "host=h password=***"; "PGPASSWORD=x cmd" -> "PGPASSWORD=*** cmd":
// the value after a keyword holding "password", spaces allowed around '='.
std::string without_password_values(std::string_view text) {
  std::string kept;
  std::size_t copied = 0;
  for (std::size_t word = find_password_word(text, 0); word != std::string_view::npos;
       word = find_password_word(text, copied)) {
    std::size_t at = word + kPasswordWord.size();
    while (at < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[at])) != 0 || text[at] == '_')) {
      ++at;
    }
    while (at < text.size() && is_space(text[at])) {
      ++at;
    }
    if (at >= text.size() || text[at] != '=') {
      kept += text.substr(copied, at - copied);
      copied = at;
      continue;
    }
    ++at;
    while (at < text.size() && is_space(text[at])) {
      ++at;
    }
    kept += std::string(text.substr(copied, at - copied)) + "***";
    copied = value_end(text, at);
  }
  return kept + std::string(text.substr(copied));
}

}  // namespace

std::string redacted_argument(std::string_view word) {
  if (const std::size_t url = find_postgres_url(word, 0); url != std::string_view::npos) {
    return without_password_values(word.substr(0, url)) + redacted_location(word.substr(url));
  }
  if (starts_like_conninfo(word) && find_password_word(word, 0) != std::string_view::npos) {
    try {
      return StoreLocation::parse(word).shown();
    } catch (const std::exception&) {
      // Not libpq's text after all ("PGPASSWORD=x"): its password values go below.
    }
  }
  return without_password_values(word);
}

std::vector<std::string> redacted_arguments(const std::vector<std::string>& words) {
  std::vector<std::string> redacted;
  redacted.reserve(words.size());
  for (const std::string& word : words) {
    redacted.push_back(redacted_argument(word));
  }
  return redacted;
}

std::string redacted_text(std::string_view text) {
  std::string kept;
  std::size_t copied = 0;
  for (std::size_t url = find_postgres_url(text, 0); url != std::string_view::npos;
       url = find_postgres_url(text, copied)) {
    std::size_t end = url;
    while (end < text.size() && !ends_a_shell_word(text[end])) {
      ++end;
    }
    kept += text.substr(copied, url - copied);
    try {
      kept += StoreLocation::parse(text.substr(url, end - url)).shown();
      copied = end;
    } catch (const std::exception&) {
      kept += redacted_location(text.substr(url, end - url));
      copied = text.size();
    }
  }
  return without_password_values(kept + std::string(text.substr(copied)));
}

void redact_strings(nlohmann::json& json) {
  if (json.is_string()) {
    json = redacted_text(json.get_ref<const std::string&>());
  } else if (json.is_array()) {
    for (nlohmann::json& item : json) {
      if (item.is_string()) {
        item = redacted_argument(item.get_ref<const std::string&>());
      } else {
        redact_strings(item);
      }
    }
  } else if (json.is_object()) {
    for (nlohmann::json& value : json) {
      redact_strings(value);
    }
  }
}

}  // namespace clonebench

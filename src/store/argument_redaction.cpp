#include "store/argument_redaction.hpp"

#include <algorithm>
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

// The quote ('\'' or '"') that `text` is inside of at `at`, as a shell reads it, or 0.
char enclosing_quote(std::string_view text, std::size_t at) {
  char quote = 0;
  for (std::size_t i = 0; i < at && i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\' && quote != '\'') {
      ++i;  // escaped
    } else if (quote == 0 && (c == '\'' || c == '"')) {
      quote = c;
    } else if (c == quote) {
      quote = 0;
    }
  }
  return quote;
}

// Where the quoted text that goes on at `at` ends: at its closing `quote`, or the end.
std::size_t closing_quote(std::string_view text, std::size_t at, char quote) {
  while (at < text.size() && text[at] != quote) {
    at += text[at] == '\\' && quote == '"' ? 2 : 1;
  }
  return std::min(at, text.size());
}

// The end of the password value that starts at `at` in free text: a quoted value to its
// closing quote; inside quoted text (psql "host=h password=a b"), to the end of that text,
// since a space there may be part of the password; else the end of the shell word.
std::size_t value_end(std::string_view text, std::size_t at) {
  if (at < text.size() && (text[at] == '\'' || text[at] == '"')) {
    return std::min(closing_quote(text, at + 1, text[at]) + 1, text.size());
  }
  if (const char quote = enclosing_quote(text, at); quote != 0) {
    return closing_quote(text, at, quote);
  }
  while (at < text.size() && !ends_a_shell_word(text[at])) {
    ++at;
  }
  return at;
}

// "host=h password='x y'" -> "host=h password=***"; "PGPASSWORD=x cmd" -> "PGPASSWORD=*** cmd":
// the value after a keyword holding "password", spaces allowed around '='. In one word of a
// command line (`whole_word`) the value runs to the end of the word, whatever it holds.
std::string without_password_values(std::string_view text, bool whole_word) {
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
    copied = whole_word ? text.size() : value_end(text, at);
  }
  return kept + std::string(text.substr(copied));
}

}  // namespace

std::string redacted_argument(std::string_view word) {
  if (const std::size_t url = find_postgres_url(word, 0); url != std::string_view::npos) {
    return without_password_values(word.substr(0, url), true) + redacted_location(word.substr(url));
  }
  if (starts_like_conninfo(word) && find_password_word(word, 0) != std::string_view::npos) {
    try {
      return StoreLocation::parse(word).shown();
    } catch (const std::exception&) {
      // Not libpq's text after all: one "NAME=VALUE" ("PGPASSWORD=x") goes below; text of
      // several settings that libpq cannot read is not shown at all, since where its
      // password ends cannot be told.
      if (word.find_first_of(" \t\n") != std::string_view::npos) {
        return redacted_location(word);
      }
    }
  }
  return without_password_values(word, true);
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
    // Inside quotes the URL runs to the closing quote (its password may hold a space).
    std::size_t end = url;
    if (const char quote = enclosing_quote(text, url); quote != 0) {
      end = closing_quote(text, url, quote);
    }
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
  return without_password_values(kept + std::string(text.substr(copied)), false);
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

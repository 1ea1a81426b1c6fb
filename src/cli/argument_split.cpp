#include "cli/argument_split.hpp"

#include <fmt/core.h>

#include "core/error.hpp"

namespace clonebench {

std::vector<std::string> split_arguments(const std::string& text, const std::string& flag) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;  // distinguishes '' (an empty word) from nothing
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else if (c == '\\' && quote == '"' && i + 1 < text.size() &&
                 (text[i + 1] == '"' || text[i + 1] == '\\')) {
        word += text[++i];
      } else {
        word += c;
      }
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == '\\') {
      if (i + 1 == text.size()) {
        throw UsageError(fmt::format("{}: trailing backslash in '{}'", flag, text));
      }
      word += text[++i];
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) {
        words.push_back(word);
        word.clear();
        in_word = false;
      }
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote != 0) {
    throw UsageError(fmt::format("{}: unterminated {} quote in '{}'", flag,
                                 quote == '\'' ? "single" : "double", text));
  }
  if (in_word) {
    words.push_back(word);
  }
  return words;
}

}  // namespace clonebench

#pragma once
// The SRU text wraps its prose at 72 columns (src/report/sru_text_width.hpp), wherever a line
// happens to end: a test that looks for a sentence reads the words, not the line breaks.

#include <string>

namespace clonebench::testing {

// `text` with every run of spaces and line breaks written as one space.
inline std::string sru_words(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const bool blank = c == ' ' || c == '\n';
    if (!blank) {
      out += c;
    } else if (!out.empty() && out.back() != ' ') {
      out += ' ';
    }
  }
  return out;
}

}  // namespace clonebench::testing

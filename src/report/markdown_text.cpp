#include "report/markdown_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "core/number_text.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

// The longest run of backticks in `text`.
std::size_t longest_backtick_run(const std::string& text) {
  std::size_t longest = 0, run = 0;
  for (const char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace

// Stored text (labels, names, sentences holding them) as Markdown text: printable(), with every
// character that would start Markdown syntax backslash-escaped, so it is shown as typed and never
// rendered ("![i](http://…)" stays text, not an image). '|' is left to the table renderer; '_' only
// matters beside a non-word character (CommonMark: no emphasis inside a word).
std::string md_text(std::string_view text) {
  const std::string safe = printable(text);
  const auto word = [&](std::size_t i) {
    return i < safe.size() && (std::isalnum(static_cast<unsigned char>(safe[i])) != 0 ||
                               static_cast<unsigned char>(safe[i]) >= 0x80);
  };
  std::string out;
  for (std::size_t i = 0; i < safe.size(); ++i) {
    const char c = safe[i];
    const bool special = std::string_view("\\`*[]<>!~&#").find(c) != std::string_view::npos;
    const bool underscore = c == '_' && !(i > 0 && word(i - 1) && word(i + 1));
    if (special || underscore) {
      out += '\\';
    }
    out += c;
  }
  return out;
}

// A fenced code block of one stored text: printable() leaves no line break, and the fence is
// longer than any run of backticks inside, so nothing in it can end the block.
std::string code_block(const std::string& text) {
  const std::string safe = printable(text);
  const std::string fence(std::max<std::size_t>(3, longest_backtick_run(safe) + 1), '`');
  return fence + "\n" + safe + "\n" + fence + "\n";
}

// The characters md_text() escapes and ( ) { } + _ | besides.
std::string md_every_mark(std::string_view text) {
  std::string out;
  for (const char c : printable(text)) {
    if (std::string_view("\\`*_{}[]<>()#+!|&~").find(c) != std::string_view::npos) {
      out += '\\';
    }
    out += c;
  }
  return out;
}

// CommonMark strips one space from each end of a span that begins or ends with a space or a
// backtick, so such a text gets one of each.
std::string code_span(const std::string& text) {
  const std::string safe = printable(text);
  const std::string ticks(longest_backtick_run(safe) + 1, '`');
  const bool pad = !safe.empty() && (safe.front() == '`' || safe.back() == '`' ||
                                     (safe.front() == ' ' && safe.back() == ' ' &&
                                      safe.find_first_not_of(' ') != std::string::npos));
  return ticks + (pad ? " " + safe + " " : safe) + ticks;
}

std::string markdown_number(double value) {
  return significant_text(value);
}

}  // namespace clonebench

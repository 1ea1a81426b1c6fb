#include "report/markdown_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>

#include "compare/wording.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

std::string cell(std::string text) {
  std::string out;
  for (char c : text) {
    out += c == '|' ? std::string("\\|") : std::string(1, c);
  }
  return out;
}

std::string row(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const std::string& text : cells) {
    line += " " + cell(text) + " |";
  }
  return line + "\n";
}

bool is_numeric(const std::string& text) {
  if (text.starts_with('[')) {
    return true;  // an interval
  }
  double value = 0;
  const std::size_t end = text.find(' ');  // "+1.20 %"
  const std::string number_part = text.substr(0, end);
  const char* first = number_part.data() + (number_part.starts_with('+') ? 1 : 0);
  const auto [last, error] = std::from_chars(first, number_part.data() + number_part.size(), value);
  return !number_part.empty() && error == std::errc() &&
         last == number_part.data() + number_part.size();
}

}  // namespace

// Stored text (labels, names, sentences holding them) as Markdown text: printable(), with every
// character that would start Markdown syntax backslash-escaped, so it is shown as typed and never
// rendered ("![i](http://…)" stays text, not an image). '|' is left to cell(); '_' only matters
// beside a non-word character (CommonMark: no emphasis inside a word).
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
  std::size_t longest = 0, run = 0;
  for (const char c : safe) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<std::size_t>(3, longest + 1), '`');
  return fence + "\n" + safe + "\n" + fence + "\n";
}

// Columns whose cells are all numbers align right; text columns align left.
std::string md_table(const std::vector<std::string>& header,
                     const std::vector<std::vector<std::string>>& rows) {
  std::string out = row(header) + "|";
  for (std::size_t i = 0; i < header.size(); ++i) {
    const bool numeric = !rows.empty() && std::all_of(rows.begin(), rows.end(), [i](const auto& r) {
      return i < r.size() && is_numeric(r[i]);
    });
    out += numeric ? " ---: |" : " --- |";
  }
  out += "\n";
  for (const auto& cells : rows) {
    out += row(cells);
  }
  return out + "\n";
}

std::string markdown_number(double value) {
  return plain_number(value);
}

}  // namespace clonebench

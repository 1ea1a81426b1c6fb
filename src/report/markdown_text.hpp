#pragma once
// The pieces every markdown section of a report is made of: stored text made inert, fenced
// commands, and tables whose number columns align right.

#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

// Stored text (labels, names, sentences holding them) as Markdown text: printable(), with every
// character that would start Markdown syntax backslash-escaped, so it is shown as typed and never
// rendered ("![i](http://…)" stays text, not an image).
std::string md_text(std::string_view text);

// A fenced code block of one stored text, whose fence no backtick run inside can end.
std::string code_block(const std::string& text);

// A table: '|' in a cell escaped; columns whose cells are all numbers (or intervals) align right.
std::string md_table(const std::vector<std::string>& header,
                     const std::vector<std::vector<std::string>>& rows);

// Five significant digits, never in scientific notation (plain_number()).
std::string markdown_number(double value);

}  // namespace clonebench

#pragma once
// How the Markdown renderer (document_markdown.cpp) writes text: stored text made inert, code
// spans and fenced blocks no text inside can end, numbers.

#include <string>
#include <string_view>

namespace clonebench {

// Stored text (labels, names, sentences holding them) as Markdown text: printable(), with every
// character that would start Markdown syntax backslash-escaped, so it is shown as typed and never
// rendered ("![i](http://…)" stays text, not an image).
std::string md_text(std::string_view text);

// printable(), with every ASCII punctuation Markdown or HTML would act on backslash-escaped,
// '|' and '_' included: the stricter form the trace census's text has always been written in.
std::string md_every_mark(std::string_view text);

// A fenced code block of one stored text, whose fence no backtick run inside can end.
std::string code_block(const std::string& text);

// A code span of one stored text, whose backtick string no backtick run inside can end.
std::string code_span(const std::string& text);

// A number shown without an interval: three significant digits, never in scientific notation
// (significant_text(), core/number_text.hpp).
std::string markdown_number(double value);

}  // namespace clonebench

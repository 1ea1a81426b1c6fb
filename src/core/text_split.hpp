#pragma once
// Cutting a line of text into its words and trimming its blanks, one way for every reader of
// stress-ng output, kernel logs and /proc files.

#include <string_view>
#include <vector>

namespace clonebench {

// The runs of `text` between any of the `separators` ("a  b c" -> {"a", "b", "c"}); the views
// point into `text`.
std::vector<std::string_view> split_words(std::string_view text, std::string_view separators);

// The first line of `text`, without its '\n', and `text` from the next line on (empty after the
// last line, whether or not it ends in '\n').
std::string_view take_line(std::string_view& text);

// `text` without any of `characters` at either end ("" when it holds nothing else).
std::string_view trim_any(std::string_view text, std::string_view characters);

// `line` without spaces and tabs at either end, nor the '\r' a CRLF line ending leaves at its end.
std::string_view trim_blanks(std::string_view line);

}  // namespace clonebench

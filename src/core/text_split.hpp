#pragma once
// Cutting a line of text into its words and trimming its blanks, one way for every reader of
// stress-ng output, kernel logs and /proc files.

#include <string_view>
#include <vector>

namespace clonebench {

// The runs of `text` between any of the `separators` ("a  b c" -> {"a", "b", "c"}); the views
// point into `text`.
std::vector<std::string_view> split_words(std::string_view text, std::string_view separators);

// `line` without spaces and tabs at either end, nor the '\r' a CRLF line ending leaves at its end.
std::string_view trim_blanks(std::string_view line);

}  // namespace clonebench

#pragma once
// Paragraphs for a terminal: words joined into lines of at most `width` characters.

#include <cstddef>
#include <string>
#include <string_view>

namespace clonebench {

// The characters of UTF-8 `text` a terminal shows, one column each: its code points, not its
// bytes ("µs" is 2, though 3 bytes). Wide (East Asian) characters count as one.
std::size_t code_point_count(std::string_view text);

// Every line starts with `indent` and ends with '\n'; a word longer than the line stays whole.
// Widths count characters (code_point_count()), so a line holding "µ" is as long as any other.
std::string word_wrap(std::string_view text, std::size_t width, std::string_view indent = "");

}  // namespace clonebench

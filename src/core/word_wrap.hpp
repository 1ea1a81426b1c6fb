#pragma once
// Paragraphs for a terminal: words joined into lines of at most `width` characters.

#include <cstddef>
#include <string>
#include <string_view>

namespace clonebench {

// Every line starts with `indent` and ends with '\n'; a word longer than the line stays whole.
std::string word_wrap(std::string_view text, std::size_t width, std::string_view indent = "");

}  // namespace clonebench

#include "core/word_wrap.hpp"

#include "core/text_split.hpp"

namespace clonebench {

std::size_t code_point_count(std::string_view text) {
  std::size_t width = 0;
  for (const char c : text) {
    // A UTF-8 continuation byte (10xxxxxx) belongs to the character before it.
    width += (static_cast<unsigned char>(c) & 0xC0) == 0x80 ? 0 : 1;
  }
  return width;
}

std::string word_wrap(std::string_view text, std::size_t width, std::string_view indent) {
  std::string out, line;
  std::size_t line_width = 0;  // of `line`, in characters
  const std::size_t indent_width = code_point_count(indent);
  const auto flush = [&] {
    if (!line.empty()) {
      out.append(indent).append(line).push_back('\n');
      line.clear();
      line_width = 0;
    }
  };
  for (const std::string_view word : split_words(text, " \n\t")) {
    const std::size_t word_width = code_point_count(word);
    if (!line.empty() && indent_width + line_width + 1 + word_width > width) {
      flush();
    }
    line_width += (line.empty() ? 0 : 1) + word_width;
    line.append(line.empty() ? "" : " ").append(word);
  }
  flush();
  return out;
}

}  // namespace clonebench

#include "core/word_wrap.hpp"

#include "core/text_split.hpp"

namespace clonebench {

std::string word_wrap(std::string_view text, std::size_t width, std::string_view indent) {
  std::string out, line;
  const auto flush = [&] {
    if (!line.empty()) {
      out.append(indent).append(line).push_back('\n');
      line.clear();
    }
  };
  for (const std::string_view word : split_words(text, " \n\t")) {
    if (!line.empty() && indent.size() + line.size() + 1 + word.size() > width) {
      flush();
    }
    line.append(line.empty() ? "" : " ").append(word);
  }
  flush();
  return out;
}

}  // namespace clonebench

#include "core/word_wrap.hpp"

namespace clonebench {

std::string word_wrap(std::string_view text, std::size_t width, std::string_view indent) {
  std::string out, line;
  const auto flush = [&] {
    if (!line.empty()) {
      out.append(indent).append(line).push_back('\n');
      line.clear();
    }
  };
  std::size_t begin = 0;
  while (begin < text.size()) {
    const std::size_t start = text.find_first_not_of(" \n\t", begin);
    if (start == std::string_view::npos) {
      break;
    }
    const std::size_t end = std::min(text.find_first_of(" \n\t", start), text.size());
    const std::string_view word = text.substr(start, end - start);
    if (!line.empty() && indent.size() + line.size() + 1 + word.size() > width) {
      flush();
    }
    line.append(line.empty() ? "" : " ").append(word);
    begin = end;
  }
  flush();
  return out;
}

}  // namespace clonebench

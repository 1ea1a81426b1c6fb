#include "compare/text_columns.hpp"

#include <algorithm>

namespace clonebench {

std::size_t display_width(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;  // skip continuation bytes
  }));
}

std::string pad_right(std::string_view text, std::size_t width) {
  std::string padded(text);
  const std::size_t current = display_width(text);
  if (current < width) {
    padded.append(width - current, ' ');
  }
  return padded;
}

std::string pad_left(std::string_view text, std::size_t width) {
  const std::size_t current = display_width(text);
  std::string padded(current < width ? width - current : 0, ' ');
  padded += text;
  return padded;
}

std::string centre(std::string_view text, std::size_t width) {
  const std::size_t current = display_width(text);
  if (current >= width) {
    return std::string(text);
  }
  const std::size_t left = (width - current) / 2;
  return std::string(left, ' ') + std::string(text) + std::string(width - current - left, ' ');
}

std::string render_columns(const std::vector<std::vector<std::string>>& rows,
                           const std::vector<bool>& right_aligned, std::string_view separator) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (std::size_t i = 0; i < row.size(); ++i) {
      widths[i] = std::max(widths[i], display_width(row[i]));
    }
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i > 0) {
        line += separator;
      }
      const bool right = i < right_aligned.size() && right_aligned[i];
      line += right ? pad_left(row[i], widths[i]) : pad_right(row[i], widths[i]);
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  return out;
}

}  // namespace clonebench

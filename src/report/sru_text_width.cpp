#include "report/sru_text_width.hpp"

#include <algorithm>
#include <vector>

#include "core/word_wrap.hpp"

namespace clonebench {
namespace {

// A line as its characters (UTF-8 sequences), one per column.
using Columns = std::vector<std::string>;

Columns columns_of(std::string_view line) {
  Columns out;
  for (std::size_t i = 0; i < line.size();) {
    std::size_t length = 1;
    while (i + length < line.size() &&
           (static_cast<unsigned char>(line[i + length]) & 0xC0U) == 0x80U) {
      ++length;
    }
    out.emplace_back(line.substr(i, length));
    i += length;
  }
  return out;
}

std::string text_of(const Columns& line, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) {
    out += i < line.size() ? line[i] : " ";
  }
  return out;
}

std::string trimmed(std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  return line;
}

std::size_t indent_of(std::string_view line) {
  const std::size_t first = line.find_first_not_of(' ');
  return first == std::string_view::npos ? line.size() : first;
}

// A table row: after its indent, two cells apart by two spaces or more.
bool is_table_row(std::string_view line) {
  const std::string_view body = line.substr(indent_of(line));
  const std::size_t gap = body.find("  ");
  return gap != std::string_view::npos &&
         body.find_first_not_of(' ', gap) != std::string_view::npos;
}

// A command to paste, as the SRU texts write one: indented four columns or more, a `clonebench`
// command line (after `sudo` for hvo-key). Wrapped, it would no longer paste as one command.
bool is_command(std::string_view line) {
  const std::size_t indent = indent_of(line);
  const std::string_view body = line.substr(indent);
  return indent >= 4 && (body.starts_with("clonebench ") || body.starts_with("sudo clonebench "));
}

std::string wrapped_prose(std::string_view line, std::size_t width) {
  const std::string indent(indent_of(line), ' ');
  std::string out = word_wrap(line, width, indent + "  ");
  return out.replace(0, indent.size() + 2, indent);
}

// The table's cells as column ranges: separated wherever every line has two blanks or more.
std::vector<std::pair<std::size_t, std::size_t>> cell_ranges(const std::vector<Columns>& lines) {
  std::size_t widest = 0;
  for (const Columns& line : lines) {
    widest = std::max(widest, line.size());
  }
  std::vector<bool> blank(widest + 2, true);
  for (const Columns& line : lines) {
    for (std::size_t i = 0; i < line.size(); ++i) {
      blank[i] = blank[i] && line[i] == " ";
    }
  }
  std::vector<std::pair<std::size_t, std::size_t>> ranges;
  std::size_t i = 0;
  while (i < widest) {
    while (i < widest && blank[i]) {
      ++i;
    }
    const std::size_t start = i;
    while (i < widest && !(blank[i] && blank[i + 1])) {
      ++i;
    }
    if (i > start) {
      ranges.emplace_back(start, i);
    }
  }
  return ranges;
}

std::string folded_table(const std::vector<std::string_view>& block, std::size_t width) {
  std::vector<Columns> lines;
  for (const std::string_view line : block) {
    lines.push_back(columns_of(line));
  }
  const auto ranges = cell_ranges(lines);
  if (ranges.size() < 2) {
    std::string out;
    for (const std::string_view line : block) {
      out += std::string(line) + "\n";
    }
    return out;
  }
  // Groups of cells after the first that fit beside it.
  std::vector<std::vector<std::size_t>> groups(1);
  std::size_t used = ranges.front().second;
  for (std::size_t cell = 1; cell < ranges.size(); ++cell) {
    const std::size_t cell_width = ranges[cell].second - ranges[cell].first;
    if (!groups.back().empty() && used + 2 + cell_width > width) {
      groups.emplace_back();
      used = ranges.front().second;
    }
    groups.back().push_back(cell);
    used += 2 + cell_width;
  }
  std::string out;
  for (std::size_t group = 0; group < groups.size(); ++group) {
    out += group == 0 ? "" : "\n";
    for (const Columns& line : lines) {
      std::string row = text_of(line, 0, ranges.front().second);
      for (const std::size_t cell : groups[group]) {
        row += "  " + text_of(line, ranges[cell].first, ranges[cell].second);
      }
      out += trimmed(row) + "\n";
    }
  }
  return out;
}

std::size_t columns_in(std::string_view line) {
  return columns_of(line).size();
}

}  // namespace

std::string fit_sru_width(std::string_view text, std::size_t width) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  std::string out;
  for (std::size_t i = 0; i < lines.size();) {
    if (is_command(lines[i])) {
      out += std::string(lines[i]) + "\n";
      ++i;
      continue;
    }
    if (!is_table_row(lines[i])) {
      out += columns_in(lines[i]) > width ? wrapped_prose(lines[i], width)
                                          : std::string(lines[i]) + "\n";
      ++i;
      continue;
    }
    std::vector<std::string_view> block;
    bool wide = false;
    for (; i < lines.size() && is_table_row(lines[i]) && !is_command(lines[i]); ++i) {
      block.push_back(lines[i]);
      wide = wide || columns_in(lines[i]) > width;
    }
    if (wide) {
      out += folded_table(block, width);
    } else {
      for (const std::string_view line : block) {
        out += std::string(line) + "\n";
      }
    }
  }
  if (!text.empty() && text.back() != '\n' && !out.empty()) {
    out.pop_back();
  }
  return out;
}

}  // namespace clonebench

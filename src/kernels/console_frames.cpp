#include "kernels/console_frames.hpp"

#include <charconv>
#include <cstdint>
#include <deque>
#include <optional>

#include "core/text_safety.hpp"
#include "core/text_split.hpp"
#include "guest/console_frame.h"

namespace clonebench {
namespace {

struct Block {
  std::size_t offset = 0;
  std::string bytes;
};

template <typename T>
std::optional<T> number(std::string_view text, int base = 10) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
    return std::nullopt;
  }
  return value;
}

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 26;
  if (c >= '0' && c <= '9')
    return c - '0' + 52;
  if (c == '+')
    return 62;
  if (c == '/')
    return 63;
  return -1;
}

std::optional<std::string> base64_decode(std::string_view text) {
  if (text.size() % 4 != 0) {
    return std::nullopt;
  }
  std::string bytes;
  for (std::size_t i = 0; i < text.size(); i += 4) {
    int values[4];
    int padding = 0;
    for (int j = 0; j < 4; ++j) {
      const char c = text[i + j];
      if (c == '=' && j >= 2 && i + 4 == text.size()) {
        values[j] = 0;
        ++padding;
        continue;
      }
      values[j] = base64_value(c);
      if (values[j] < 0 || padding > 0) {
        return std::nullopt;
      }
    }
    const std::uint32_t triple =
        (values[0] << 18) | (values[1] << 12) | (values[2] << 6) | values[3];
    bytes.push_back(static_cast<char>(triple >> 16));
    if (padding < 2)
      bytes.push_back(static_cast<char>((triple >> 8) & 0xFF));
    if (padding < 1)
      bytes.push_back(static_cast<char>(triple & 0xFF));
  }
  return bytes;
}

std::uint32_t crc_of(std::string_view bytes) {
  return console_crc32(0, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
}

using Key = std::pair<std::string, unsigned>;

// "CBREC1 kind index offset length crc base64": true when the block was taken.
bool take_block(std::string_view line, std::map<Key, std::vector<Block>>& blocks) {
  const auto words = split_words(line, " ");
  if (words.size() != 7) {
    return false;
  }
  const auto index = number<unsigned>(words[2]);
  const auto offset = number<std::size_t>(words[3]);
  const auto length = number<std::size_t>(words[4]);
  const auto crc = words[5].size() == 8 ? number<std::uint32_t>(words[5], 16) : std::nullopt;
  const auto bytes = base64_decode(words[6]);
  if (!index || !offset || !length || !crc || !bytes || bytes->size() != *length ||
      crc_of(*bytes) != *crc) {
    return false;
  }
  blocks[{std::string(words[1]), *index}].push_back({*offset, *bytes});
  return true;
}

// "CBEND1 kind index total crc": assembles the message from its blocks.
bool take_end(std::string_view line, std::map<Key, std::vector<Block>>& blocks,
              ConsoleMessages& messages) {
  const auto words = split_words(line, " ");
  if (words.size() != 5) {
    return false;
  }
  const auto index = number<unsigned>(words[2]);
  const auto total = number<std::size_t>(words[3]);
  const auto crc = words[4].size() == 8 ? number<std::uint32_t>(words[4], 16) : std::nullopt;
  constexpr std::size_t kLargestMessage = 64u << 20;
  if (!index || !total || !crc || *total > kLargestMessage) {
    return false;
  }
  const Key key{std::string(words[1]), *index};
  std::string message(*total, '\0');
  for (const Block& block : blocks[key]) {
    if (block.offset <= message.size() && block.bytes.size() <= message.size() - block.offset) {
      message.replace(block.offset, block.bytes.size(), block.bytes);
    }
  }
  blocks.erase(key);
  if (crc_of(message) != *crc) {
    ++messages.damaged_messages;
    return true;
  }
  messages.complete[key] = std::move(message);
  return true;
}

// A console line without the carriage return and spaces the serial console leaves at its end.
std::string_view without_trailing_blanks(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
    line.remove_suffix(1);
  }
  return line;
}

// The next line of `rest`, without its newline and trailing blanks; `rest` moves past it.
std::string_view take_console_line(std::string_view& rest) {
  const std::size_t end = std::min(rest.find('\n'), rest.size());
  const std::string_view line = rest.substr(0, end);
  rest.remove_prefix(std::min(end + 1, rest.size()));
  return without_trailing_blanks(line);
}

}  // namespace

ConsoleMessages decode_console(std::string_view console) {
  ConsoleMessages messages;
  std::map<Key, std::vector<Block>> blocks;
  for (std::string_view rest = console; !rest.empty();) {
    const std::string_view line = take_console_line(rest);
    // A kernel message may have started the line; ours begin at the marker.
    if (const std::size_t mark = line.find("CBREC1 "); mark != std::string_view::npos) {
      if (!take_block(line.substr(mark), blocks)) {
        ++messages.damaged_blocks;
      }
    } else if (const std::size_t stop = line.find("CBEND1 "); stop != std::string_view::npos) {
      if (!take_end(line.substr(stop), blocks, messages)) {
        ++messages.damaged_messages;
      }
    } else if (line.find("CBDONE1") != std::string_view::npos) {
      messages.done = true;
    }
  }
  return messages;
}

std::vector<std::string> panic_console_lines(std::string_view console, std::size_t count) {
  const std::size_t panic = console.find("Kernel panic");
  if (panic == std::string_view::npos) {
    return last_console_lines(console, count);
  }
  const std::size_t line_start = console.rfind('\n', panic);
  std::string_view from = console.substr(line_start == std::string_view::npos ? 0 : line_start + 1);
  std::vector<std::string> lines;
  while (!from.empty() && lines.size() < count) {
    const std::string_view line = take_console_line(from);
    if (!line.empty() && line.find("CBREC1 ") == std::string_view::npos) {
      lines.push_back(printable(std::string(line)));
    }
  }
  return lines;
}

std::vector<std::string> last_console_lines(std::string_view console, std::size_t count) {
  std::deque<std::string> lines;
  for (std::string_view rest = console; !rest.empty() && count > 0;) {
    const std::string_view line = take_console_line(rest);
    if (line.empty() || line.find("CBREC1 ") != std::string_view::npos ||
        line.find("CBEND1 ") != std::string_view::npos) {
      continue;
    }
    lines.push_back(printable(std::string(line)));
    if (lines.size() > count) {
      lines.pop_front();
    }
  }
  return {lines.begin(), lines.end()};
}

}  // namespace clonebench

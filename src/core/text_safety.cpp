#include "core/text_safety.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "core/error.hpp"

namespace clonebench {
namespace {

// The length of the UTF-8 sequence at the front of `text`, or 0 when it is malformed.
std::size_t sequence_length(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) {
    return 1;
  }
  std::size_t length = 0;
  unsigned min_second = 0x80, max_second = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    min_second = lead == 0xE0 ? 0xA0 : 0x80;  // no overlong forms
    max_second = lead == 0xED ? 0x9F : 0xBF;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    min_second = lead == 0xF0 ? 0x90 : 0x80;
    max_second = lead == 0xF4 ? 0x8F : 0xBF;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (text.size() < length || byte(1) < min_second || byte(1) > max_second) {
    return 0;
  }
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xBF) {
      return 0;
    }
  }
  return length;
}

bool is_control(unsigned char c) {
  return c < 0x20 || c == 0x7F;
}

// U+0080..U+009F (C2 80..C2 9F): the C1 controls; U+009B is a CSI to many terminals.
bool is_c1_control(std::string_view sequence) {
  return sequence.size() == 2 && static_cast<unsigned char>(sequence[0]) == 0xC2 &&
         static_cast<unsigned char>(sequence[1]) <= 0x9F;
}

// The bidirectional embeddings and overrides U+202A..U+202E (E2 80 AA..AE) and isolates
// U+2066..U+2069 (E2 81 A6..A9): a terminal shows the text after them in another order than it
// is stored ("Trojan Source"), so a name could read as another.
bool is_bidi_control(std::string_view sequence) {
  if (sequence.size() != 3 || static_cast<unsigned char>(sequence[0]) != 0xE2) {
    return false;
  }
  const auto second = static_cast<unsigned char>(sequence[1]);
  const auto third = static_cast<unsigned char>(sequence[2]);
  return (second == 0x80 && third >= 0xAA && third <= 0xAE) ||
         (second == 0x81 && third >= 0xA6 && third <= 0xA9);
}

// The code point of a two- or three-byte UTF-8 sequence.
unsigned code_point(std::string_view sequence) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(sequence[i]) & 0x3Fu; };
  if (sequence.size() == 2) {
    return (static_cast<unsigned char>(sequence[0]) & 0x1Fu) << 6 | byte(1);
  }
  return (static_cast<unsigned char>(sequence[0]) & 0x0Fu) << 12 | byte(1) << 6 | byte(2);
}

// The words a selection (report, compare) reads as something else than a label: the kinds
// that select the newest experiment.
constexpr std::string_view kSelectorWords[] = {"ab", "sweep", "scale"};
// Endings that make compare read a word as a file path.
constexpr std::string_view kPathEndings[] = {".json", ".yaml", ".yml", ".log", ".txt"};

}  // namespace

bool is_valid_utf8(std::string_view text) {
  while (!text.empty()) {
    const std::size_t length = sequence_length(text);
    if (length == 0) {
      return false;
    }
    text.remove_prefix(length);
  }
  return true;
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const std::size_t length = sequence_length(text);
    const auto c = static_cast<unsigned char>(text.front());
    if (is_c1_control(text.substr(0, length)) || is_bidi_control(text.substr(0, length))) {
      out += fmt::format("\\u{:04X}", code_point(text.substr(0, length)));
      text.remove_prefix(length);
      continue;
    }
    if (length == 0 || (length == 1 && is_control(c))) {
      switch (c) {
        case '\n':
          out += "\\n";
          break;
        case '\t':
          out += "\\t";
          break;
        case '\r':
          out += "\\r";
          break;
        default:
          out += fmt::format("\\x{:02X}", c);
      }
      text.remove_prefix(1);
      continue;
    }
    out.append(text.substr(0, length));
    text.remove_prefix(length);
  }
  return out;
}

void require_clean_text(std::string_view text, std::string_view flag) {
  const bool has_control = std::any_of(
      text.begin(), text.end(), [](char c) { return is_control(static_cast<unsigned char>(c)); });
  if (has_control || !is_valid_utf8(text) || printable(text) != text) {
    throw UsageError(fmt::format(
        "{}: '{}' is not valid UTF-8 text (control characters and invalid bytes are shown "
        "escaped)",
        flag, printable(text)));
  }
}

void require_selectable_label(std::string_view label, std::string_view flag) {
  require_clean_text(label, flag);
  if (label.size() > kMaxLabelBytes) {
    throw UsageError(fmt::format("{}: '{}' is {} bytes long; a label has at most {}", flag,
                                 shortened(label, 40), label.size(), kMaxLabelBytes));
  }
  if (label.starts_with('-')) {
    throw UsageError(fmt::format(
        "{}: '{}' starts with '-': a command line that holds it would read it as an option", flag,
        label));
  }
  const bool id_like = !label.empty() && label.find_first_not_of("0123456789,-") == label.npos;
  const bool selector = std::find(std::begin(kSelectorWords), std::end(kSelectorWords), label) !=
                        std::end(kSelectorWords);
  const bool path_like =
      label.find('/') != label.npos ||
      std::any_of(std::begin(kPathEndings), std::end(kPathEndings),
                  [&](std::string_view ending) { return label.ends_with(ending); });
  if (id_like || selector || path_like) {
    throw UsageError(fmt::format(
        "{}: '{}' cannot be told from {} where report and compare select runs; choose a label "
        "with a letter in it",
        flag, label,
        id_like    ? "run ids"
        : selector ? "the newest experiment of that kind"
                   : "a file path"));
  }
}

std::string printable_lines(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    out += printable(text.substr(0, end));
    if (end < text.size()) {
      out += '\n';
    }
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return out;
}

std::string shortened(std::string_view text, std::size_t max_chars) {
  const std::string safe = printable(text);
  std::size_t at = 0;
  for (std::size_t chars = 0; at < safe.size() && chars < max_chars; ++chars) {
    at += std::max<std::size_t>(1, sequence_length(std::string_view(safe).substr(at)));
  }
  return at >= safe.size() ? safe : safe.substr(0, at) + "…";
}

std::string dump_json(const nlohmann::json& json, int indent) {
  return json.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string dump_json(const nlohmann::ordered_json& json, int indent) {
  return json.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace clonebench

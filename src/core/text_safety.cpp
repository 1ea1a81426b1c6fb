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
  if (has_control || !is_valid_utf8(text)) {
    throw UsageError(fmt::format(
        "{}: '{}' is not valid UTF-8 text (control characters and invalid bytes are shown "
        "escaped)",
        flag, printable(text)));
  }
}

std::string dump_json(const nlohmann::json& json, int indent) {
  return json.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string dump_json(const nlohmann::ordered_json& json, int indent) {
  return json.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace clonebench

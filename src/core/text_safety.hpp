#pragma once
// Text that came from outside (files, arguments, the kernel) is shown to people and written into
// JSON, YAML and one-line messages. These helpers keep such text from breaking them: invalid
// UTF-8 would make the JSON library throw, control characters would split a message or move a
// terminal's cursor.

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace clonebench {

// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or values > U+10FFFF).
bool is_valid_utf8(std::string_view text);

// `text` with every byte that is not part of valid UTF-8, and every control character, written
// as an escape: "\n", "\t", "\r" or "\xNN". Valid printable text passes unchanged, so applying
// it twice changes nothing more (a backslash already in the text is kept as it is).
std::string printable(std::string_view text);

// Throws UsageError naming `flag` unless `text` is valid UTF-8 without control characters.
void require_clean_text(std::string_view text, std::string_view flag);

// JSON text in which invalid UTF-8 from stored or read data is replaced (U+FFFD) instead of
// throwing; indent < 0 gives the compact form.
std::string dump_json(const nlohmann::json& json, int indent = -1);
std::string dump_json(const nlohmann::ordered_json& json, int indent = -1);

}  // namespace clonebench

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
// as an escape: "\n", "\t", "\r", "\xNN", or "\uNNNN" for the C1 controls U+0080..U+009F and
// the bidirectional embeddings, overrides and isolates U+202A..U+202E and U+2066..U+2069 (which
// make a terminal show text in another order than it is stored). Valid printable text passes
// unchanged, so applying it twice changes nothing more (a backslash already in the text is kept
// as it is).
std::string printable(std::string_view text);

// printable() of each line, the line breaks kept: for a multi-line text bound for a terminal.
std::string printable_lines(std::string_view text);

// Throws UsageError naming `flag` unless `text` is valid UTF-8 without control characters.
void require_clean_text(std::string_view text, std::string_view flag);

// The longest label --label accepts, in bytes: a label is a name, and every `history` row is as
// wide as the widest one.
inline constexpr std::size_t kMaxLabelBytes = 200;

// Throws UsageError naming `flag` unless `label` is clean text (require_clean_text) of at most
// kMaxLabelBytes bytes that report and compare can select: not run ids ("5", "3,4", "1-9"), not a
// word that selects an experiment ("ab", "sweep", "scale"), not a file path to compare (a '/', or a
// .json, .yaml, .yml, .log or .txt ending), and not starting with '-' (a command line holding it,
// one a shell completion typed, would read it as an option).
void require_selectable_label(std::string_view label, std::string_view flag);

// How much of an input a one-line error message quotes (shortened()): a 10 MB line of a file
// given to compare is named, not repeated.
inline constexpr std::size_t kQuotedChars = 80;

// printable(text), cut after `max_chars` characters with "…" when longer: for a stored text
// shown in a column, or quoted in a one-line message.
std::string shortened(std::string_view text, std::size_t max_chars);

// JSON text in which invalid UTF-8 from stored or read data is replaced (U+FFFD) instead of
// throwing; indent < 0 gives the compact form.
std::string dump_json(const nlohmann::json& json, int indent = -1);
std::string dump_json(const nlohmann::ordered_json& json, int indent = -1);

}  // namespace clonebench

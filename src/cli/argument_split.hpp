#pragma once
// Splits one quoted argument (ab's SPEC, --a, --b) into words as a shell would for simple cases:
// whitespace separates words, '...' and "..." group (quotes removed), backslash escapes one
// character outside single quotes. No expansion of any kind.

#include <string>
#include <vector>

namespace clonebench {

// Throws UsageError naming `flag` on an unterminated quote or a trailing backslash.
std::vector<std::string> split_arguments(const std::string& text, const std::string& flag);

}  // namespace clonebench

#pragma once
// Reading the small text files of /proc and /sys. A file that is missing or unreadable is an
// absent value, never an exception: the environment records what it can and says what it could not.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

// The largest file read_text_file reads: /proc/cpuinfo of a large machine is a few MiB.
inline constexpr std::size_t kMaxTextFileBytes = std::size_t{16} << 20;

// The whole file, or nullopt when it cannot be opened or read. Reads to EOF, so /proc files
// (which report size 0) come through whole. Only a regular file is read (a FIFO, a device such
// as /dev/zero, a directory are nullopt, never waited on), and only up to kMaxTextFileBytes:
// a longer one is nullopt too, not a truncated text.
std::optional<std::string> read_text_file(const std::filesystem::path& path);

// The entries directly in `directory`, sorted; nullopt when it cannot be listed. Errors while
// iterating end the listing early instead of throwing.
std::optional<std::vector<std::filesystem::path>> list_directory(
    const std::filesystem::path& directory);

// Every regular file directly in `directory` (by file name) and its raw content; nullopt when
// the directory cannot be listed. Files that cannot be read are left out.
std::optional<std::map<std::string, std::string>> read_directory_files(
    const std::filesystem::path& directory);

// `text` without leading and trailing whitespace (spaces, tabs, newlines).
std::string trim(std::string_view text);

}  // namespace clonebench

#include "sys/text_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <system_error>

#include "core/text_split.hpp"
#include "sys/descriptor.hpp"
#include "sys/read_to_end.hpp"

namespace clonebench {
namespace {

bool is_regular(const std::filesystem::path& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode);
}

}  // namespace

std::optional<std::string> read_text_file(const std::filesystem::path& path) {
  // Checked before opening (opening a device can have effects) and again on what was opened.
  if (!is_regular(path)) {
    return std::nullopt;
  }
  const Descriptor file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  struct stat status {};
  if (file.get() < 0 || ::fstat(file.get(), &status) != 0 || !S_ISREG(status.st_mode)) {
    return std::nullopt;
  }
  std::string content;
  char buffer[16384];
  bool too_long = false;
  const int error_number = read_to_end(file.get(), buffer, [&](std::string_view chunk) {
    too_long = content.size() + chunk.size() > kMaxTextFileBytes;
    if (!too_long) {
      content.append(chunk);
    }
    return !too_long;
  });
  if (error_number != 0 || too_long) {
    return std::nullopt;
  }
  return content;
}

std::optional<std::vector<std::filesystem::path>> list_directory(
    const std::filesystem::path& directory) {
  std::error_code error;
  std::filesystem::directory_iterator iterator(directory, error);
  if (error) {
    return std::nullopt;
  }
  std::vector<std::filesystem::path> entries;
  for (; !error && iterator != std::filesystem::directory_iterator(); iterator.increment(error)) {
    entries.push_back(iterator->path());
  }
  std::sort(entries.begin(), entries.end());
  return entries;
}

std::optional<std::map<std::string, std::string>> read_directory_files(
    const std::filesystem::path& directory) {
  const auto entries = list_directory(directory);
  if (!entries) {
    return std::nullopt;
  }
  std::map<std::string, std::string> files;
  for (const auto& path : *entries) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) {
      continue;
    }
    if (auto content = read_text_file(path)) {
      files.emplace(path.filename().string(), std::move(*content));
    }
  }
  return files;
}

std::string trim(std::string_view text) {
  return std::string(trim_any(text, " \t\r\n\v\f"));
}

}  // namespace clonebench

#include "sys/text_file.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

namespace clonebench {

std::optional<std::string> read_text_file(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return std::nullopt;
  }
  std::ostringstream content;
  content << file.rdbuf();
  // An empty file makes operator<< set failbit on `content`; only a read error on `file` counts.
  if (file.bad()) {
    return std::nullopt;
  }
  return content.str();
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
  constexpr std::string_view kWhitespace = " \t\r\n\v\f";
  const auto first = text.find_first_not_of(kWhitespace);
  if (first == std::string_view::npos) {
    return {};
  }
  const auto last = text.find_last_not_of(kWhitespace);
  return std::string(text.substr(first, last - first + 1));
}

}  // namespace clonebench

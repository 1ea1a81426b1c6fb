#include "memory/thp_settings.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace clonebench {
namespace {

// "hugepages-64kB" -> 64; 0 for any other name.
std::uint64_t size_kb_of(const std::string& name) {
  constexpr std::string_view prefix = "hugepages-", suffix = "kB";
  if (name.size() <= prefix.size() + suffix.size() || name.rfind(prefix, 0) != 0 ||
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) {
    return 0;
  }
  std::uint64_t kb = 0;
  const char* first = name.data() + prefix.size();
  const char* last = name.data() + name.size() - suffix.size();
  const auto [end, error] = std::from_chars(first, last, kb);
  return error == std::errc() && end == last ? kb : 0;
}

std::string enabled_path(const std::string& root, std::uint64_t kb) {
  return fmt::format("{}/hugepages-{}kB/enabled", root, kb);
}

}  // namespace

std::string selected_choice(std::string_view text) {
  const std::size_t word_begin = text.find_first_not_of(" \n");
  const std::size_t word_end = text.find_last_not_of(" \n");
  if (word_begin != std::string_view::npos && text.find('[') == std::string_view::npos &&
      text.substr(word_begin, word_end - word_begin + 1).find(' ') == std::string_view::npos) {
    return std::string(text.substr(word_begin, word_end - word_begin + 1));  // a plain file
  }
  const std::size_t open = text.find('[');
  const std::size_t close = text.find(']');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open + 2 ||
      text.find('[', open + 1) != std::string_view::npos) {
    throw RuntimeError(fmt::format("a sysfs choice without one selected word: '{}'", text));
  }
  return std::string(text.substr(open + 1, close - open - 1));
}

std::vector<std::uint64_t> anon_thp_sizes_kb(const std::string& root) {
  std::vector<std::uint64_t> sizes;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(root, error)) {
    const std::uint64_t kb = size_kb_of(entry.path().filename().string());
    if (kb != 0 && std::filesystem::exists(entry.path() / "enabled", error)) {
      sizes.push_back(kb);
    }
  }
  std::sort(sizes.begin(), sizes.end());
  return sizes;
}

std::vector<ThpSetting> read_thp_settings(const std::string& root) {
  std::vector<ThpSetting> settings;
  for (const std::uint64_t kb : anon_thp_sizes_kb(root)) {
    const std::string path = enabled_path(root, kb);
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
      throw RuntimeError(fmt::format("cannot read {}", path));
    }
    settings.push_back(ThpSetting{path, selected_choice(text.str())});
  }
  return settings;
}

std::vector<ThpSetting> folio_thp_settings(const std::string& root, std::uint64_t folio_kb) {
  const std::vector<std::uint64_t> sizes = anon_thp_sizes_kb(root);
  if (folio_kb != 4 && std::find(sizes.begin(), sizes.end(), folio_kb) == sizes.end()) {
    std::string offered;
    for (const std::uint64_t kb : sizes) {
      offered += fmt::format("{}{}K", offered.empty() ? "" : ", ", kb);
    }
    throw UsageError(fmt::format(
        "--folio: this kernel cannot allocate anonymous folios of {} KiB (sizes under {}: 4K{}{})",
        folio_kb, root, offered.empty() ? "" : ", ", offered));
  }
  std::vector<ThpSetting> settings;
  for (const std::uint64_t kb : sizes) {
    settings.push_back(ThpSetting{enabled_path(root, kb), kb == folio_kb ? "always" : "never"});
  }
  return settings;
}

void write_thp_settings(const std::vector<ThpSetting>& settings) {
  for (const ThpSetting& setting : settings) {
    std::ofstream out(setting.path);
    out << setting.value << '\n';
    out.flush();
    if (!out) {
      throw RuntimeError(fmt::format("cannot write '{}' to {}", setting.value, setting.path));
    }
  }
}

}  // namespace clonebench

#include "sys/proc_text.hpp"

#include <charconv>
#include <sstream>
#include <vector>

#include "sys/cpu_list.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

std::vector<std::string> split_words(std::string_view text) {
  std::istringstream stream{std::string(text)};
  std::vector<std::string> words;
  for (std::string word; stream >> word;) {
    words.push_back(std::move(word));
  }
  return words;
}

template <typename Number>
std::optional<Number> parse_number(std::string_view text) {
  Number value{};
  const auto* end = text.data() + text.size();
  const auto [rest, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc{} || rest != end || text.empty()) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

std::optional<LoadAverage> parse_loadavg(std::string_view text) {
  const auto words = split_words(text);
  if (words.size() < 3) {
    return std::nullopt;
  }
  const auto one = parse_number<double>(words[0]);
  const auto five = parse_number<double>(words[1]);
  const auto fifteen = parse_number<double>(words[2]);
  if (!one || !five || !fifteen || *one < 0 || *five < 0 || *fifteen < 0) {
    return std::nullopt;
  }
  return LoadAverage{*one, *five, *fifteen};
}

std::optional<std::string> parse_selected_choice(std::string_view text) {
  const auto open = text.find('[');
  if (open == std::string_view::npos) {
    return std::nullopt;
  }
  const auto close = text.find(']', open);
  if (close == std::string_view::npos || close == open + 1) {
    return std::nullopt;
  }
  return std::string(text.substr(open + 1, close - open - 1));
}

std::optional<int> parse_cpu_list_count(std::string_view text) {
  const auto cpus = parse_cpu_list(text);
  if (!cpus || cpus->empty()) {
    return std::nullopt;
  }
  return static_cast<int>(cpus->size());
}

std::optional<std::int64_t> parse_integer_text(std::string_view text) {
  return parse_number<std::int64_t>(trim(text));
}

std::optional<std::string> parse_cmdline_parameter(std::string_view cmdline,
                                                   std::string_view name) {
  std::optional<std::string> value;
  for (const auto& word : split_words(cmdline)) {
    if (word == "--") {
      break;
    }
    if (word == name) {
      value = "";
    } else if (word.size() > name.size() && word.compare(0, name.size(), name) == 0 &&
               word[name.size()] == '=') {
      value = word.substr(name.size() + 1);
    }
  }
  return value;
}

std::map<std::string, std::string> parse_vulnerabilities(
    const std::map<std::string, std::string>& files) {
  std::map<std::string, std::string> vulnerabilities;
  for (const auto& [name, content] : files) {
    vulnerabilities.emplace(name, trim(content));
  }
  return vulnerabilities;
}

}  // namespace clonebench

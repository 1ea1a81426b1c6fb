#include "kernel/kallsyms_scan.hpp"

#include <algorithm>

namespace clonebench {
namespace {

bool is_text_type(std::string_view type) {
  return type == "t" || type == "T";
}

bool is_data_type(std::string_view type) {
  return type.size() == 1 && std::string_view("dDbBrR").find(type[0]) != std::string_view::npos;
}

// The next space- or tab-separated field of `rest`, consuming it.
std::string_view next_field(std::string_view& rest) {
  const std::size_t begin = rest.find_first_not_of(" \t");
  if (begin == std::string_view::npos) {
    rest = {};
    return {};
  }
  rest.remove_prefix(begin);
  const std::size_t end = std::min(rest.find_first_of(" \t"), rest.size());
  const std::string_view field = rest.substr(0, end);
  rest.remove_prefix(end);
  return field;
}

}  // namespace

std::string_view base_function_name(std::string_view symbol) {
  if (symbol.ends_with(".cold") || symbol.find(".cold.") != std::string_view::npos) {
    return {};
  }
  return symbol.substr(0, std::min(symbol.find('.'), symbol.size()));
}

KallsymsScanner::KallsymsScanner(std::vector<std::string> wanted,
                                 std::vector<std::string> wanted_data)
    : wanted_(std::move(wanted)), wanted_data_(std::move(wanted_data)) {}

void KallsymsScanner::add_line(std::string_view line) {
  std::string_view rest = line;
  const std::string_view address = next_field(rest);
  const std::string_view type = next_field(rest);
  const std::string_view name = next_field(rest);
  if (address.empty() || type.empty() || name.empty()) {
    return;
  }
  ++scan_.lines;
  if (address.find_first_not_of('0') != std::string_view::npos) {
    scan_.addresses_visible = true;
  }
  if (is_data_type(type)) {
    const auto wanted = std::find(wanted_data_.begin(), wanted_data_.end(), name);
    if (wanted != wanted_data_.end()) {
      scan_.data_found.insert(*wanted);
    }
    return;
  }
  if (!is_text_type(type)) {
    return;
  }
  const std::string_view base = base_function_name(name);
  if (base.empty()) {
    return;
  }
  const auto wanted = std::find(wanted_.begin(), wanted_.end(), base);
  if (wanted != wanted_.end() && !scan_.found.contains(*wanted)) {
    scan_.found.emplace(*wanted, std::string(name));
  }
}

}  // namespace clonebench

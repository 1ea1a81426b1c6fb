#include "compare/json_input.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

std::string field(const std::string& where, const std::string& key) {
  return where.empty() ? key : where + "." + key;
}

// nlohmann reports an overflowing number by its text, not its position: find the line.
std::string overflow_message(const std::string& path, const std::string& text,
                             const std::string& what) {
  const std::size_t open = what.find('\'');
  const std::size_t close = what.rfind('\'');
  if (open == std::string::npos || close <= open) {
    return fmt::format("{}: {}", path, what);
  }
  const std::string number = what.substr(open + 1, close - open - 1);
  const std::size_t at = text.find(number);
  const auto line =
      1 + std::count(text.begin(),
                     text.begin() + static_cast<std::ptrdiff_t>(at == std::string::npos ? 0 : at),
                     '\n');
  return fmt::format("{}:{}: the number {} is beyond the range of a double", path, line,
                     shortened(number, kQuotedChars));
}

// Member `key` of `object`, unless `object` is not an object or the member is absent or null.
const nlohmann::json* present_member(const nlohmann::json& object, const std::string& key) {
  if (!object.is_object()) {
    return nullptr;
  }
  const auto found = object.find(key);
  return found == object.end() || found->is_null() ? nullptr : &*found;
}

}  // namespace

nlohmann::json parse_json_input(const std::string& path, const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    throw UsageError(fmt::format("{}: not valid JSON: {}", path, error.what()));
  } catch (const nlohmann::json::out_of_range& error) {
    throw UsageError(overflow_message(path, text, error.what()));
  } catch (const nlohmann::json::exception& error) {
    throw UsageError(fmt::format("{}: not valid JSON: {}", path, error.what()));
  }
}

std::optional<std::string> optional_string(const nlohmann::json& object, const std::string& key,
                                           const std::string& path, const std::string& where) {
  const nlohmann::json* found = present_member(object, key);
  if (found == nullptr) {
    return std::nullopt;
  }
  if (!found->is_string()) {
    throw UsageError(fmt::format("{}: {}: expected a string, found {}", path, field(where, key),
                                 found->type_name()));
  }
  return found->get<std::string>();
}

std::optional<double> optional_number(const nlohmann::json& object, const std::string& key,
                                      const std::string& path, const std::string& where) {
  const nlohmann::json* found = present_member(object, key);
  if (found == nullptr) {
    return std::nullopt;
  }
  return number_value(*found, path, field(where, key));
}

double number_value(const nlohmann::json& value, const std::string& path, const std::string& name) {
  if (!value.is_number()) {
    throw UsageError(
        fmt::format("{}: {}: expected a number, found {}", path, name, value.type_name()));
  }
  const double number = value.get<double>();
  if (!std::isfinite(number)) {
    throw UsageError(fmt::format("{}: {}: not a finite number", path, name));
  }
  return number;
}

}  // namespace clonebench

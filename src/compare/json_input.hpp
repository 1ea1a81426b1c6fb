#pragma once
// Reading JSON comparison inputs so that every fault is the user's input, named: the file, the
// line where it can be told, and the field. The JSON library's own exceptions (a number beyond
// double range, a value of the wrong type) never escape as they are.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace clonebench {

// Parses `text`; throws UsageError "PATH:LINE: ..." for malformed JSON or a number that does
// not fit in a double.
nlohmann::json parse_json_input(const std::string& path, const std::string& text);

// The string at `object[key]`, nullopt when absent or null; throws UsageError
// "PATH: WHERE.KEY: expected a string, found TYPE" for any other type.
std::optional<std::string> optional_string(const nlohmann::json& object, const std::string& key,
                                           const std::string& path, const std::string& where);

// `value` as a finite number; throws UsageError "PATH: FIELD: ..." otherwise.
double number_value(const nlohmann::json& value, const std::string& path, const std::string& field);

// The number at `object[key]`, nullopt when absent or null; throws UsageError naming the file
// and field when it is not a number or not finite.
std::optional<double> optional_number(const nlohmann::json& object, const std::string& key,
                                      const std::string& path, const std::string& where);

}  // namespace clonebench

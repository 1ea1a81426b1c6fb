#include "cli/option_values.hpp"

#include <fmt/core.h>

#include "core/error.hpp"

namespace clonebench {
namespace {

// "--json" or "--json=x" names an option of `app`.
bool names_an_option(const CLI::App& app, const std::string& value) {
  if (!value.starts_with("--")) {
    return false;
  }
  const std::string name = value.substr(0, value.find('='));
  for (const CLI::Option* option : app.get_options()) {
    if (option->check_lname(name.substr(2))) {
      return true;
    }
  }
  return false;
}

}  // namespace

void check_given_values(const CLI::App& app) {
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() == 0 || option->get_expected_min() == 0) {
      continue;  // not given, or a flag
    }
    const std::string flag = option->get_name();
    for (const std::string& value : option->results()) {
      if (value.empty()) {
        throw UsageError(
            fmt::format("{}: empty value; give a value or leave the option out", flag));
      }
      if (names_an_option(app, value)) {
        throw UsageError(fmt::format("{} needs a value, but the next argument is the option {}",
                                     flag, value.substr(0, value.find('='))));
      }
    }
  }
}

}  // namespace clonebench

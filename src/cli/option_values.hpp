#pragma once
// Checks of what was typed that CLI11 lets through: an empty value ("--timeout ''") is not "not
// given", and a value that is another option's name ("--timeout --json x") means the value was
// forgotten.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace clonebench {

// Throws UsageError naming the flag for the first given option (or positional argument) whose
// value is empty or is the name of one of `app`'s options.
void check_given_values(const CLI::App& app);

// Parses the words a prefix command (run, ab) passes on to its own definition `app`: a CLI11
// parse error is a UsageError, and the given values are checked as above.
void parse_own_arguments(CLI::App& app, const std::vector<std::string>& args);

// Whether the words a prefix command passes on ask for its help (--help or -h anywhere).
bool asks_for_help(const std::vector<std::string>& args);

// Names what each option of `app` and its subcommands takes in --help ("--pairs N", "--rss SIZE",
// "--timeout DURATION") where CLI11 would say TEXT: every value reaches clonebench as text, so
// CLI11 cannot tell a number from a word. Options it does not know keep their type name.
void name_value_types(CLI::App& app);

}  // namespace clonebench

#pragma once
// Checks of what was typed that CLI11 lets through: an empty value ("--timeout ''") is not "not
// given", and a value that is another option's name ("--timeout --json x") means the value was
// forgotten.

#include <CLI/CLI.hpp>

namespace clonebench {

// Throws UsageError naming the flag for the first given option (or positional argument) whose
// value is empty or is the name of one of `app`'s options.
void check_given_values(const CLI::App& app);

}  // namespace clonebench

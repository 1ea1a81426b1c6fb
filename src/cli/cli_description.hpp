#pragma once
// The command line as data: every subcommand with its options and positionals, the values each
// accepts and how a shell should complete them. The man page tests check every option against
// it and the bash completion is generated from it (docs/packaging.md), so neither can drift from
// what the tool accepts.

#include <nlohmann/json.hpp>

namespace CLI {
class App;
}

namespace clonebench {

// `app` (clonebench's root app with its subcommands added) as JSON:
//   {"name", "description", "options": [OPTION...], "subcommands": [
//     {"name", "description", "options": [OPTION...], "positionals": [POSITIONAL...]}...]}
//   OPTION     = {"names": ["-n", "--instances"], "takes_value", "description",
//                 "values": [...], "complete": "" | "files" | "labels"}
//   POSITIONAL = {"name", "many", "required", "description", "values", "complete"}
// Hidden subcommands (empty group) are left out. `run` and `ab` parse their own arguments, so
// their options are taken from their own definitions (run_spec.cpp, ab_arguments.cpp); any
// other subcommand that parses its own arguments throws std::logic_error until it is taught
// here, rather than be described without options.
nlohmann::ordered_json describe_cli(CLI::App& app);

}  // namespace clonebench

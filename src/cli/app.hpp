#pragma once

namespace clonebench {

// Parses the command line, runs the chosen subcommand, returns the process exit code.
// Errors are reported here and only here (one catch site).
int run_app(int argc, char** argv);

}  // namespace clonebench

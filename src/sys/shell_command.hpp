#pragma once
// Runs a user's shell command (ab's --setup-a/--setup-b/--restore) with /bin/sh -c and waits.
// The command starts with an empty signal mask and default dispositions, whatever this process
// blocks (SignalScope blocks SIGINT, SIGTERM, SIGHUP and SIGCHLD while measuring), so Ctrl-C and
// the command's own children behave as in a terminal. Its stdout goes to our stderr: stdout
// carries only the report.

#include <string>

namespace clonebench {

struct ShellStatus {
  int exit_code = 0;  // when it exited
  int signal = 0;     // when a signal killed it
  bool ok() const noexcept { return exit_code == 0 && signal == 0; }
};

// Throws RuntimeError naming `flag` when /bin/sh cannot be started.
ShellStatus run_shell_command(const std::string& command, const std::string& flag);

// "exited with status 3" | "was killed by signal 9 (Killed)".
std::string describe(const ShellStatus& status);

}  // namespace clonebench

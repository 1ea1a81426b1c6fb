#pragma once
// Runs a user's shell command (ab's --setup-a/--setup-b/--restore) with /bin/sh -c and waits.
//
// The command runs in a process group of its own, under a small keeper process forked from the
// tool. The keeper is a subreaper: what the command leaves behind (`cmd &`, even `setsid cmd &`)
// is reparented to it, reaped as it ends, and killed with everything else below the keeper when
// the command's shell ends. The keeper asks the kernel for a signal when the tool dies
// (PR_SET_PDEATHSIG) and then does the same, so a SIGKILL of the tool never leaves a command
// or anything it started running. The command
// starts with an empty signal mask and default dispositions, whatever the tool blocks, and its
// stdout goes to our stderr: stdout carries only the report.
//
// Being in its own group, the command no longer gets the terminal's Ctrl-C: the tool takes
// SIGINT, SIGTERM and SIGHUP while it waits and forwards them to the group (docs/robustness.md).

#include <optional>
#include <string>

namespace clonebench {

enum class OnInterrupt {
  kStopCommand,  // forward the signal at once (a setup command: the user wants to stop)
  kLetFinish,    // let it finish first (a restore: the machine's state matters), forwarding
                 // only on a second signal or after kRestoreGraceS
};

inline constexpr double kRestoreGraceS = 10.0;  // kLetFinish: time given after a signal
inline constexpr double kKillGraceS = 5.0;      // after forwarding: time before SIGKILL

struct ShellStatus {
  int exit_code = 0;       // when it exited
  int signal = 0;          // when a signal killed it
  int interrupted_by = 0;  // SIGINT/SIGTERM/SIGHUP the tool received (and took) meanwhile
  std::optional<double> timed_out_s;  // set when it ran past its time limit and was stopped
  bool ok() const noexcept { return exit_code == 0 && signal == 0 && !timed_out_s; }
};

// Throws RuntimeError naming `flag` when the command cannot be started. Signals that arrive
// while it runs are taken (no longer pending) and reported in `interrupted_by`; the caller
// decides what to do (ab: restore, then exit 128 + signal). A command still running after
// `timeout_s` gets SIGTERM, then (kKillGraceS later) the end of its whole tree.
ShellStatus run_shell_command(const std::string& command, const std::string& flag,
                              OnInterrupt on_interrupt = OnInterrupt::kStopCommand,
                              std::optional<double> timeout_s = std::nullopt);

// "exited with status 3" | "was killed by signal 9 (Killed)" | "did not finish within 5 s and
// was stopped".
std::string describe(const ShellStatus& status);

}  // namespace clonebench

#pragma once
// A helper program we start and own (perf): in its own process group, so that a terminal's
// Ctrl-C reaches us and not it and a signal to the group reaches everything it started; tethered
// to this process with PR_SET_PDEATHSIG, so it dies when we die, even by SIGKILL; killed and
// reaped by the destructor on every path that did not stop it on purpose.

#include <sys/types.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace clonebench {

struct TetheredCommand {
  std::vector<std::string> argv;  // argv[0] is the program's path
  // (our descriptor, its number in the child), e.g. {data_fd, 3}. Everything else is closed.
  std::vector<std::pair<int, int>> descriptors;
  int stdout_fd = -1;  // -1: /dev/null
  int stderr_fd = -1;  // -1: /dev/null
};

// How a stopped process ended.
struct TetheredExit {
  int exit_code = -1;  // when it exited
  int signal = 0;      // when a signal ended it
};

class TetheredProcess {
 public:
  // Throws RuntimeError naming the program when it cannot be started, with what failed before
  // the exec and its errno ("cannot start /usr/bin/gnuplot: could not execute it: No such file
  // or directory"). The child starts with an empty signal mask and default dispositions,
  // whatever this process blocks.
  explicit TetheredProcess(const TetheredCommand& command);
  ~TetheredProcess();  // SIGKILL to the group and reap, unless already reaped
  TetheredProcess(const TetheredProcess&) = delete;
  TetheredProcess& operator=(const TetheredProcess&) = delete;

  pid_t pid() const noexcept { return pid_; }
  // True once it has ended and been reaped (checks without blocking).
  bool ended();
  // Sends `signal_number` to its group and waits at most `bound_s`, calling `between_waits`
  // every few milliseconds (it may throw, e.g. on a pending SIGINT of ours). Returns false
  // when the bound passed; the process is then still running.
  bool signal_and_wait(int signal_number, double bound_s,
                       const std::function<void()>& between_waits);
  // SIGKILL to the group, then reap. Never throws.
  void kill_and_reap() noexcept;
  // Valid once ended.
  const TetheredExit& exit() const noexcept { return exit_; }

 private:
  void record(int status) noexcept;

  pid_t pid_ = -1;
  bool reaped_ = false;
  TetheredExit exit_;
};

}  // namespace clonebench

#include "process/shell_command.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <optional>

#include "core/error.hpp"
#include "process/process_tree.hpp"
#include "sys/clock.hpp"

extern char** environ;

namespace clonebench {
namespace {

constexpr std::int64_t kShellPollNs = 50'000'000;

sigset_t signals_of(std::initializer_list<int> numbers) {
  sigset_t set;
  sigemptyset(&set);
  for (const int number : numbers) {
    sigaddset(&set, number);
  }
  return set;
}

// The command itself, in the keeper's group: defaults restored, stdout to our stderr.
[[noreturn]] void exec_shell(char* const argv[]) {
  for (const int number : {SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE, SIGQUIT, SIGUSR1}) {
    ::signal(number, SIG_DFL);
  }
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  ::dup2(STDERR_FILENO, STDOUT_FILENO);
  ::execve("/bin/sh", argv, environ);
  ::_exit(127);
}

// What is left of the command when its shell ended, or when the tool asks (SIGUSR1: the tool
// died, or gave up on the command): every process below the keeper is killed and reaped.
constexpr std::int64_t kTreeKillBoundNs = 5'000'000'000;

// Runs in the forked keeper (the tool is single-threaded, so allocating here is safe). Leads a
// new process group, starts the shell in it, and is a subreaper: whatever the command leaves
// (`cmd &`, `setsid cmd &`) is reparented here, reaped as it ends (no zombie stays), and killed
// when the shell ends or the tool dies (the kernel sends SIGUSR1 then). The shell's wait status
// goes up the pipe.
[[noreturn]] void keep(char* const argv[], pid_t tool, int status_fd, bool take_terminal) {
  ::setpgid(0, 0);
  const sigset_t watched = signals_of({SIGCHLD, SIGUSR1, SIGINT, SIGTERM, SIGHUP});
  ::sigprocmask(SIG_BLOCK, &watched, nullptr);
  if (::prctl(PR_SET_PDEATHSIG, SIGUSR1) != 0 || ::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0 ||
      ::getppid() != tool) {
    ::_exit(127);  // no guard, or the tool is already gone: start nothing
  }
  if (take_terminal) {
    // As a shell does for a foreground job: the command may read the terminal (a sudo
    // password) and gets the terminal's Ctrl-C itself. SIGTTOU blocked lets a background
    // group make itself the foreground.
    const sigset_t ttou = signals_of({SIGTTOU});
    ::sigprocmask(SIG_BLOCK, &ttou, nullptr);
    ::tcsetpgrp(STDIN_FILENO, ::getpid());
  }
  const pid_t shell = ::fork();
  if (shell == 0) {
    exec_shell(argv);
  }
  if (shell < 0) {
    ::_exit(126);
  }
  for (;;) {
    const int number = ::sigwaitinfo(&watched, nullptr);
    if (number == SIGUSR1) {
      kill_and_reap_descendants(kTreeKillBoundNs);
      ::kill(0, SIGKILL);  // the group goes too, the keeper included
    }
    if (number != SIGCHLD) {
      continue;  // SIGINT/SIGTERM/SIGHUP forwarded by the tool to the group: for the command
    }
    int status = 0;
    for (pid_t reaped; (reaped = ::waitpid(-1, &status, WNOHANG | __WALL)) > 0;) {
      if (reaped == shell) {
        kill_and_reap_descendants(kTreeKillBoundNs);
        [[maybe_unused]] const ssize_t written = ::write(status_fd, &status, sizeof status);
        ::_exit(0);
      }
    }
  }
}

// Ends the command to its last process: the keeper is asked (SIGUSR1) to kill and reap its
// whole tree, setsid'd processes included, and then its group; if it cannot, the group is
// SIGKILLed. Then whatever of the group was orphaned to the tool (a subreaper while commands
// run, see run_shell_command) is reaped, so nothing and no zombie stays. Bounded.
// `keeper_reaped`: the keeper already ended and was reaped, so its pid may be another process's
// now and gets no signal; only the rest of its group is killed and reaped.
void kill_and_reap_group(pid_t group, bool keeper_reaped) noexcept {
  constexpr std::int64_t kReapBoundNs = 5'000'000'000;
  if (keeper_reaped) {
    ::kill(-group, SIGKILL);
  } else {
    ::kill(group, SIGUSR1);  // an unreaped child: the pid is still ours, even as a zombie
  }
  const std::int64_t deadline_ns = monotonic_now_ns() + kReapBoundNs + kTreeKillBoundNs;
  bool group_killed = false;
  while (monotonic_now_ns() < deadline_ns) {
    if (!group_killed && monotonic_now_ns() > deadline_ns - kReapBoundNs) {
      ::kill(-group, SIGKILL);  // the keeper did not end its tree in time
      group_killed = true;
    }
    const pid_t reaped = ::waitpid(-group, nullptr, WNOHANG | __WALL);
    if (reaped < 0 && errno != EINTR) {
      return;  // ECHILD: nothing of the group is a child of the tool any more
    }
    if (reaped == 0) {
      const timespec pause{0, 5'000'000};
      ::nanosleep(&pause, nullptr);
    }
  }
}

// The tool's side: waits for the keeper, forwarding interrupts as `on_interrupt` says.
class CommandWait {
 public:
  CommandWait(pid_t group, OnInterrupt on_interrupt, std::optional<double> timeout_s)
      : group_(group), on_interrupt_(on_interrupt) {
    if (timeout_s) {
      deadline_ns_ = monotonic_now_ns() + static_cast<std::int64_t>(*timeout_s * 1e9);
    }
  }

  int wait_keeper(const std::string& flag) {
    const sigset_t interrupts = signals_of({SIGINT, SIGTERM, SIGHUP, SIGCHLD});
    for (;;) {
      const timespec poll{0, kShellPollNs};
      const int number = ::sigtimedwait(&interrupts, nullptr, &poll);
      if (number == SIGINT || number == SIGTERM || number == SIGHUP) {
        on_signal(number, flag);
      }
      enforce_deadlines();
      int status = 0;
      const pid_t done = ::waitpid(group_, &status, WNOHANG);
      if (done == group_) {
        if (interrupted_ != 0 || timed_out_) {
          kill_and_reap_group(group_, true);  // stopped: nothing of it may stay behind
        }
        return status;
      }
      if (done < 0 && errno != EINTR) {
        throw_errno(fmt::format("{}: waitpid", flag));
      }
    }
  }

  int interrupted() const noexcept { return interrupted_; }
  bool timed_out() const noexcept { return timed_out_; }

 private:
  void on_signal(int number, const std::string& flag) {
    const bool first = interrupted_ == 0;
    if (first) {
      interrupted_ = number;
      interrupted_at_ns_ = monotonic_now_ns();
    }
    if (on_interrupt_ == OnInterrupt::kStopCommand || !first) {
      forward(number);
    } else {
      fmt::print(stderr,
                 "clonebench: letting {} finish (at most {:g} s more; interrupt again to stop "
                 "it)\n",
                 flag, kRestoreGraceS);
    }
  }

  void enforce_deadlines() {
    const std::int64_t now_ns = monotonic_now_ns();
    if (interrupted_ != 0 && forwarded_at_ns_ == 0 &&
        now_ns > interrupted_at_ns_ + static_cast<std::int64_t>(kRestoreGraceS * 1e9)) {
      forward(interrupted_);
    }
    if (deadline_ns_ != 0 && !timed_out_ && now_ns > deadline_ns_) {
      timed_out_ = true;  // as an interrupt: SIGTERM to the command, then its end
      forward(SIGTERM);
    }
    if (forwarded_at_ns_ != 0 && !killed_ &&
        now_ns > forwarded_at_ns_ + static_cast<std::int64_t>(kKillGraceS * 1e9)) {
      ::kill(group_, SIGUSR1);  // the keeper kills the command's whole tree, then its group
      killed_ = true;
    }
  }

  void forward(int number) {
    ::kill(-group_, number);
    if (forwarded_at_ns_ == 0) {
      forwarded_at_ns_ = monotonic_now_ns();
    }
  }

  pid_t group_;
  OnInterrupt on_interrupt_;
  int interrupted_ = 0;
  std::int64_t interrupted_at_ns_ = 0, forwarded_at_ns_ = 0, deadline_ns_ = 0;
  bool killed_ = false, timed_out_ = false;
};

// Blocks the signals the wait takes for as long as it lives; puts the old mask back.
class BlockedSignals {
 public:
  BlockedSignals() {
    const sigset_t set = signals_of({SIGINT, SIGTERM, SIGHUP, SIGCHLD});
    if (::sigprocmask(SIG_BLOCK, &set, &saved_) != 0) {
      throw_errno("sigprocmask");
    }
  }
  ~BlockedSignals() { ::sigprocmask(SIG_SETMASK, &saved_, nullptr); }
  BlockedSignals(const BlockedSignals&) = delete;
  BlockedSignals& operator=(const BlockedSignals&) = delete;

 private:
  sigset_t saved_;
};

// True when the tool owns the terminal (it is the foreground job): the command then gets it.
bool in_terminal_foreground() {
  return ::isatty(STDIN_FILENO) == 1 && ::tcgetpgrp(STDIN_FILENO) == ::getpgrp();
}

// Gives the terminal back to the tool's group after the command held it.
void take_terminal_back() {
  const sigset_t ttou = signals_of({SIGTTOU});
  sigset_t saved;
  ::sigprocmask(SIG_BLOCK, &ttou, &saved);
  ::tcsetpgrp(STDIN_FILENO, ::getpgrp());
  ::sigprocmask(SIG_SETMASK, &saved, nullptr);
}

ShellStatus status_of(int keeper_status, int status_fd) {
  int shell_status = 0;
  ShellStatus result;
  if (::read(status_fd, &shell_status, sizeof shell_status) == sizeof shell_status) {
    if (WIFSIGNALED(shell_status)) {
      result.signal = WTERMSIG(shell_status);
    } else {
      result.exit_code = WEXITSTATUS(shell_status);
    }
  } else if (WIFSIGNALED(keeper_status)) {
    result.signal = WTERMSIG(keeper_status);  // killed with its group before the shell ended
  } else {
    result.exit_code = WEXITSTATUS(keeper_status);  // 126/127: the shell could not start
  }
  return result;
}

}  // namespace

ShellStatus run_shell_command(const std::string& command, const std::string& flag,
                              OnInterrupt on_interrupt, std::optional<double> timeout_s) {
  std::string shell = "/bin/sh", dash_c = "-c", text = command;
  char* argv[] = {shell.data(), dash_c.data(), text.data(), nullptr};
  const BlockedSignals blocked;
  // What the command leaves when its shell dies (a `sleep` of the script) is orphaned to the
  // tool instead of init, so that an interrupted command can be reaped to the last process.
  if (::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
    throw_errno(fmt::format("{}: PR_SET_CHILD_SUBREAPER", flag));
  }
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) {
    throw_errno(fmt::format("{}: pipe", flag));
  }
  const pid_t tool = ::getpid();
  const bool foreground = in_terminal_foreground();
  const pid_t keeper = ::fork();
  if (keeper == 0) {
    ::close(pipe_fds[0]);
    keep(argv, tool, pipe_fds[1], foreground);
  }
  const int error = errno;
  ::close(pipe_fds[1]);
  if (keeper < 0) {
    ::close(pipe_fds[0]);
    throw_errno(fmt::format("{}: cannot start /bin/sh", flag), error);
  }
  ::setpgid(keeper, keeper);  // both sides set it: whichever runs first wins the race
  CommandWait wait(keeper, on_interrupt, timeout_s);
  int keeper_status = 0;
  try {
    keeper_status = wait.wait_keeper(flag);
  } catch (...) {
    kill_and_reap_group(keeper, false);
    ::close(pipe_fds[0]);
    if (foreground) {
      take_terminal_back();
    }
    throw;
  }
  ShellStatus result = status_of(keeper_status, pipe_fds[0]);
  ::close(pipe_fds[0]);
  result.interrupted_by = wait.interrupted();
  result.timed_out_s = wait.timed_out() ? timeout_s : std::nullopt;
  if (foreground) {
    take_terminal_back();
    // The terminal's Ctrl-C went to the command, not to us: a command it killed means the
    // user interrupted, as a shell would take it.
    if (result.interrupted_by == 0 && (result.signal == SIGINT || result.signal == SIGQUIT)) {
      result.interrupted_by = SIGINT;
    }
  }
  return result;
}

std::string describe(const ShellStatus& status) {
  if (status.timed_out_s) {
    return fmt::format("did not finish within {:g} s and was stopped", *status.timed_out_s);
  }
  if (status.signal != 0) {
    return fmt::format("was killed by signal {} ({})", status.signal, ::strsignal(status.signal));
  }
  return fmt::format("exited with status {}", status.exit_code);
}

}  // namespace clonebench

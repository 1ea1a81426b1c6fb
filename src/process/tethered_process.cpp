#include "process/tethered_process.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <linux/close_range.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <optional>
#include <thread>

#include "core/error.hpp"

namespace clonebench {
namespace {

// Descriptors are first parked above every target number (close-on-exec), so that placing one
// never overwrites another that is still to be placed; dup2 then gives each target without the
// close-on-exec flag, and nothing else of ours survives the exec. The floor is just above the
// highest target, not a fixed high number: under a low `ulimit -n` a descriptor of 200 cannot
// exist, and parking there failed.
int parking_floor(const TetheredCommand& command) {
  int floor = 3;
  for (const auto& [ours, theirs] : command.descriptors) {
    floor = theirs >= floor ? theirs + 1 : floor;
  }
  return floor;
}

// What the child could not do before exec, sent to the parent through a close-on-exec pipe
// (nothing arrives when the exec succeeded).
enum class StartStep : int { kTether, kDescriptors, kExec };

const char* step_name(StartStep step) {
  switch (step) {
    case StartStep::kTether:
      return "tie it to this process";
    case StartStep::kDescriptors:
      return "give it its descriptors";
    case StartStep::kExec:
      return "execute it";
  }
  return "start it";
}

struct StartFailure {
  StartStep step;
  int error_number;
};

// Only async-signal-safe calls: this runs in the child between fork and exec.
[[noreturn]] void fail_start(int report_fd, StartStep step) {
  const StartFailure failure{step, errno};
  (void)!::write(report_fd, &failure, sizeof failure);
  ::_exit(127);
}

// Only async-signal-safe calls: this runs in the child between fork and exec.
[[noreturn]] void become_command(const TetheredCommand& command, char* const* argv, pid_t parent,
                                 int report_fd) {
  ::setpgid(0, 0);
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || ::getppid() != parent) {
    fail_start(report_fd, StartStep::kTether);
  }
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGPIPE, SIGQUIT}) {
    ::signal(signal_number, SIG_DFL);
  }
  const int floor = parking_floor(command);
  const int report = ::fcntl(report_fd, F_DUPFD_CLOEXEC, floor);
  report_fd = report >= 0 ? report : report_fd;
  const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  const int out = command.stdout_fd >= 0 ? command.stdout_fd : null_fd;
  const int err = command.stderr_fd >= 0 ? command.stderr_fd : null_fd;
  const int parked_out = ::fcntl(out, F_DUPFD_CLOEXEC, floor);
  const int parked_err = ::fcntl(err, F_DUPFD_CLOEXEC, floor);
  int parked[16];
  const std::size_t count = command.descriptors.size() < 16 ? command.descriptors.size() : 16;
  for (std::size_t i = 0; i < count; ++i) {
    parked[i] = ::fcntl(command.descriptors[i].first, F_DUPFD_CLOEXEC, floor);
  }
  if (report < 0 || null_fd < 0 || parked_out < 0 || parked_err < 0) {
    fail_start(report_fd, StartStep::kDescriptors);
  }
  // Whatever this process had open without close-on-exec must not reach the command either.
  if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
    for (int fd = 3; fd < 4096; ++fd) {
      ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
  }
  if (::dup2(null_fd, 0) < 0 || ::dup2(parked_out, 1) < 0 || ::dup2(parked_err, 2) < 0) {
    fail_start(report_fd, StartStep::kDescriptors);
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (parked[i] < 0 || ::dup2(parked[i], command.descriptors[i].second) < 0) {
      fail_start(report_fd, StartStep::kDescriptors);
    }
  }
  ::execv(argv[0], argv);
  fail_start(report_fd, StartStep::kExec);
}

// Waits for the child's report: nothing (end-of-file: the exec succeeded) or what failed.
std::optional<StartFailure> start_failure(int report_fd) {
  StartFailure failure{};
  ssize_t got = 0;
  do {
    got = ::read(report_fd, &failure, sizeof failure);
  } while (got < 0 && errno == EINTR);
  return got == static_cast<ssize_t>(sizeof failure) ? std::optional(failure) : std::nullopt;
}

}  // namespace

TetheredProcess::TetheredProcess(const TetheredCommand& command) {
  if (command.argv.empty() || command.descriptors.size() > 16) {
    throw RuntimeError("internal: a tethered command needs a program and at most 16 descriptors");
  }
  std::vector<std::string> words = command.argv;
  std::vector<char*> argv;
  for (std::string& word : words) {
    argv.push_back(word.data());
  }
  argv.push_back(nullptr);
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) {
    throw_errno("cannot start " + command.argv.front());
  }
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ < 0) {
    const int error_number = errno;
    ::close(report[0]);
    ::close(report[1]);
    throw_errno("cannot start " + command.argv.front(), error_number);
  }
  if (pid_ == 0) {
    ::close(report[0]);
    become_command(command, argv.data(), parent, report[1]);
  }
  // Also here: the group must exist before anyone signals it, whichever process runs first.
  ::setpgid(pid_, pid_);
  ::close(report[1]);
  const std::optional<StartFailure> failure = start_failure(report[0]);
  ::close(report[0]);
  if (failure) {
    kill_and_reap();
    throw_errno(fmt::format("cannot start {}: could not {}", command.argv.front(),
                            step_name(failure->step)),
                failure->error_number);
  }
}

TetheredProcess::~TetheredProcess() {
  kill_and_reap();
}

void TetheredProcess::record(int status) noexcept {
  reaped_ = true;
  if (WIFSIGNALED(status)) {
    exit_.signal = WTERMSIG(status);
  } else {
    exit_.exit_code = WEXITSTATUS(status);
  }
}

bool TetheredProcess::ended() {
  if (reaped_) {
    return true;
  }
  int status = 0;
  pid_t got = 0;
  do {
    got = ::waitpid(pid_, &status, WNOHANG);
  } while (got < 0 && errno == EINTR);
  if (got == pid_) {
    record(status);
  }
  return reaped_;
}

bool TetheredProcess::signal_and_wait(int signal_number, double bound_s,
                                      const std::function<void()>& between_waits) {
  if (ended()) {
    return true;
  }
  ::kill(-pid_, signal_number);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(bound_s);
  while (!ended()) {
    if (std::chrono::steady_clock::now() > deadline) {
      return false;
    }
    if (between_waits) {
      between_waits();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

void TetheredProcess::kill_and_reap() noexcept {
  if (pid_ <= 0 || reaped_) {
    return;
  }
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);  // in case it had not yet made its group
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0) {
    if (errno != EINTR) {
      reaped_ = true;
      return;
    }
  }
  record(status);
}

}  // namespace clonebench

#include "trace/traced_command.hpp"

#include <bpf/bpf.h>
#include <fcntl.h>
#include <linux/types.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "core/error.hpp"
#include "process/process_control.hpp"

namespace clonebench {
namespace {

constexpr int kGuardRounds = 50;

void close_fd(int& fd) noexcept {
  if (fd >= 0) {
    ::close(fd);
    fd = -1;
  }
}

// Closes every descriptor from 3 up except `keep_low` < `keep_high`.
void close_all_but(int keep_low, int keep_high) noexcept {
  ::syscall(SYS_close_range, 3U, static_cast<unsigned>(keep_low - 1), 0U);
  ::syscall(SYS_close_range, static_cast<unsigned>(keep_low + 1),
            static_cast<unsigned>(keep_high - 1), 0U);
  ::syscall(SYS_close_range, static_cast<unsigned>(keep_high + 1), ~0U, 0U);
}

// In the held child: its own group, gone with us, default signals; exec once released.
[[noreturn]] void run_held_child(const std::string& program, const std::vector<std::string>& argv,
                                 pid_t parent, int gate, int exec_error) {
  ::setpgid(0, 0);
  if (!die_with_parent(parent)) {
    ::_exit(127);
  }
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  char go = 0;
  ssize_t got = -1;
  do {
    got = ::read(gate, &go, 1);
  } while (got < 0 && errno == EINTR);
  if (got != 1) {
    ::_exit(127);  // never released: the census could not start
  }
  ::close(gate);
  std::vector<char*> args;
  for (const std::string& arg : argv) {
    args.push_back(const_cast<char*>(arg.c_str()));
  }
  args.push_back(nullptr);
  ::execv(program.c_str(), args.data());
  const int error = errno;
  [[maybe_unused]] const ssize_t written = ::write(exec_error, &error, sizeof(error));
  ::_exit(error == ENOENT ? 127 : 126);
}

// In the guard: wait for the pipe's end, then kill the tree until nothing of it is left.
[[noreturn]] void run_guard(int tree_fd, int pipe_fd, pid_t process_group) {
  ::setpgid(0, 0);  // a signal to the tool's process group does not end the guard with it
  char byte = 0;
  while (::read(pipe_fd, &byte, 1) < 0 && errno == EINTR) {
  }
  for (int round = 0; round < kGuardRounds; ++round) {
    bool any = ::kill(-process_group, SIGKILL) == 0;
    __u32 key = 0;
    const void* previous = nullptr;
    while (bpf_map_get_next_key(tree_fd, previous, &key) == 0) {
      any = ::kill(static_cast<pid_t>(key), SIGKILL) == 0 || any;
      previous = &key;
    }
    if (!any) {
      break;
    }
    sleep_ns(2'000'000);
  }
  ::_exit(0);
}

// The program execvp would run, found here so that the misses of a PATH search are not exec
// calls of the traced command.
std::string resolve_program(const std::string& name) {
  if (name.find('/') != std::string::npos) {
    return name;
  }
  const char* path = std::getenv("PATH");
  std::string directories =
      path != nullptr && *path != '\0' ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  int error = ENOENT;
  while (start <= directories.size()) {
    std::size_t end = directories.find(':', start);
    if (end == std::string::npos) {
      end = directories.size();
    }
    const std::string directory = end > start ? directories.substr(start, end - start) : ".";
    const std::string candidate = directory + "/" + name;
    struct stat status {};
    if (::stat(candidate.c_str(), &status) == 0 && S_ISREG(status.st_mode)) {
      if (::access(candidate.c_str(), X_OK) == 0) {
        return candidate;
      }
      error = EACCES;
    }
    start = end + 1;
  }
  throw CommandNotRunnable(std::strerror(error), error);
}

}  // namespace

TracedCommand::TracedCommand(const std::vector<std::string>& argv) {
  const std::string program = resolve_program(argv.front());
  int gate[2];
  int exec_error[2];
  if (::pipe2(gate, O_CLOEXEC) != 0) {
    throw_errno("trace: pipe");
  }
  if (::pipe2(exec_error, O_CLOEXEC) != 0) {
    const int error = errno;
    ::close(gate[0]);
    ::close(gate[1]);
    throw_errno("trace: pipe", error);
  }
  become_subreaper();
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ == 0) {
    ::close(gate[1]);
    ::close(exec_error[0]);
    run_held_child(program, argv, parent, gate[0], exec_error[1]);
  }
  const int fork_error = errno;
  ::close(gate[0]);
  ::close(exec_error[1]);
  gate_fd_ = gate[1];
  exec_error_fd_ = exec_error[0];
  if (pid_ < 0) {
    close_fd(gate_fd_);
    close_fd(exec_error_fd_);
    throw_errno("trace: cannot start the command", fork_error);
  }
  ::setpgid(pid_, pid_);  // also here, so that the group exists before either side goes on
}

TracedCommand::~TracedCommand() {
  close_fd(gate_fd_);
  close_fd(exec_error_fd_);
  if (!ended_ && pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
}

void TracedCommand::release() {
  const char go = 1;
  if (::write(gate_fd_, &go, 1) != 1) {
    throw_errno("trace: cannot release the command");
  }
  close_fd(gate_fd_);
  int error = 0;
  ssize_t got = -1;
  do {
    got = ::read(exec_error_fd_, &error, sizeof(error));
  } while (got < 0 && errno == EINTR);
  close_fd(exec_error_fd_);
  if (got == static_cast<ssize_t>(sizeof(error))) {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    ended_ = true;
    end_.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 127;
    throw CommandNotRunnable(std::strerror(error), error);
  }
}

bool TracedCommand::reap() {
  for (;;) {
    int status = 0;
    const pid_t reaped = ::waitpid(-1, &status, WNOHANG);
    if (reaped <= 0) {
      break;
    }
    if (reaped == pid_) {
      ended_ = true;
      end_.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
      end_.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    }
  }
  return ended_;
}

void TracedCommand::signal_tree(const std::vector<pid_t>& members, int signal_number) noexcept {
  ::kill(-pid_, signal_number);
  for (const pid_t member : members) {
    if (member > 0) {
      ::kill(member, signal_number);
    }
  }
}

TreeGuard::TreeGuard(int tree_fd, pid_t process_group) {
  int ends[2];
  if (::pipe2(ends, O_CLOEXEC) != 0) {
    throw_errno("trace: pipe");
  }
  pid_ = ::fork();
  if (pid_ == 0) {
    ::close(ends[1]);
    const int low = tree_fd < ends[0] ? tree_fd : ends[0];
    const int high = tree_fd < ends[0] ? ends[0] : tree_fd;
    close_all_but(low, high);
    run_guard(tree_fd, ends[0], process_group);
  }
  const int error = errno;
  ::close(ends[0]);
  pipe_fd_ = ends[1];
  if (pid_ < 0) {
    close_fd(pipe_fd_);
    throw_errno("trace: cannot start the guard process", error);
  }
}

TreeGuard::~TreeGuard() {
  close_fd(pipe_fd_);
  if (pid_ > 0) {
    ::waitpid(pid_, nullptr, 0);
  }
}

struct rusage children_usage() {
  struct rusage usage {};
  ::getrusage(RUSAGE_CHILDREN, &usage);
  return usage;
}

}  // namespace clonebench

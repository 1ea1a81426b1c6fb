#include "memory/thp_guard.hpp"

#include <fcntl.h>
#include <linux/close_range.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"

namespace clonebench {
namespace {

constexpr char kDismissed = 'D';  // the tool restored the values itself

// Prepared before the fork: the guardian calls nothing that allocates.
struct RawSetting {
  const char* path;
  const char* value;
  std::size_t value_length;
};

void write_raw(const std::vector<RawSetting>& settings) noexcept {
  for (const RawSetting& setting : settings) {
    const int fd = ::open(setting.path, O_WRONLY | O_CLOEXEC);
    if (fd >= 0) {
      (void)!::write(fd, setting.value, setting.value_length);
      ::close(fd);
    }
  }
}

// Only async-signal-safe calls: this runs in the child of a fork of a possibly threaded tool.
[[noreturn]] void guard(int read_fd, const std::vector<RawSetting>& settings) {
  ::setsid();  // a signal to the tool's process group or session does not end the guardian
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGTSTP}) {
    ::sigaction(signal_number, &ignore, nullptr);
  }
  const int null_fd = ::open("/dev/null", O_RDWR);
  if (null_fd >= 0) {
    ::dup2(null_fd, 0);
    ::dup2(null_fd, 1);  // no output pipe of the tool's caller is held open by the guardian
    ::dup2(null_fd, 2);
  }
  if (::dup2(read_fd, 3) == 3) {
    ::close_range(4, ~0U, 0);
  }
  char message = 0;
  ssize_t got = 0;
  do {
    got = ::read(3, &message, 1);
  } while (got < 0 && errno == EINTR);
  if (got == 1 && message == kDismissed) {
    ::_exit(0);
  }
  write_raw(settings);  // end-of-file: the tool is gone without restoring
  ::_exit(0);
}

}  // namespace

ThpGuard::ThpGuard(std::vector<ThpSetting> saved) : saved_(std::move(saved)) {
  std::vector<std::string> values;
  for (const ThpSetting& setting : saved_) {
    values.push_back(setting.value + "\n");
  }
  std::vector<RawSetting> raw;
  for (std::size_t i = 0; i < saved_.size(); ++i) {
    raw.push_back(RawSetting{saved_[i].path.c_str(), values[i].c_str(), values[i].size()});
  }
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    throw_errno("THP settings: create the guardian's pipe");
  }
  guardian_ = ::fork();
  if (guardian_ < 0) {
    const int error_number = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    throw_errno("THP settings: start the guardian", error_number);
  }
  if (guardian_ == 0) {
    ::close(fds[1]);
    guard(fds[0], raw);
  }
  ::close(fds[0]);
  pipe_write_ = fds[1];
}

void ThpGuard::apply(const std::vector<ThpSetting>& settings) {
  write_thp_settings(settings);
}

void ThpGuard::restore() {
  write_thp_settings(saved_);
}

ThpGuard::~ThpGuard() {
  bool restored = true;
  try {
    restore();
  } catch (const std::exception&) {
    restored = false;  // the guardian tries again when the pipe closes
  }
  if (restored) {
    const char message = kDismissed;
    (void)!::write(pipe_write_, &message, 1);
  }
  ::close(pipe_write_);
  while (::waitpid(guardian_, nullptr, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace clonebench

#include "memory/thp_guard.hpp"

#include <fcntl.h>
#include <linux/close_range.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
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

// True when every value was written whole.
bool write_raw(const std::vector<RawSetting>& settings) noexcept {
  bool all_written = true;
  for (const RawSetting& setting : settings) {
    const int fd = ::open(setting.path, O_WRONLY | O_CLOEXEC);
    all_written = all_written && fd >= 0 &&
                  ::write(fd, setting.value, setting.value_length) ==
                      static_cast<ssize_t>(setting.value_length);
    if (fd >= 0) {
      ::close(fd);
    }
  }
  return all_written;
}

// What the guardian keeps: the pipe it reads (as 3) and the lock (as 4), nothing else.
constexpr int kPipeFd = 3, kLockFd = 4, kFirstFreeFd = 10;

// Only async-signal-safe calls: this runs in the child of a fork of a possibly threaded tool.
[[noreturn]] void guard(int read_fd, int lock_fd, const char* journal,
                        const std::vector<RawSetting>& settings) {
  ::setsid();  // a signal to the tool's process group or session does not end the guardian
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  for (int signal_number : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGTSTP}) {
    ::sigaction(signal_number, &ignore, nullptr);
  }
  // Out of the way first: either may be 0-4 (a tool started with standard input closed).
  const int pipe_copy = ::fcntl(read_fd, F_DUPFD, kFirstFreeFd);
  const int lock_copy = ::fcntl(lock_fd, F_DUPFD, kFirstFreeFd);
  const int null_fd = ::open("/dev/null", O_RDWR);
  if (null_fd >= 0) {
    ::dup2(null_fd, 0);
    ::dup2(null_fd, 1);  // no output pipe of the tool's caller is held open by the guardian
    ::dup2(null_fd, 2);
  }
  if (::dup2(pipe_copy, kPipeFd) == kPipeFd && ::dup2(lock_copy, kLockFd) == kLockFd) {
    ::close_range(kLockFd + 1, ~0U, 0);
  }
  char message = 0;
  ssize_t got = 0;
  do {
    got = ::read(kPipeFd, &message, 1);
  } while (got < 0 && errno == EINTR);
  if (got == 1 && message == kDismissed) {
    ::_exit(0);
  }
  // End-of-file: the tool is gone without restoring. The journal goes only with every value
  // back; the lock (fd 4) is let go when this process ends.
  if (write_raw(settings)) {
    ::unlink(journal);
  }
  ::_exit(0);
}

}  // namespace

ThpGuard::ThpGuard(MachineSettingsLock& lock, std::vector<ThpSetting> saved)
    : saved_(std::move(saved)), journal_(lock.write_journal(saved_)) {
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
    const int error_number = errno;
    std::remove(journal_.c_str());  // nothing was changed
    throw_errno("machine settings: create the guardian's pipe", error_number);
  }
  guardian_ = ::fork();
  if (guardian_ < 0) {
    const int error_number = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    std::remove(journal_.c_str());
    throw_errno("machine settings: start the guardian", error_number);
  }
  if (guardian_ == 0) {
    ::close(fds[1]);
    guard(fds[0], lock.descriptor(), journal_.c_str(), raw);
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
    // Before the guardian is dismissed: a tool killed in between leaves the guardian to write
    // the same values again, never a journal that a later run would replay over newer values.
    std::remove(journal_.c_str());
    const char message = kDismissed;
    (void)!::write(pipe_write_, &message, 1);
  }
  ::close(pipe_write_);
  while (::waitpid(guardian_, nullptr, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace clonebench

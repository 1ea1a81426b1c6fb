#include "store/open_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <time.h>

#include <cerrno>

namespace clonebench {

OpenLock::OpenLock(const std::string& path, int wait_ms)
    : file_(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
  if (file_.get() < 0) {
    return;  // SQLite's open reports why, in its own words
  }
  constexpr int kPollMs = 5;
  for (int waited_ms = 0; waited_ms <= wait_ms; waited_ms += kPollMs) {
    if (::flock(file_.get(), LOCK_EX | LOCK_NB) == 0) {
      held_ = true;
      return;
    }
    if (errno != EWOULDBLOCK && errno != EINTR) {
      return;
    }
    const timespec pause{0, kPollMs * 1'000'000L};
    ::nanosleep(&pause, nullptr);
  }
}

void OpenLock::release() noexcept {
  if (held_) {
    ::flock(file_.get(), LOCK_UN);
    held_ = false;
  }
}

}  // namespace clonebench

#include "stressors/stressor.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace clonebench {

void Stressor::after_launch(Launched& launched) noexcept {
  if (launched.pidfd >= 0) {
    ::close(launched.pidfd);
    launched.pidfd = -1;
  }
}

Reaped Stressor::reap(const Launched& launched) noexcept {
  int status = 0;
  pid_t pid = -1;
  do {
    // __WALL: children with exit_signal 0 (legacy clone) are only seen with it.
    pid = ::wait4(launched.pid, &status, __WALL, nullptr);
  } while (pid < 0 && errno == EINTR);
  if (pid < 0) {
    return Reaped{false, errno, 0};
  }
  if (WIFEXITED(status)) {
    return Reaped{true, 0, WEXITSTATUS(status)};
  }
  return Reaped{true, 0, 128 + WTERMSIG(status)};
}

}  // namespace clonebench

#include "process/process_tree.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <ctime>
#include <string>
#include <string_view>
#include <utility>

#include "sys/clock.hpp"

namespace clonebench {
namespace {

// The parent of `pid` from /proc/PID/stat ("pid (comm) state ppid ..."); 0 when unreadable.
pid_t parent_of(pid_t pid) {
  const std::string path = "/proc/" + std::to_string(pid) + "/stat";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return 0;
  }
  char buffer[512];
  const ssize_t n = ::read(fd, buffer, sizeof buffer - 1);
  ::close(fd);
  if (n <= 0) {
    return 0;
  }
  const std::string_view text(buffer, static_cast<std::size_t>(n));
  const std::size_t paren = text.rfind(')');  // comm may hold spaces and ')'
  if (paren == std::string_view::npos || paren + 4 >= text.size()) {
    return 0;
  }
  return static_cast<pid_t>(std::strtol(buffer + paren + 4, nullptr, 10));
}

std::vector<std::pair<pid_t, pid_t>> process_parents() {
  std::vector<std::pair<pid_t, pid_t>> parents;
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) {
    return parents;
  }
  while (const dirent* entry = ::readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (pid > 0 && *end == '\0') {
      if (const pid_t parent = parent_of(static_cast<pid_t>(pid)); parent > 0) {
        parents.emplace_back(static_cast<pid_t>(pid), parent);
      }
    }
  }
  ::closedir(proc);
  return parents;
}

}  // namespace

std::vector<pid_t> descendants_of(pid_t ancestor) {
  const std::vector<std::pair<pid_t, pid_t>> parents = process_parents();
  std::vector<pid_t> found = {ancestor};
  for (std::size_t next = 0; next < found.size(); ++next) {
    for (const auto& [pid, parent] : parents) {
      if (parent == found[next] && std::find(found.begin(), found.end(), pid) == found.end()) {
        found.push_back(pid);
      }
    }
  }
  found.erase(found.begin());
  return found;
}

bool kill_and_reap_descendants(std::int64_t bound_ns) {
  const std::int64_t deadline_ns = monotonic_now_ns() + bound_ns;
  const pid_t self = ::getpid();
  for (;;) {
    const std::vector<pid_t> below = descendants_of(self);
    for (const pid_t pid : below) {
      ::kill(pid, SIGKILL);
    }
    bool has_children = false;
    for (;;) {
      const pid_t reaped = ::waitpid(-1, nullptr, WNOHANG | __WALL);
      if (reaped > 0) {
        continue;
      }
      has_children = reaped == 0 || errno == EINTR;
      break;
    }
    if (below.empty() && !has_children) {
      return true;
    }
    if (monotonic_now_ns() > deadline_ns) {
      return false;
    }
    const timespec pause{0, 1'000'000};
    ::nanosleep(&pause, nullptr);
  }
}

}  // namespace clonebench

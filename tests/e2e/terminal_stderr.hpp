#pragma once
// A pseudo-terminal for the tool's stderr, as on a user's terminal: what the tool shows only
// when stderr is a terminal (progress lines) can then be seen by a test. A thread drains the
// terminal while the tool runs, so that the tool never blocks on a full terminal buffer.

#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>

namespace clonebench::testing {

class TerminalStderr {
 public:
  TerminalStderr() {
    master_ = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master_ >= 0 && ::grantpt(master_) == 0 && ::unlockpt(master_) == 0) {
      const char* name = ::ptsname(master_);
      slave_path_ = name != nullptr ? name : "";
    }
    reader_ = std::thread([this] { drain(); });
  }
  ~TerminalStderr() {
    finish();
    if (master_ >= 0) {
      ::close(master_);
    }
  }
  TerminalStderr(const TerminalStderr&) = delete;
  TerminalStderr& operator=(const TerminalStderr&) = delete;

  bool ready() const { return !slave_path_.empty(); }

  // For run_tool's `in_child`: makes the terminal the child's stderr.
  std::function<void()> as_stderr() const {
    return [path = slave_path_] {
      const int fd = ::open(path.c_str(), O_RDWR | O_NOCTTY);
      if (fd >= 0) {
        ::dup2(fd, 2);
        ::close(fd);
      }
    };
  }

  // Everything written to the terminal; call once the tool has ended.
  std::string text() {
    finish();
    return text_;
  }

 private:
  void drain() {
    char buffer[4096];
    for (;;) {
      pollfd ready_fd{master_, POLLIN, 0};
      const int polled = master_ >= 0 ? ::poll(&ready_fd, 1, 50) : 0;
      if (polled > 0 && (ready_fd.revents & POLLIN) != 0) {
        const ssize_t n = ::read(master_, buffer, sizeof buffer);
        if (n > 0) {
          text_.append(buffer, static_cast<std::size_t>(n));
          continue;
        }
      }
      // Nothing (more) to read: stop once asked to; the tool has ended by then.
      if (stop_.load()) {
        return;
      }
      if (polled > 0) {
        // POLLHUP alone: no process holds the terminal (yet, or any more); poll would not wait.
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
    }
  }
  void finish() {
    stop_.store(true);
    if (reader_.joinable()) {
      reader_.join();
    }
  }

  int master_ = -1;
  std::string slave_path_;
  std::string text_;
  std::atomic<bool> stop_{false};
  std::thread reader_;
};

}  // namespace clonebench::testing

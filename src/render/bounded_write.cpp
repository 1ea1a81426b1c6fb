#include "render/bounded_write.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <limits.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "core/error.hpp"
#include "core/pending_interrupt.hpp"

namespace clonebench {
namespace {

constexpr int kOutputSliceMs = 50;  // how often a wait looks for a pending interrupt

using Clock = std::chrono::steady_clock;

[[noreturn]] void fail(const std::string& flag, const std::string& path, const std::string& why) {
  throw RuntimeError(fmt::format("{} {}: {}", flag, path, why));
}

Clock::time_point seconds_from_now(double seconds) {
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

bool past(Clock::time_point deadline) {
  return Clock::now() >= deadline;
}

}  // namespace

int open_write_through(const std::string& path, const std::string& flag) {
  const auto deadline = seconds_from_now(kReaderWaitS);
  for (;;) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd >= 0) {
      return fd;
    }
    if (errno != ENXIO && errno != EINTR) {  // ENXIO: a FIFO with no reader yet
      throw UsageError(fmt::format("{} {}: cannot open: {}", flag, path, std::strerror(errno)));
    }
    throw_if_interrupt_pending();
    if (past(deadline)) {
      fail(flag, path,
           fmt::format("no process opened this FIFO for reading within {:g} s; nothing was "
                       "written (start its reader first)",
                       kReaderWaitS));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(kOutputSliceMs));
  }
}

void write_all_bounded(int fd, const std::string& content, const std::string& flag,
                       const std::string& path) {
  std::size_t written = 0;
  auto deadline = seconds_from_now(kStalledReaderS);
  while (written < content.size()) {
    pollfd room{fd, POLLOUT, 0};
    const int ready = ::poll(&room, 1, kOutputSliceMs);
    if (ready < 0 && errno != EINTR) {
      fail(flag, path, fmt::format("cannot write: {}", std::strerror(errno)));
    }
    if (ready <= 0) {
      throw_if_interrupt_pending();
      if (past(deadline)) {
        fail(flag, path,
             fmt::format("the reader took nothing for {:g} s; {} of {} bytes were written",
                         kStalledReaderS, written, content.size()));
      }
      continue;
    }
    // At most PIPE_BUF at a time: a blocking pipe with room for it takes it without waiting.
    const std::size_t chunk = std::min<std::size_t>(content.size() - written, PIPE_BUF);
    const ssize_t n = ::write(fd, content.data() + written, chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) {
      continue;
    }
    if (n < 0) {
      fail(flag, path, fmt::format("cannot write: {}", std::strerror(errno)));
    }
    written += static_cast<std::size_t>(n);
    deadline = seconds_from_now(kStalledReaderS);
  }
}

}  // namespace clonebench

#pragma once
// The read loop of every reader of a whole file: read(2) until the end, again where a signal
// interrupts it, each chunk handed on as it comes.

#include <unistd.h>

#include <cerrno>
#include <span>
#include <string_view>

namespace clonebench {

// Reads `fd` through `buffer` and hands each chunk to `take`, which returns false to stop
// reading. 0 at the end of the file or when `take` stopped; else the errno of the failed read.
template <typename Take>
int read_to_end(int fd, std::span<char> buffer, Take take) {
  for (;;) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got < 0) {
      return errno;
    }
    if (got == 0 || !take(std::string_view(buffer.data(), static_cast<std::size_t>(got)))) {
      return 0;
    }
  }
}

}  // namespace clonebench

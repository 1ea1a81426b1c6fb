#include "sys/proc_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>

#include "core/error.hpp"

namespace clonebench {

std::string read_proc_file(const char* path) {
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    throw_errno(std::string("open ") + path);
  }
  std::string text;
  std::array<char, 16384> buffer{};
  for (;;) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got < 0) {
      const int error_number = errno;
      ::close(fd);
      throw_errno(std::string("read ") + path, error_number);
    }
    if (got == 0) {
      break;
    }
    text.append(buffer.data(), static_cast<std::size_t>(got));
  }
  ::close(fd);
  return text;
}

}  // namespace clonebench

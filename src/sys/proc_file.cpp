#include "sys/proc_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>

#include "core/error.hpp"
#include "sys/read_to_end.hpp"

namespace clonebench {

std::string read_proc_file(const char* path) {
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    throw_errno(std::string("open ") + path);
  }
  std::string text;
  std::array<char, 16384> buffer{};
  const int error_number = read_to_end(fd, buffer, [&text](std::string_view chunk) {
    text.append(chunk);
    return true;
  });
  ::close(fd);
  if (error_number != 0) {
    throw_errno(std::string("read ") + path, error_number);
  }
  return text;
}

}  // namespace clonebench

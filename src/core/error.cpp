#include "core/error.hpp"

#include <string.h>

#include <cerrno>

namespace clonebench {

void throw_errno(const std::string& what) {
  throw_errno(what, errno);
}

void throw_errno(const std::string& what, int error_number) {
  throw RuntimeError(what + ": " + ::strerror(error_number));
}

std::string errno_name(int error_number) {
  // glibc's strerrorname_np (2.32+) gives the symbolic name without a table of our own.
  if (const char* name = ::strerrorname_np(error_number); name != nullptr) {
    return name;
  }
  return "E" + std::to_string(error_number);
}

}  // namespace clonebench

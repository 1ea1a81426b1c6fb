#include "core/timestamp.hpp"

#include <sys/utsname.h>
#include <time.h>

#include <array>

namespace clonebench {

std::string iso8601_utc_now() {
  const time_t now = ::time(nullptr);
  tm utc{};
  ::gmtime_r(&now, &utc);
  std::array<char, 32> text{};
  const std::size_t length = ::strftime(text.data(), text.size(), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return std::string(text.data(), length);
}

std::string kernel_release() {
  utsname names{};
  if (::uname(&names) != 0) {
    return "unknown";
  }
  return names.release;
}

}  // namespace clonebench

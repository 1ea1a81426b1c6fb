#include "process/soft_limits.hpp"

#include <sys/resource.h>

#include <array>

namespace clonebench {

void raise_soft_limits_to_hard() noexcept {
  // stress-ng's list (core-limit.c), in its order.
  static constexpr std::array<__rlimit_resource, 15> kResources = {
      RLIMIT_AS,      RLIMIT_CPU,      RLIMIT_DATA,   RLIMIT_FSIZE,      RLIMIT_LOCKS,
      RLIMIT_MEMLOCK, RLIMIT_MSGQUEUE, RLIMIT_NICE,   RLIMIT_NOFILE,     RLIMIT_NPROC,
      RLIMIT_RSS,     RLIMIT_RTPRIO,   RLIMIT_RTTIME, RLIMIT_SIGPENDING, RLIMIT_STACK};
  for (const __rlimit_resource resource : kResources) {
    rlimit limit{};
    if (::getrlimit(resource, &limit) < 0) {
      continue;
    }
    limit.rlim_cur = limit.rlim_max;
    (void)::setrlimit(resource, &limit);
  }
}

}  // namespace clonebench

#include "process/process_control.hpp"

#include <linux/capability.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>

#include "sys/proc_file.hpp"

namespace clonebench {

bool die_with_parent(pid_t expected_parent) noexcept {
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) {
    return false;
  }
  // The parent may have died between fork() and prctl(): then nobody would signal us.
  return ::getppid() == expected_parent;
}

bool become_subreaper() noexcept {
  return ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
}

int drop_capabilities() noexcept {
  __user_cap_header_struct header{};
  header.version = _LINUX_CAPABILITY_VERSION_3;
  header.pid = 0;
  __user_cap_data_struct data[2]{};
  if (::syscall(SYS_capset, &header, data) != 0) {
    return errno;
  }
  if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
    return errno;
  }
  return 0;
}

pid_t fork_system_call() noexcept {
  return static_cast<pid_t>(::syscall(SYS_clone, SIGCHLD, 0, nullptr, nullptr, 0));
}

int pin_to_cpu(int cpu) noexcept {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return ::sched_setaffinity(0, sizeof(set), &set) == 0 ? 0 : errno;
}

std::uint64_t read_peak_rss_kb() noexcept {
  try {
    const std::string status = read_proc_file("/proc/self/status");
    const std::size_t at = status.find("\nVmHWM:");
    return at == std::string::npos ? 0 : std::strtoull(status.c_str() + at + 7, nullptr, 10);
  } catch (...) {
    return 0;
  }
}

std::int64_t user_time_ns(const struct rusage& usage) noexcept {
  return static_cast<std::int64_t>(usage.ru_utime.tv_sec) * 1'000'000'000 +
         static_cast<std::int64_t>(usage.ru_utime.tv_usec) * 1'000;
}

std::int64_t system_time_ns(const struct rusage& usage) noexcept {
  return static_cast<std::int64_t>(usage.ru_stime.tv_sec) * 1'000'000'000 +
         static_cast<std::int64_t>(usage.ru_stime.tv_usec) * 1'000;
}

void sleep_ns(std::int64_t nanoseconds) noexcept {
  timespec remaining{static_cast<time_t>(nanoseconds / 1'000'000'000),
                     static_cast<long>(nanoseconds % 1'000'000'000)};
  while (::nanosleep(&remaining, &remaining) != 0 && errno == EINTR) {
  }
}

}  // namespace clonebench

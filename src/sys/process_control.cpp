#include "sys/process_control.hpp"

#include <linux/capability.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <filesystem>
#include <fstream>
#include <string>

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

int pin_to_cpu(int cpu) noexcept {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  return ::sched_setaffinity(0, sizeof(set), &set) == 0 ? 0 : errno;
}

std::uint64_t read_peak_rss_kb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) {
      return std::stoull(line.substr(6));
    }
  }
  return 0;
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

std::string executable_directory() {
  std::error_code error;
  const auto path = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string(".") : path.parent_path().string();
}

std::uint64_t process_headroom() {
  rlimit limit{};
  if (::geteuid() == 0 || ::getrlimit(RLIMIT_NPROC, &limit) != 0 ||
      limit.rlim_cur == RLIM_INFINITY) {
    return UINT_MAX;
  }
  // Count this user's processes through /proc; cheap enough once per run.
  std::uint64_t mine = 0;
  const uid_t uid = ::getuid();
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    struct stat info {};
    const auto name = entry.path().filename().string();
    if (!name.empty() && name[0] >= '0' && name[0] <= '9' &&
        ::stat(entry.path().c_str(), &info) == 0 && info.st_uid == uid) {
      ++mine;
    }
  }
  return limit.rlim_cur > mine ? limit.rlim_cur - mine : 0;
}

}  // namespace clonebench

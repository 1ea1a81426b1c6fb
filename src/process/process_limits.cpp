#include "process/process_limits.hpp"

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <filesystem>

#include "sys/text_file.hpp"

namespace clonebench {

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

std::uint64_t read_pid_max() {
  const std::optional<std::string> text = read_text_file("/proc/sys/kernel/pid_max");
  if (!text) {
    return 32768;
  }
  const std::uint64_t value = std::strtoull(text->c_str(), nullptr, 10);
  return value == 0 ? 32768 : value;
}

}  // namespace clonebench

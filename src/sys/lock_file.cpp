#include "sys/lock_file.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <filesystem>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

constexpr long kPollNs = 50'000'000;         // how often a waiter tries again
constexpr std::size_t kCommandChars = 200;   // how much of the holder's command line is kept
constexpr std::size_t kHolderTextMax = 512;  // what a reader takes of the lock file

// "pid <N>\ncommand <text>\n": what the holder writes.
std::string holder_text() {
  return fmt::format("pid {}\ncommand {}\n", ::getpid(), own_command_line());
}

// The holder's text read back; whatever it holds is data (printable, bounded).
LockHolder read_holder(int fd) {
  char buffer[kHolderTextMax];
  const ssize_t got = ::pread(fd, buffer, sizeof buffer, 0);
  const std::string_view text(buffer, got > 0 ? static_cast<std::size_t>(got) : 0);
  LockHolder holder;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    if (line.starts_with("pid ")) {
      const std::string_view digits = line.substr(4);
      pid_t pid = 0;
      const auto [last, error] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
      holder.pid =
          error == std::errc() && last == digits.data() + digits.size() && pid > 0 ? pid : 0;
    } else if (line.starts_with("command ")) {
      holder.command = shortened(line.substr(8), kCommandChars);
    }
    start = end + 1;
  }
  holder.alive = holder.pid > 0 && (::kill(holder.pid, 0) == 0 || errno == EPERM);
  return holder;
}

void create_directory_of(const std::string& path) {
  const std::filesystem::path directory = std::filesystem::path(path).parent_path();
  if (!directory.empty() && ::mkdir(directory.c_str(), 0755) != 0 && errno != EEXIST) {
    throw_errno(fmt::format("cannot create the directory {} of the lock file", directory.string()));
  }
}

bool try_lock(int fd) {
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EWOULDBLOCK) {
      return false;
    }
    if (errno != EINTR) {
      throw_errno("flock");
    }
  }
  return true;
}

}  // namespace

std::string own_command_line() {
  std::string command = read_text_file("/proc/self/cmdline").value_or("");
  std::replace(command.begin(), command.end(), '\0', ' ');
  return shortened(trim(command), kCommandChars);
}

std::string describe_lock_holder(const LockHolder& holder) {
  if (holder.pid == 0) {
    return "a process that has not said who it is yet";
  }
  return fmt::format("pid {}{} ({})", holder.pid,
                     holder.alive ? "" : ", gone; a process it started still holds the lock",
                     holder.command.empty() ? "command unknown" : holder.command);
}

LockFile::LockFile(std::string path, double wait_s,
                   const std::function<void(const LockHolder&)>& waiting)
    : path_(std::move(path)) {
  create_directory_of(path_);
  file_ = Descriptor(::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644));
  if (file_.get() < 0) {
    throw_errno(fmt::format("cannot open the lock file {}", path_));
  }
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::duration<double>(std::max(wait_s, 0.0));
  bool announced = false;
  while (!try_lock(file_.get())) {
    const LockHolder holder = read_holder(file_.get());
    if (std::chrono::steady_clock::now() >= deadline) {
      throw LockBusy(fmt::format("{} is held by {}", path_, describe_lock_holder(holder)), holder);
    }
    if (!announced && waiting) {
      waiting(holder);
    }
    announced = true;
    const timespec pause{0, kPollNs};
    ::nanosleep(&pause, nullptr);
  }
  const std::string text = holder_text();
  if (::ftruncate(file_.get(), 0) != 0 ||
      ::pwrite(file_.get(), text.data(), text.size(), 0) != static_cast<ssize_t>(text.size())) {
    throw_errno(fmt::format("cannot write who holds {}", path_));
  }
}

LockFile::~LockFile() {
  (void)!::ftruncate(file_.get(), 0);
}

}  // namespace clonebench

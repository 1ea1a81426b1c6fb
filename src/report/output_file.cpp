// Atomic output: the bytes go to a temporary file in the target's directory, are synced, and
// the file is renamed over the target, so a reader sees the old file or the whole new one.
#include "report/output_file.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace clonebench {
namespace {

std::string directory_of(const std::string& path) {
  const std::string parent = std::filesystem::path(path).parent_path().string();
  return parent.empty() ? "." : parent;
}

[[noreturn]] void fail(const std::string& flag, const std::string& path, const std::string& why,
                       int error_number) {
  throw UsageError(fmt::format("{} {}: {}: {}", flag, path, why, std::strerror(error_number)));
}

void write_all(int fd, const std::string& content, const std::string& flag,
               const std::string& path) {
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0) {
      fail(flag, path, "cannot write", errno);
    }
    written += static_cast<std::size_t>(n);
  }
}

void write_stdout(const std::string& content, const std::string& flag) {
  std::fflush(stdout);  // keep earlier buffered stdout text before our bytes
  write_all(STDOUT_FILENO, content, flag, "-");
}

// Removes the temporary file unless released: every failure path leaves nothing behind.
class TempFile {
 public:
  TempFile(const std::string& target, const std::string& flag)
      : path_(target + ".tmp.XXXXXX"), flag_(flag), target_(target) {
    fd_ = ::mkostemp(path_.data(), O_CLOEXEC);
    if (fd_ < 0) {
      fail(flag, target, "cannot create a file in " + directory_of(target), errno);
    }
  }
  ~TempFile() {
    if (fd_ >= 0) {
      ::close(fd_);
    }
    if (!released_) {
      ::unlink(path_.c_str());
    }
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  void commit(const std::string& content) {
    write_all(fd_, content, flag_, target_);
    // mkstemp creates 0600; an output file gets the usual 0666 & ~umask.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(fd_, 0666 & ~mask) != 0 || ::fsync(fd_) != 0) {
      fail(flag_, target_, "cannot sync", errno);
    }
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
      fail(flag_, target_, "cannot close", errno);
    }
    if (::rename(path_.c_str(), target_.c_str()) != 0) {
      fail(flag_, target_, "cannot rename into place", errno);
    }
    released_ = true;
  }

 private:
  std::string path_, flag_, target_;
  int fd_ = -1;
  bool released_ = false;
};

}  // namespace

void write_output(const std::string& path, const std::string& content, const std::string& flag) {
  if (path == "-") {
    write_stdout(content, flag);
    return;
  }
  if (path.empty()) {
    throw UsageError(fmt::format("{}: empty file name", flag));
  }
  TempFile temp(path, flag);
  temp.commit(content);
}

void check_output_path(const std::string& path, const std::string& flag) {
  if (path == "-") {
    return;
  }
  if (path.empty()) {
    throw UsageError(fmt::format("{}: empty file name", flag));
  }
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0 && S_ISDIR(status.st_mode)) {
    throw UsageError(fmt::format("{} {}: is a directory", flag, path));
  }
  const std::string directory = directory_of(path);
  if (::stat(directory.c_str(), &status) != 0) {
    fail(flag, path, "directory " + directory, errno);
  }
  if (!S_ISDIR(status.st_mode)) {
    throw UsageError(fmt::format("{} {}: {} is not a directory", flag, path, directory));
  }
  // Try it: access(W_OK) says yes to root even where no file can be created (/proc, /sys).
  std::string probe = directory + "/.clonebench-check.XXXXXX";
  const int fd = ::mkostemp(probe.data(), O_CLOEXEC);
  if (fd < 0) {
    fail(flag, path, "cannot create a file in " + directory, errno);
  }
  ::close(fd);
  ::unlink(probe.c_str());
}

}  // namespace clonebench

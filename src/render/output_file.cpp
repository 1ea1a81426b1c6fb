// Atomic output: the bytes go to a temporary file in the target's directory, are synced, and
// the file is renamed over the target and the directory synced, so a reader sees the old file
// or the whole new one, also after a crash.
#include "render/output_file.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"
#include "render/bounded_write.hpp"
#include "render/output_path.hpp"

namespace clonebench {
namespace {

std::string directory_of(const std::string& path) {
  const std::string parent = std::filesystem::path(path).parent_path().string();
  return parent.empty() ? "." : parent;
}

[[noreturn]] void fail_output_file(const std::string& flag, const std::string& path,
                                   const std::string& why, int error_number) {
  throw UsageError(fmt::format("{} {}: {}: {}", flag, path, why, std::strerror(error_number)));
}

// Writing itself failed (a full disk, an I/O error): a runtime failure, not a bad path.
[[noreturn]] void fail_writing(const std::string& flag, const std::string& path,
                               const std::string& why, int error_number) {
  throw RuntimeError(fmt::format("{} {}: {}: {}", flag, path, why, std::strerror(error_number)));
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
      fail_writing(flag, path, "cannot write", errno);
    }
    written += static_cast<std::size_t>(n);
  }
}

void write_stdout(const std::string& content, const std::string& flag) {
  std::fflush(stdout);  // keep earlier buffered stdout text before our bytes
  write_all_bounded(STDOUT_FILENO, content, flag, "-");
}

// A character device or a FIFO is written, not replaced: /dev/null stays a device and the
// reader of a pipe gets the bytes. Never waited on without bound (render/bounded_write.hpp).
void write_through(const std::string& path, const std::string& content, const std::string& flag) {
  const int fd = open_write_through(path, flag);
  try {
    write_all_bounded(fd, content, flag, path);
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) {
    fail_writing(flag, path, "cannot close", errno);
  }
}

void sync_directory(const std::string& directory, const std::string& flag,
                    const std::string& path) {
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    fail_writing(flag, path, "cannot open its directory to sync it", errno);
  }
  // Some file systems cannot sync a directory (EINVAL): the rename is as durable as they allow.
  const int synced = ::fsync(fd);
  const int error = errno;
  ::close(fd);
  if (synced != 0 && error != EINVAL) {
    fail_writing(flag, path, "cannot sync its directory", error);
  }
}

// The mode and owner the new file gets: the old file's, else 0666 & ~umask and ours.
void take_over_attributes(int fd, const std::optional<struct stat>& old, const std::string& flag,
                          const std::string& path) {
  if (old && (old->st_uid != ::geteuid() || old->st_gid != ::getegid()) &&
      ::fchown(fd, old->st_uid, old->st_gid) != 0) {
    fail_output_file(flag, path,
                     fmt::format("cannot keep its owner {}:{}", old->st_uid, old->st_gid), errno);
  }
  mode_t mode = 0;
  if (old) {
    mode = old->st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  // After fchown, which clears set-id bits.
  if (::fchmod(fd, mode) != 0) {
    fail_output_file(flag, path, "cannot set its mode", errno);
  }
}

// Removes the temporary file unless released: every failure path leaves nothing behind.
class TempFile {
 public:
  TempFile(const std::string& target, const std::string& flag, const std::string& shown)
      : path_(target + ".tmp.XXXXXX"), flag_(flag), target_(target), shown_(shown) {
    fd_ = ::mkostemp(path_.data(), O_CLOEXEC);
    if (fd_ < 0) {
      fail_output_file(flag, shown, "cannot create a file in " + directory_of(target), errno);
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

  void commit(const std::string& content, const std::optional<struct stat>& old) {
    write_all(fd_, content, flag_, shown_);
    take_over_attributes(fd_, old, flag_, shown_);
    if (::fsync(fd_) != 0) {
      fail_writing(flag_, shown_, "cannot sync", errno);
    }
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) {
      fail_writing(flag_, shown_, "cannot close", errno);
    }
    if (::rename(path_.c_str(), target_.c_str()) != 0) {
      fail_output_file(flag_, shown_, "cannot rename into place", errno);
    }
    released_ = true;
    sync_directory(directory_of(target_), flag_, shown_);
  }

 private:
  std::string path_, flag_, target_, shown_;
  int fd_ = -1;
  bool released_ = false;
};

}  // namespace

void write_output(const std::string& path, const std::string& content, const std::string& flag) {
  if (path == "-") {
    write_stdout(content, flag);
    return;
  }
  const OutputDestination destination = output_destination(path, flag);
  if (destination.kind == OutputKind::kStream) {
    write_through(destination.resolved.target, content, flag);
    return;
  }
  const ResolvedPath& resolved = destination.resolved;
  TempFile temp(resolved.target, flag, path);
  temp.commit(content, resolved.status);
}

}  // namespace clonebench

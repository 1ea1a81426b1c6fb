#include "sys/unnamed_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "core/error.hpp"

namespace clonebench {

UnnamedFile::UnnamedFile(const std::string& purpose) {
  const char* tmpdir = std::getenv("TMPDIR");
  const std::string directory = tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp";
  fd_ = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd_ < 0) {
    // A file system without O_TMPFILE: memory instead of disk, still without a name.
    fd_ = ::memfd_create("clonebench-scratch", MFD_CLOEXEC);
  }
  if (fd_ < 0) {
    throw_errno("cannot create a scratch file for " + purpose);
  }
}

UnnamedFile::~UnnamedFile() {
  if (fd_ >= 0) {
    ::close(fd_);
  }
}

std::uint64_t UnnamedFile::size_bytes() const {
  struct stat info {};
  return ::fstat(fd_, &info) == 0 ? static_cast<std::uint64_t>(info.st_size) : 0;
}

std::string UnnamedFile::read_prefix(std::size_t limit) const {
  std::string text(limit, '\0');
  std::size_t have = 0;
  while (have < limit) {
    const ssize_t got = ::pread(fd_, text.data() + have, limit - have, static_cast<off_t>(have));
    if (got < 0 && errno == EINTR) {
      continue;
    }
    if (got <= 0) {
      break;
    }
    have += static_cast<std::size_t>(got);
  }
  text.resize(have);
  return text;
}

}  // namespace clonebench

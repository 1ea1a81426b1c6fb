#pragma once
// Some e2e tests change or count what belongs to the whole machine (THP switches, attached BPF
// links). ctest -j runs tests side by side, so the tests that share such a thing take turns: each
// holds an exclusive lock on a file named after the thing, for its whole run. The file is under
// /run/clonebench-tests when it can be made there (root), so that the tests of every build tree
// on the machine take turns, not only those of one; otherwise it is beside the built binary.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>

namespace clonebench::testing {

class MachineLock {
 public:
  // Waits until no other test holds the lock called `name`.
  explicit MachineLock(const std::string& name)
      : path_(lock_path(name)), fd_(::open(path_.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0644)) {
    EXPECT_GE(fd_, 0) << path_;
    if (fd_ >= 0) {
      EXPECT_EQ(::flock(fd_, LOCK_EX), 0) << path_;
    }
  }
  ~MachineLock() {
    if (fd_ >= 0) {
      ::close(fd_);  // releases the lock
    }
  }
  MachineLock(const MachineLock&) = delete;
  MachineLock& operator=(const MachineLock&) = delete;

 private:
  static std::string lock_path(const std::string& name) {
    const std::string shared = "/run/clonebench-tests";
    if (::mkdir(shared.c_str(), 0755) == 0 || ::access(shared.c_str(), W_OK) == 0) {
      return shared + "/" + name + ".lock";
    }
    return std::string(CLONEBENCH_BINARY) + "." + name + ".lock";
  }
  std::string path_;
  int fd_;
};

}  // namespace clonebench::testing

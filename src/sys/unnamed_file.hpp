#pragma once
// A scratch file that never has a name: O_TMPFILE in $TMPDIR (or /tmp), else a memfd. It
// vanishes with the last descriptor, so no exit of the tool — SIGKILL included — can leave it
// behind. A child reaches it as /dev/fd/N.

#include <cstdint>
#include <string>

namespace clonebench {

class UnnamedFile {
 public:
  // Throws RuntimeError naming `purpose` when neither kind can be made.
  explicit UnnamedFile(const std::string& purpose);
  ~UnnamedFile();
  UnnamedFile(const UnnamedFile&) = delete;
  UnnamedFile& operator=(const UnnamedFile&) = delete;

  int fd() const noexcept { return fd_; }
  std::uint64_t size_bytes() const;
  // At most `limit` bytes from the start (for a program's error output).
  std::string read_prefix(std::size_t limit) const;

 private:
  int fd_ = -1;
};

}  // namespace clonebench

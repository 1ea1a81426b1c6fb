#pragma once
// The tiny program that spawn and exec start (src/helper/helper.c), with its argv and a fixed,
// empty environment prepared once, so launch() only passes pointers.

#include <array>
#include <string>

namespace clonebench {

class HelperProgram {
 public:
  // argv = {path, mailbox_fd, "0"}. The driver found the path (find_private_program) and put it
  // into the job; an empty path is a RuntimeError.
  HelperProgram(std::string path, int mailbox_fd);

  const char* path() const noexcept { return path_.c_str(); }
  char* const* argv() noexcept { return argv_.data(); }
  // An empty environment: exec cost does not depend on the user's environment size.
  char* const* envp() noexcept { return envp_.data(); }

 private:
  std::string path_, fd_text_, slot_text_;
  std::array<char*, 4> argv_{};
  std::array<char*, 1> envp_{};
};

}  // namespace clonebench

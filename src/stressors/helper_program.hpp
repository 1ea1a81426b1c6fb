#pragma once
// The tiny program that spawn and exec start (src/helper/helper.c), with its argv and a fixed,
// empty environment prepared once, so launch() only passes pointers.

#include <array>
#include <string>

namespace clonebench {

class HelperProgram {
 public:
  // Finds the helper ($CLONEBENCH_HELPER, else next to the running executable) and builds
  // argv = {helper, mailbox_fd, "0"}. Throws UsageError when the helper is missing.
  HelperProgram(int mailbox_fd, std::string_view stressor);

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

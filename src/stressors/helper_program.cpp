#include "stressors/helper_program.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdlib>

#include "core/error.hpp"
#include "sys/process_control.hpp"

namespace clonebench {

HelperProgram::HelperProgram(int mailbox_fd, std::string_view stressor) {
  const char* configured = std::getenv("CLONEBENCH_HELPER");
  path_ = configured != nullptr ? std::string(configured)
                                : executable_directory() + "/clonebench-helper";
  if (::access(path_.c_str(), X_OK) != 0) {
    throw UsageError(fmt::format(
        "{}: helper program '{}' is missing or not executable (build it with the project, or "
        "set CLONEBENCH_HELPER)",
        stressor, path_));
  }
  fd_text_ = std::to_string(mailbox_fd);
  slot_text_ = "0";
  argv_ = {path_.data(), fd_text_.data(), slot_text_.data(), nullptr};
  envp_ = {nullptr};
}

}  // namespace clonebench

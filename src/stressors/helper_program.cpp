#include "stressors/helper_program.hpp"

#include "sys/private_program.hpp"

namespace clonebench {

HelperProgram::HelperProgram(int mailbox_fd) {
  path_ = find_private_program("clonebench-helper");
  fd_text_ = std::to_string(mailbox_fd);
  slot_text_ = "0";
  argv_ = {path_.data(), fd_text_.data(), slot_text_.data(), nullptr};
  envp_ = {nullptr};
}

}  // namespace clonebench

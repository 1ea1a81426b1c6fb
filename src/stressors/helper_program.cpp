#include "stressors/helper_program.hpp"

#include <utility>

#include "core/error.hpp"

namespace clonebench {

HelperProgram::HelperProgram(std::string path, int mailbox_fd) : path_(std::move(path)) {
  if (path_.empty()) {
    throw RuntimeError("the job names no helper program for spawn/exec");
  }
  fd_text_ = std::to_string(mailbox_fd);
  slot_text_ = "0";
  argv_ = {path_.data(), fd_text_.data(), slot_text_.data(), nullptr};
  envp_ = {nullptr};
}

}  // namespace clonebench

// The fork system call then execve() of the helper program, which stamps the mailbox and exits.
#include <unistd.h>

#include <cerrno>
#include <optional>

#include "process/process_control.hpp"
#include "stressors/helper_program.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {

extern const StressorDef kExecStressor;

namespace {

constexpr int kExecFailedStatus = 127;

class ExecStressor final : public Stressor {
 public:
  const StressorInfo& info() const noexcept override { return kExecStressor.info; }
  void prepare(const StressorContext& context) override {
    helper_.emplace(context.job->helper_path, context.mailbox->fd());
  }
  Launched launch(std::size_t /*slot*/) noexcept override {
    const pid_t pid = fork_system_call();
    if (pid == 0) {
      ::execve(helper_->path(), helper_->argv(), helper_->envp());
      ::_exit(kExecFailedStatus);
    }
    return pid < 0 ? Launched{.pid = -1, .error = errno} : Launched{.pid = pid};
  }

 private:
  std::optional<HelperProgram> helper_;
};

std::unique_ptr<Stressor> make_exec() {
  return std::make_unique<ExecStressor>();
}

}  // namespace

extern const StressorDef kExecStressor{
    {.name = "exec",
     .summary = "fork (the system call) then execve() of a tiny helper that exits at once",
     .child_start = "the helper's main() after execve()",
     .starts_helper = true},
    &make_exec};

}  // namespace clonebench

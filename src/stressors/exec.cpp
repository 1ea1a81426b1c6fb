// The fork system call then execve() of the helper program, which stamps the mailbox and exits.
#include <unistd.h>

#include "process/process_control.hpp"
#include "stressors/helper_stressor.hpp"

namespace clonebench {
namespace {

constexpr int kExecFailedStatus = 127;

class ExecStressor final : public HelperStressor {
 public:
  Launched launch(std::size_t /*slot*/) noexcept override {
    const pid_t pid = fork_system_call();
    if (pid == 0) {
      ::execve(helper().path(), helper().argv(), helper().envp());
      ::_exit(kExecFailedStatus);
    }
    return launched_or_errno(pid);
  }
};

}  // namespace

extern const StressorDef kExecStressor{
    {.name = "exec",
     .summary = "fork (the system call) then execve() of a tiny helper that exits at once",
     .child_start = "the helper's main() after execve()",
     .starts_helper = true},
    &make_stressor<ExecStressor>};

}  // namespace clonebench

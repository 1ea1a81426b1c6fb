// The fork system call (not glibc's fork(): sys/process_control.hpp): the child stamps its first
// instruction and its exit, then _exit(0)s.
#include <unistd.h>

#include "process/process_control.hpp"
#include "stressors/stamping_stressor.hpp"
#include "stressors/stress_ng_stressors.hpp"
#include "sys/clock.hpp"

namespace clonebench {
namespace {

class ForkStressor final : public StampingStressor {
 public:
  Launched launch(std::size_t slot) noexcept override {
    const pid_t pid = fork_system_call();
    if (pid == 0) {
      stamp_and_exit<monotonic_now_ns_by_system_call>(slot);
    }
    return launched_or_errno(pid);
  }
};

}  // namespace

extern const StressorDef kForkStressor{
    {.name = "fork",
     .summary = "fork (the system call); the child _exit(0)s at once; reaped with wait4",
     .child_start = "the child's first instruction after fork() returns 0"},
    &make_stressor<ForkStressor>,
    &make_stress_ng_fork};

}  // namespace clonebench

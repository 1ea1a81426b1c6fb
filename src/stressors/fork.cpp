// The fork system call (not glibc's fork(): sys/process_control.hpp): the child stamps its first
// instruction and its exit, then _exit(0)s.
#include <unistd.h>

#include <cerrno>

#include "process/process_control.hpp"
#include "stressors/stress_ng_stressors.hpp"
#include "stressors/stressor.hpp"
#include "sys/clock.hpp"

namespace clonebench {

extern const StressorDef kForkStressor;

namespace {

class ForkStressor final : public Stressor {
 public:
  const StressorInfo& info() const noexcept override { return kForkStressor.info; }
  void prepare(const StressorContext& context) override { mailbox_ = context.mailbox; }
  Launched launch(std::size_t slot) noexcept override {
    const pid_t pid = fork_system_call();
    if (pid == 0) {
      mailbox_->stamp_start<monotonic_now_ns_by_system_call>(slot);
      mailbox_->stamp_exit<monotonic_now_ns_by_system_call>(slot);
      ::_exit(0);
    }
    return pid < 0 ? Launched{.pid = -1, .error = errno} : Launched{.pid = pid};
  }

 private:
  Mailbox* mailbox_ = nullptr;
};

std::unique_ptr<Stressor> make_fork() {
  return std::make_unique<ForkStressor>();
}

}  // namespace

extern const StressorDef kForkStressor{
    {.name = "fork",
     .summary = "fork (the system call); the child _exit(0)s at once; reaped with wait4",
     .child_start = "the child's first instruction after fork() returns 0"},
    &make_fork,
    &make_stress_ng_fork};

}  // namespace clonebench

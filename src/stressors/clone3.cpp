// clone3() with exit_signal SIGCHLD and no other flags: fork() through the newer entry point.
#include <linux/sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/error.hpp"
#include "stressors/stamping_stressor.hpp"
#include "sys/clock.hpp"

namespace clonebench {
namespace {

class Clone3Stressor final : public StampingStressor {
 public:
  void prepare(const StressorContext& context) override {
    StampingStressor::prepare(context);
    arguments_ = clone_args{};
    arguments_.exit_signal = SIGCHLD;
  }
  Launched launch(std::size_t slot) noexcept override {
    const long pid = ::syscall(SYS_clone3, &arguments_, sizeof(arguments_));
    if (pid == 0) {
      stamp_and_exit<monotonic_now_ns_by_system_call>(slot);
    }
    return launched_or_errno(pid);
  }

 private:
  clone_args arguments_{};
};

}  // namespace

extern const StressorDef kClone3Stressor{
    {.name = "clone3",
     .summary = "clone3() with exit_signal SIGCHLD and no flags; the child _exit(0)s at once",
     .child_start = "the child's first instruction after clone3() returns 0"},
    &make_stressor<Clone3Stressor>};

}  // namespace clonebench

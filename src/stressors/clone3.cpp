// clone3() with exit_signal SIGCHLD and no other flags: fork() through the newer entry point.
#include <linux/sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

#include "core/error.hpp"
#include "stressors/stressor.hpp"
#include "sys/clock.hpp"

namespace clonebench {

extern const StressorDef kClone3Stressor;

namespace {

class Clone3Stressor final : public Stressor {
 public:
  const StressorInfo& info() const noexcept override { return kClone3Stressor.info; }
  void prepare(const StressorContext& context) override {
    mailbox_ = context.mailbox;
    arguments_ = clone_args{};
    arguments_.exit_signal = SIGCHLD;
  }
  Launched launch(std::size_t slot) noexcept override {
    const long pid = ::syscall(SYS_clone3, &arguments_, sizeof(arguments_));
    if (pid == 0) {
      mailbox_->stamp_start<monotonic_now_ns_by_system_call>(slot);
      mailbox_->stamp_exit<monotonic_now_ns_by_system_call>(slot);
      ::_exit(0);
    }
    return pid < 0 ? Launched{.pid = -1, .error = errno} : Launched{.pid = static_cast<pid_t>(pid)};
  }

 private:
  Mailbox* mailbox_ = nullptr;
  clone_args arguments_{};
};

std::unique_ptr<Stressor> make_clone3() {
  return std::make_unique<Clone3Stressor>();
}

}  // namespace

extern const StressorDef kClone3Stressor{
    {.name = "clone3",
     .summary = "clone3() with exit_signal SIGCHLD and no flags; the child _exit(0)s at once",
     .child_start = "the child's first instruction after clone3() returns 0"},
    &make_clone3};

}  // namespace clonebench

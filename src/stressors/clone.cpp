// stress-ng's clone stressor, reaped correctly: clone() or clone3() with flags from stress-ng's
// tables, up to --clone-max live children reaped oldest first. Unlike stress-ng every child is
// reaped (wait4 with __WALL; CLONE_PARENT children by the supervisor), so no zombie is left and CPU
// time is fully accounted. The 128 MiB ballast is the worker's parent region (--rss), declared as
// this stressor's default in its StressorInfo; the live-children bound comes with the job.
#include <linux/sched.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <optional>

#include "stressors/clone3_arguments.hpp"
#include "stressors/clone_flags.hpp"
#include "stressors/stress_ng_stressors.hpp"
#include "stressors/stressor.hpp"
#include "sys/clock.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kChildStackBytes = 64 * 1024;
constexpr std::uint64_t kCloneBallastBytes = 128ULL << 20;  // stress-ng's 32768 pages

class CloneStressor final : public Stressor {
 public:
  // User-provided, so make_unique does not zero the 64 KiB child stack first.
  CloneStressor() {}  // NOLINT(modernize-use-equals-default)

  void prepare(const StressorContext& context) override {
    mailbox_ = context.mailbox;
    chooser_.emplace(context.job->seed);
    // The slot after the live ones takes the stamps of CLONE_PARENT children, never ours.
    foreign_slot_ = static_cast<std::size_t>(context.job->live_limit);
  }

  void before_launch(std::size_t slot) noexcept override {
    choice_ = chooser_->next(clone3_available_);
    const bool foreign = (choice_.flags & CLONE_PARENT) != 0 && slot != Mailbox::kUnsampled;
    slot_ = foreign ? foreign_slot_ : slot;
    parent_tid_ = 0;
    pidfd_ = -1;
  }

  Launched launch(std::size_t /*slot*/) noexcept override {
    long pid = -1;
    if (choice_.use_clone3) {
      clone_args arguments = clone3_arguments(choice_.flags, pidfd_, child_tid_, parent_tid_);
      pid = ::syscall(SYS_clone3, &arguments, CLONE_ARGS_SIZE_VER0);
      if (pid == 0) {
        child_body(this);
        ::_exit(0);
      }
      if (pid < 0 && errno == ENOSYS) {
        clone3_available_ = false;  // a kernel before 5.3: legacy clone() from now on
      }
    } else {
      // Legacy clone() takes the flags as an int, so CSIGNAL is 0: the child's exit_signal is 0,
      // which is why it can only be waited for with __WALL (or __WCLONE).
      pid = ::clone(&child_body, stack_.data() + stack_.size(), static_cast<int>(choice_.flags),
                    this, &parent_tid_, nullptr, &child_tid_);
    }
    Launched launched = launched_or_errno(pid);
    if (launched.pid < 0) {
      return launched;
    }
    launched.ours = (choice_.flags & CLONE_PARENT) == 0;
    if ((choice_.flags & CLONE_PIDFD) != 0) {
      launched.pidfd = choice_.use_clone3 ? pidfd_ : parent_tid_;
    }
    return launched;
  }

 private:
  static int child_body(void* raw) {
    auto* self = static_cast<CloneStressor*>(raw);
    if ((self->choice_.flags & CLONE_VM) != 0) {
      self->mailbox_->stamp_start(self->slot_);
      self->mailbox_->stamp_exit(self->slot_);
    } else {  // an address space of its own (sys/clock.hpp)
      self->mailbox_->stamp_start<monotonic_now_ns_by_system_call>(self->slot_);
      self->mailbox_->stamp_exit<monotonic_now_ns_by_system_call>(self->slot_);
    }
    return 0;
  }

  Mailbox* mailbox_ = nullptr;
  std::optional<CloneFlagChooser> chooser_;
  CloneChoice choice_;
  std::size_t foreign_slot_ = 1;
  std::size_t slot_ = 0;
  bool clone3_available_ = true;
  int parent_tid_ = 0;
  int child_tid_ = 0;
  int pidfd_ = -1;
  // Not value-initialized: children write to it in their own copy of memory, never here.
  alignas(64) std::array<char, kChildStackBytes> stack_;
};

}  // namespace

extern const StressorDef kCloneStressor{
    {.name = "clone",
     .summary = "stress-ng's clone: clone()/clone3() with stress-ng's flag tables, up to "
                "--clone-max live children reaped oldest first, 128 MiB populated ballast by "
                "default",
     .child_start =
         "the child's first instruction (clone's child function, or after clone3() returns 0)",
     .default_rss_bytes = kCloneBallastBytes,
     // stress-ng runs clone without capabilities: privileged flags fail with EPERM even for root.
     .drops_capabilities = true,
     .keeps_children_alive = true,
     .foreign_child_slots = 1,
     .stress_ng_metric = "microsecs per clone"},
    &make_stressor<CloneStressor>,
    &make_stress_ng_clone};

}  // namespace clonebench

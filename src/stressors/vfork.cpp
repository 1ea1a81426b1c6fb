// vfork(): the parent is suspended until the child _exit()s, so "create" includes the child's
// short life. The child only stores two timestamps into the shared mailbox (the vDSO clock needs
// no syscall and no stack beyond this frame), then _exit(0)s.
#include <unistd.h>

#include <cerrno>

#include "stressors/stress_ng_stressors.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {

extern const StressorDef kVforkStressor;

namespace {

class VforkStressor final : public Stressor {
 public:
  const StressorInfo& info() const noexcept override { return kVforkStressor.info; }
  void prepare(const StressorContext& context) override { mailbox_ = context.mailbox; }

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  Launched launch(std::size_t slot) noexcept override {
    const pid_t pid = ::vfork();
    if (pid == 0) {
      mailbox_->stamp_start(slot);
      mailbox_->stamp_exit(slot);
      ::_exit(0);
    }
    return pid < 0 ? Launched{.pid = -1, .error = errno} : Launched{.pid = pid};
  }
#pragma GCC diagnostic pop

 private:
  Mailbox* mailbox_ = nullptr;
};

std::unique_ptr<Stressor> make_vfork() {
  return std::make_unique<VforkStressor>();
}

}  // namespace

extern const StressorDef kVforkStressor{
    {.name = "vfork",
     .summary = "vfork(); the child _exit(0)s at once (the parent waits for that inside vfork)",
     .child_start = "the child's first instruction after vfork() returns 0"},
    &make_vfork,
    &make_stress_ng_vfork};

}  // namespace clonebench

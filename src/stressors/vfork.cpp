// vfork(): the parent is suspended until the child _exit()s, so "create" includes the child's
// short life. The child only stores two timestamps into the shared mailbox (the vDSO clock needs
// no syscall and no stack beyond this frame), then _exit(0)s.
#include <unistd.h>

#include "stressors/stamping_stressor.hpp"
#include "stressors/stress_ng_stressors.hpp"

namespace clonebench {
namespace {

class VforkStressor final : public StampingStressor {
 public:
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  Launched launch(std::size_t slot) noexcept override {
    const pid_t pid = ::vfork();
    if (pid == 0) {
      stamp_and_exit<monotonic_now_ns>(slot);
    }
    return launched_or_errno(pid);
  }
#pragma GCC diagnostic pop
};

}  // namespace

extern const StressorDef kVforkStressor{
    {.name = "vfork",
     .summary = "vfork(); the child _exit(0)s at once (the parent waits for that inside vfork)",
     .child_start = "the child's first instruction after vfork() returns 0"},
    &make_stressor<VforkStressor>,
    &make_stress_ng_vfork};

}  // namespace clonebench

// stress-ng 0.15.06's fork and vfork stressors (stress-fork.c stress_fork_fn()), call for call.
// Each round clears a 16000-entry table (128 KB, copy-on-write after every fork), creates
// --fork-max (--vfork-max) children, then waits for each in turn: one bogo op per child waited
// for. When the time is up inside a round, the child just created is neither waited for nor
// counted (stress-ng breaks before counting it); the supervisor reaps it. Before the loop the
// worker makes itself the OOM killer's first choice and drops every capability.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"
#include "process/process_control.hpp"
#include "record/workload.hpp"
#include "stressors/mwc_random.hpp"
#include "stressors/stress_ng_child_work.hpp"
#include "stressors/stress_ng_maps.hpp"
#include "stressors/stress_ng_stressors.hpp"

namespace clonebench {
namespace {

// fork_info_t. The table is static, as stress-ng's: it lives in the worker's .bss, untouched and
// not resident unless this workload runs.
struct ForkInfo {
  pid_t pid;
  int error;
};
ForkInfo this_round[kStressNgMaxForks];

class StressNgForkFamily final : public StressNgWorkload {
 public:
  explicit StressNgForkFamily(bool vfork) : vfork_(vfork) {}

  void prepare(const WorkerJob& job) override {
    const StressNgOptions& options = job.stress_ng;
    children_per_round_ = vfork_ ? options.vfork_max : options.fork_max;
    if (children_per_round_ < 1 || children_per_round_ > kStressNgMaxForks) {
      throw UsageError("--fork-max/--vfork-max: must be 1 to 16000");
    }
    // --fork-vm, --fork-pageout and --fork-unmap are options of the fork stressor only.
    fork_vm_ = !vfork_ && options.fork_vm != 0;
    pageout_ = !vfork_ && options.fork_pageout != 0;
    unmap_ = !vfork_ && options.fork_unmap != 0 && !fork_vm_;
    random_ = MwcRandom::stress_ng_seeded(job.seed);
    stress_ng_make_oom_killable();
    if (pageout_ || unmap_) {
      stress_ng_reduce_maps({.pageout = pageout_, .drop_libraries = unmap_});
    }
    if (const int error = drop_capabilities(); error != 0) {
      throw_errno("fork: cannot drop capabilities", error);
    }
  }

  void run(WorkloadProbe& probe) noexcept override {
    bool libraries_unmapped = false;
    do {
      std::memset(this_round, 0, sizeof(this_round));
      std::uint32_t created = 0;
      for (; created < children_per_round_; ++created) {
        const std::uint8_t random_byte = random_.next8();
        this_round[created].pid = launch(random_byte, this_round[created], probe);
        if (!probe.keep_running()) {
          break;
        }
      }
      for (std::uint32_t i = 0; i < created; ++i) {
        if (this_round[i].pid > 0) {
          int status = 0;
          (void)::waitpid(this_round[i].pid, &status, 0);
          probe.bogo_op();
        }
      }
      const bool unmap_now = unmap_ && !libraries_unmapped;
      if (pageout_ || unmap_now) {
        stress_ng_reduce_maps({.pageout = pageout_, .unmap_libraries = unmap_now});
        libraries_unmapped = libraries_unmapped || unmap_now;
      }
    } while (probe.keep_running());
  }

  void finish() noexcept override {}

 private:
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  pid_t launch(std::uint8_t random_byte, ForkInfo& info, WorkloadProbe& probe) noexcept {
    const std::int64_t before_ns = probe.before_call();
    const pid_t pid = vfork_ ? ::vfork() : ::fork();
    if (pid == 0) {
      if (vfork_) {
        ::_exit(0);
      }
      stress_ng_fork_child_work(fork_vm_, random_byte);
    }
    if (pid < 0) {
      info.error = errno;
      probe.call_failed(info.error);
    } else {
      probe.call_succeeded(before_ns);
    }
    return pid;
  }
#pragma GCC diagnostic pop

  bool vfork_;
  std::uint32_t children_per_round_ = 1;
  bool fork_vm_ = false, pageout_ = false, unmap_ = false;
  MwcRandom random_{0};
};

}  // namespace

std::unique_ptr<StressNgWorkload> make_stress_ng_fork() {
  return std::make_unique<StressNgForkFamily>(false);
}

std::unique_ptr<StressNgWorkload> make_stress_ng_vfork() {
  return std::make_unique<StressNgForkFamily>(true);
}

}  // namespace clonebench

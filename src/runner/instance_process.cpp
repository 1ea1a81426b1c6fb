#include "runner/instance_process.hpp"

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <optional>

#include "core/error.hpp"
#include "runner/stress_loop.hpp"
#include "stressors/stressor.hpp"
#include "sys/clock.hpp"
#include "sys/mailbox.hpp"
#include "sys/parent_memory.hpp"
#include "sys/process_control.hpp"

namespace clonebench {
namespace {

constexpr int kExitWorkerUsage = 2;
constexpr int kExitWorkerRuntime = 3;

void report_error(InstanceShared& shared, InstanceError kind, const char* message) noexcept {
  shared.error_kind = static_cast<int>(kind);
  std::strncpy(shared.error_message, message, sizeof(shared.error_message) - 1);
  shared.phase.store(static_cast<int>(InstancePhase::kFailed));
}

void copy_parent(const ParentMemory& measured, ParentMemoryNumbers& out) noexcept {
  out.rss_kb = measured.rss_kb;
  out.anonymous_kb = measured.anonymous_kb;
  out.anon_huge_kb = measured.anon_huge_kb;
  out.shared_kb = measured.shared_kb;
  out.hugetlb_kb = measured.hugetlb_kb;
  out.vma_count = measured.vma_count;
  out.region_rss_kb = measured.region_rss_kb;
  out.region_anonymous_kb = measured.region_anonymous_kb;
}

std::size_t mailbox_slots(const StressorJob& job) {
  // clone keeps up to --clone-max children alive, plus one slot for CLONE_PARENT children.
  return (job.stressor == "clone" ? std::max<std::size_t>(1, job.clone_max) : 1) + 1;
}

// Everything the loop needs, built before the clock starts; the destructor unmaps the region.
struct WorkerSetup {
  std::optional<Mailbox> mailbox;
  std::unique_ptr<Stressor> stressor;
  std::optional<ParentRegion> region;
};

void set_up(const StressorJob& job, std::uint32_t instance, InstanceShared& shared,
            WorkerSetup& setup) {
  if (!job.pin_cpus.empty()) {
    const int cpu = job.pin_cpus[instance % job.pin_cpus.size()];
    if (const int error = pin_to_cpu(cpu); error != 0) {
      throw_errno("--pin: cannot run on CPU " + std::to_string(cpu), error);
    }
  }
  setup.mailbox.emplace(mailbox_slots(job));
  setup.stressor = require_stressor(job.stressor, "stressor").make();
  setup.stressor->prepare(StressorContext{&job, &*setup.mailbox, instance});
  shared.live_limit = setup.stressor->max_live();
  setup.region.emplace(job.parent);
  ParentMemory measured = setup.region->measure();
  copy_parent(measured, shared.parent);
  if (job.stressor == "clone") {
    // stress-ng runs clone without capabilities: privileged flags fail with EPERM even for root.
    if (const int error = drop_capabilities(); error != 0) {
      throw_errno("clone: cannot drop capabilities", error);
    }
  }
}

[[noreturn]] void run_worker(const StressorJob& job, std::uint32_t instance, InstanceShared& shared,
                             pid_t supervisor) noexcept {
  if (!die_with_parent(supervisor)) {
    ::_exit(kExitWorkerRuntime);
  }
  WorkerSetup setup;
  try {
    set_up(job, instance, shared, setup);
  } catch (const UsageError& error) {
    report_error(shared, InstanceError::kUsage, error.what());
    ::_exit(kExitWorkerUsage);
  } catch (const std::exception& error) {
    report_error(shared, InstanceError::kRuntime, error.what());
    ::_exit(kExitWorkerRuntime);
  }
  rusage self_before{};
  ::getrusage(RUSAGE_SELF, &self_before);
  const std::int64_t start_ns = monotonic_now_ns();
  shared.start_ns.store(start_ns);
  shared.phase.store(static_cast<int>(InstancePhase::kRunning));
  const LoopLimits limits{start_ns + static_cast<std::int64_t>(job.timeout_s * 1e9), job.max_ops};
  run_stress_loop(*setup.stressor, *setup.mailbox, limits, shared);
  shared.finish_ns = monotonic_now_ns();
  rusage self_after{};
  rusage children{};
  ::getrusage(RUSAGE_SELF, &self_after);
  ::getrusage(RUSAGE_CHILDREN, &children);
  shared.loop_user_ns =
      user_time_ns(self_after) - user_time_ns(self_before) + user_time_ns(children);
  shared.loop_system_ns =
      system_time_ns(self_after) - system_time_ns(self_before) + system_time_ns(children);
  shared.peak_rss_kb = read_peak_rss_kb();
  shared.phase.store(static_cast<int>(InstancePhase::kDone));
  ::_exit(0);
}

// Reaps every descendant until none is left; the worker's own status decides the exit code.
int reap_everything(pid_t worker, InstanceShared& shared) noexcept {
  int worker_code = kExitWorkerRuntime;
  for (;;) {
    int status = 0;
    rusage usage{};
    const pid_t pid = ::wait4(-1, &status, __WALL, &usage);
    if (pid < 0) {
      if (errno == EINTR) {
        continue;
      }
      break;  // ECHILD: nothing left
    }
    if (pid == worker) {
      worker_code = WIFEXITED(status) ? WEXITSTATUS(status) : kExitWorkerRuntime;
    } else {
      shared.stray_user_ns += user_time_ns(usage);
      shared.stray_system_ns += system_time_ns(usage);
      ++shared.strays_reaped;
    }
  }
  return worker_code;
}

}  // namespace

void run_supervisor(const StressorJob& job, std::uint32_t instance, InstanceShared& shared,
                    pid_t main_pid) noexcept {
  if (!die_with_parent(main_pid)) {
    ::_exit(kExitWorkerRuntime);
  }
  become_subreaper();
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  const pid_t supervisor = ::getpid();
  const pid_t worker = ::fork();
  if (worker == 0) {
    run_worker(job, instance, shared, supervisor);
  }
  if (worker < 0) {
    report_error(shared, InstanceError::kRuntime, "fork of the worker process failed");
    ::_exit(kExitWorkerRuntime);
  }
  ::_exit(reap_everything(worker, shared));
}

}  // namespace clonebench

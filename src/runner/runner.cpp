#include "runner/runner.hpp"

#include <fmt/core.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <optional>
#include <span>
#include <vector>

#include "core/error.hpp"
#include "memory/oom_kills.hpp"
#include "memory/parent_fit.hpp"
#include "process/private_program.hpp"
#include "process/process_limits.hpp"
#include "runner/aggregate.hpp"
#include "runner/instance_pages.hpp"
#include "runner/supervisor.hpp"
#include "stressors/stressor.hpp"
#include "sys/clock.hpp"

namespace clonebench {
namespace {

constexpr std::int64_t kPollNs = 50'000'000;                 // how often the main process looks
constexpr std::int64_t kReapEveryNs = 1'000'000'000;         // waitpid without a SIGCHLD
constexpr std::int64_t kStopGraceNs = 5'000'000'000;         // past the deadline: ask to stop
constexpr std::int64_t kKillGraceNs = 30'000'000'000;        // past the deadline: SIGKILL
constexpr std::int64_t kSetupAllowanceNs = 120'000'000'000;  // populating a large parent

struct Supervised {
  pid_t pid = -1;
  bool done = false;
  bool killed = false;
  int status = 0;
};

// Watches the instances until every one is reaped. Returns the interrupting signal, or 0.
class Supervision {
 public:
  Supervision(const StressorJob& job, InstancePages& shared, std::vector<Supervised>& children)
      : job_(job), shared_(shared), children_(children), launched_ns_(monotonic_now_ns()) {}

  int run() {
    sigset_t set;
    sigemptyset(&set);
    for (int signal_number : {SIGINT, SIGTERM, SIGHUP, SIGCHLD}) {
      sigaddset(&set, signal_number);
    }
    std::int64_t reaped_ns = monotonic_now_ns();
    while (std::any_of(children_.begin(), children_.end(), [](auto& c) { return !c.done; })) {
      const timespec poll{0, kPollNs};
      const int signal_number = ::sigtimedwait(&set, nullptr, &poll);
      if (signal_number == SIGINT || signal_number == SIGTERM || signal_number == SIGHUP) {
        interrupt(signal_number);
      }
      // An instance that ended has sent SIGCHLD, which only this loop takes, so waitpid runs on
      // SIGCHLD and, as a safety net, once a second: not at every poll, where strace (and the
      // machine) would see 20 wait4 calls a second beside the loop under test.
      const std::int64_t now_ns = monotonic_now_ns();
      if (signal_number == SIGCHLD || now_ns - reaped_ns >= kReapEveryNs) {
        reap_finished();
        reaped_ns = now_ns;
      }
      enforce_deadlines(now_ns);
    }
    return interrupted_;
  }

 private:
  void interrupt(int signal_number) {
    if (interrupted_ == 0) {
      interrupted_ = signal_number;
      kill_at_ns_ = monotonic_now_ns() + kStopGraceNs;
    }
    for (std::size_t i = 0; i < children_.size(); ++i) {
      shared_[i].report.stop.store(1);
    }
  }

  void reap_finished() {
    for (auto& child : children_) {
      if (!child.done && ::waitpid(child.pid, &child.status, WNOHANG) == child.pid) {
        child.done = true;  // the supervisor reaped every descendant before it exited
      }
    }
  }

  void enforce_deadlines(std::int64_t now_ns) {
    const auto timeout_ns = static_cast<std::int64_t>(job_.timeout_s * 1e9);
    for (std::size_t i = 0; i < children_.size(); ++i) {
      Supervised& child = children_[i];
      if (child.done || child.killed) {
        continue;
      }
      const std::int64_t started_ns = shared_[i].report.start_ns.load();
      const std::int64_t deadline_ns =
          started_ns > 0 ? started_ns + timeout_ns : launched_ns_ + timeout_ns + kSetupAllowanceNs;
      if (now_ns > deadline_ns + kStopGraceNs) {
        shared_[i].report.stop.store(1);
      }
      if (now_ns > deadline_ns + kKillGraceNs || (kill_at_ns_ != 0 && now_ns > kill_at_ns_)) {
        ::kill(-child.pid, SIGKILL);
        child.killed = true;
      }
    }
  }

  const StressorJob& job_;
  InstancePages& shared_;
  std::vector<Supervised>& children_;
  std::int64_t launched_ns_;
  std::int64_t kill_at_ns_ = 0;
  int interrupted_ = 0;
};

void kill_and_reap(std::vector<Supervised>& children) {
  for (auto& child : children) {
    if (!child.done) {
      ::kill(-child.pid, SIGKILL);
      while (::waitpid(child.pid, &child.status, 0) < 0 && errno == EINTR) {
      }
      child.done = true;
    }
  }
}

// The driver's decisions for every instance: the live-children bound (the stressor's policy,
// never more than a quarter of the pid space nor half of what RLIMIT_NPROC still allows, so one
// run cannot starve the machine of pids) and where the helper program is.
JobDecisions decide(const StressorJob& job, const StressorInfo& info) {
  JobDecisions decisions;
  if (info.keeps_children_alive) {
    const std::uint64_t instances = std::max<std::uint64_t>(1, job.instances);
    const std::uint64_t pid_share = read_pid_max() / 4 / instances;
    const std::uint64_t nproc_share = process_headroom() / 2 / instances;
    decisions.live_limit = std::max<std::uint64_t>(
        1, std::min({std::uint64_t{job.clone_max}, pid_share, nproc_share}));
  }
  decisions.mailbox_slots = decisions.live_limit + info.foreign_child_slots;
  if (info.starts_helper) {
    decisions.helper_path = find_private_program("clonebench-helper");
  }
  return decisions;
}

std::vector<Supervised> start_instances(const StressorJob& job, const JobDecisions& decisions,
                                        InstancePages& pages, const std::string& worker_path) {
  const char* tmpdir = std::getenv("TMPDIR");
  std::vector<Supervised> children;
  children.reserve(job.instances);
  const pid_t driver_pid = ::getpid();
  for (std::uint32_t i = 0; i < job.instances; ++i) {
    pages[i].job = make_worker_job(job, i, decisions);
  }
  for (std::uint32_t i = 0; i < job.instances; ++i) {
    const WorkerLaunch launch{worker_path.c_str(), pages.fd(i), &pages[i],
                              tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : nullptr};
    const pid_t pid = ::fork();
    if (pid == 0) {
      if (::setpgid(0, 0) != 0) {
        ::_exit(kSupervisorFailed);  // it could not be killed as a group: do not start
      }
      run_supervisor(launch, driver_pid);
    }
    if (pid < 0) {
      const int error = errno;
      kill_and_reap(children);
      throw_errno("fork of an instance", error);
    }
    // Both sides set it: whichever runs first wins the race. EACCES/ESRCH mean the child got
    // there first or already ended; anything else means the group kill would miss it.
    if (::setpgid(pid, pid) != 0 && errno != EACCES && errno != ESRCH) {
      const int error = errno;
      children.push_back(Supervised{pid});
      kill_and_reap(children);
      throw_errno("setpgid of an instance", error);
    }
    children.push_back(Supervised{pid});
  }
  return children;
}

// A worker killed by SIGKILL is most often the OOM killer's doing: /proc/vmstat's oom_kill
// counter, read before and after the run, says whether it struck meanwhile.
std::string describe_sigkill(std::optional<std::uint64_t> oom_kills_before) {
  const std::optional<std::uint64_t> after = read_oom_kill_count();
  if (oom_kills_before && after && *after > *oom_kills_before) {
    return fmt::format(
        "killed by SIGKILL from the OOM killer (oom_kill in /proc/vmstat rose by {} during the "
        "run): out of memory; a smaller --rss or fewer --instances needs less",
        *after - *oom_kills_before);
  }
  return "killed by SIGKILL (by another process, or the OOM killer if memory ran out: `dmesg` "
         "tells; a smaller --rss or fewer --instances needs less memory)";
}

// The supervisor passes the worker's end on: its exit status, or 128 + the signal that killed it.
std::string describe_status(int status, std::optional<std::uint64_t> oom_kills_before) {
  if (WIFSIGNALED(status)) {
    return WTERMSIG(status) == SIGKILL ? describe_sigkill(oom_kills_before)
                                       : fmt::format("killed by signal {}", WTERMSIG(status));
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (code == kSupervisorFailed) {
    return "its supervisor could not be set up";
  }
  if (code == 128 + SIGKILL) {
    return describe_sigkill(oom_kills_before);
  }
  return fmt::format("exit status {}", code);
}

void raise_instance_errors(const StressorJob& job, const InstancePages& pages,
                           const std::vector<Supervised>& children, const std::string& worker_path,
                           std::optional<std::uint64_t> oom_kills_before) {
  for (std::size_t i = 0; i < children.size(); ++i) {
    const WorkerPage& page = pages[i];
    if (page.header.worker_abi != 0) {
      throw RuntimeError(fmt::format(
          "{} speaks job layout {}, this clonebench writes layout {}: rebuild or reinstall "
          "clonebench and its worker together",
          worker_path, page.header.worker_abi, kWorkerAbi));
    }
    const auto kind = static_cast<InstanceError>(page.report.error_kind);
    if (kind == InstanceError::kUsage) {
      throw UsageError(page.report.error_message);
    }
    if (kind == InstanceError::kRuntime) {
      throw RuntimeError(fmt::format("{}: {}", job.stressor, page.report.error_message));
    }
    if (children[i].killed) {
      throw RuntimeError(fmt::format(
          "{}: instance {} did not finish in time and was killed (every child was reaped)",
          job.stressor, i));
    }
    if (page.report.phase.load() != static_cast<int>(InstancePhase::kDone)) {
      throw RuntimeError(fmt::format("{}: instance {} ended without finishing ({})", job.stressor,
                                     i, describe_status(children[i].status, oom_kills_before)));
    }
  }
}

}  // namespace

void validate_job(const StressorJob& job) {
  const StressorDef& def = require_stressor(job.stressor, "stressor");
  if (job.workload == Workload::kStressNg && def.make_stress_ng == nullptr) {
    throw UsageError(
        fmt::format("--workload stress-ng: stress-ng has no '{}' stressor (it "
                    "reproduces {})",
                    job.stressor, stress_ng_stressor_names()));
  }
  check_parent_fits(job.parent, job.instances);
}

RunResult run_job(const StressorJob& job, SignalScope& signals) {
  validate_job(job);
  const std::string worker_path = find_private_program("clonebench-worker");
  signals.throw_if_interrupted();
  const JobDecisions decisions = decide(job, require_stressor(job.stressor, "stressor").info);
  InstancePages shared(job.instances);
  const std::optional<std::uint64_t> oom_kills_before = read_oom_kill_count();
  std::vector<Supervised> children = start_instances(job, decisions, shared, worker_path);
  int interrupted = 0;
  try {
    Supervision supervision(job, shared, children);
    interrupted = supervision.run();
  } catch (...) {
    kill_and_reap(children);
    throw;
  }
  if (interrupted != 0) {
    throw Interrupted(interrupted);
  }
  raise_instance_errors(job, shared, children, worker_path, oom_kills_before);
  return aggregate_instances(job, decisions.live_limit, shared.reports());
}

}  // namespace clonebench

#include "runner/runner.hpp"

#include <fmt/core.h>
#include <malloc.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <span>
#include <vector>

#include "core/error.hpp"
#include "runner/aggregate.hpp"
#include "runner/instance_process.hpp"
#include "stressors/stressor.hpp"
#include "sys/clock.hpp"

namespace clonebench {
namespace {

constexpr std::int64_t kPollNs = 50'000'000;                 // how often the main process looks
constexpr std::int64_t kStopGraceNs = 5'000'000'000;         // past the deadline: ask to stop
constexpr std::int64_t kKillGraceNs = 30'000'000'000;        // past the deadline: SIGKILL
constexpr std::int64_t kSetupAllowanceNs = 120'000'000'000;  // populating a large parent

// The instances' shared pages: MAP_SHARED, so the forked processes write where we read.
class SharedInstances {
 public:
  explicit SharedInstances(std::size_t count) : count_(count) {
    bytes_ = std::max<std::size_t>(1, count) * sizeof(InstanceShared);
    void* address =
        ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (address == MAP_FAILED) {
      throw_errno("mmap(instance pages)");
    }
    instances_ = static_cast<InstanceShared*>(address);
    for (std::size_t i = 0; i < count_; ++i) {
      new (&instances_[i]) InstanceShared();
    }
  }
  ~SharedInstances() { ::munmap(instances_, bytes_); }
  SharedInstances(const SharedInstances&) = delete;
  SharedInstances& operator=(const SharedInstances&) = delete;
  InstanceShared& operator[](std::size_t i) { return instances_[i]; }
  std::span<const InstanceShared> all() const { return {instances_, count_}; }

 private:
  std::size_t count_ = 0;
  std::size_t bytes_ = 0;
  InstanceShared* instances_ = nullptr;
};

struct Supervised {
  pid_t pid = -1;
  bool done = false;
  bool killed = false;
  int status = 0;
};

// Watches the instances until every one is reaped. Returns the interrupting signal, or 0.
class Supervision {
 public:
  Supervision(const StressorJob& job, SharedInstances& shared, std::vector<Supervised>& children)
      : job_(job), shared_(shared), children_(children), launched_ns_(monotonic_now_ns()) {}

  int run() {
    sigset_t set;
    sigemptyset(&set);
    for (int signal_number : {SIGINT, SIGTERM, SIGHUP, SIGCHLD}) {
      sigaddset(&set, signal_number);
    }
    while (std::any_of(children_.begin(), children_.end(), [](auto& c) { return !c.done; })) {
      const timespec poll{0, kPollNs};
      const int signal_number = ::sigtimedwait(&set, nullptr, &poll);
      if (signal_number == SIGINT || signal_number == SIGTERM || signal_number == SIGHUP) {
        interrupt(signal_number);
      }
      reap_finished();
      enforce_deadlines(monotonic_now_ns());
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
      shared_[i].stop.store(1);
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
      const std::int64_t started_ns = shared_[i].start_ns.load();
      const std::int64_t deadline_ns =
          started_ns > 0 ? started_ns + timeout_ns : launched_ns_ + timeout_ns + kSetupAllowanceNs;
      if (now_ns > deadline_ns + kStopGraceNs) {
        shared_[i].stop.store(1);
      }
      if (now_ns > deadline_ns + kKillGraceNs || (kill_at_ns_ != 0 && now_ns > kill_at_ns_)) {
        ::kill(-child.pid, SIGKILL);
        child.killed = true;
      }
    }
  }

  const StressorJob& job_;
  SharedInstances& shared_;
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

std::vector<Supervised> start_instances(const StressorJob& job, SharedInstances& shared) {
  std::vector<Supervised> children;
  children.reserve(job.instances);
  const pid_t main_pid = ::getpid();
  for (std::uint32_t i = 0; i < job.instances; ++i) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::setpgid(0, 0);
      run_supervisor(job, i, shared[i], main_pid);
    }
    if (pid < 0) {
      const int error = errno;
      kill_and_reap(children);
      throw_errno("fork of an instance", error);
    }
    ::setpgid(pid, pid);  // both sides set it: whichever runs first wins the race
    children.push_back(Supervised{pid});
  }
  return children;
}

void raise_instance_errors(const StressorJob& job, SharedInstances& shared,
                           const std::vector<Supervised>& children) {
  for (std::size_t i = 0; i < children.size(); ++i) {
    const auto kind = static_cast<InstanceError>(shared[i].error_kind);
    if (kind == InstanceError::kUsage) {
      throw UsageError(shared[i].error_message);
    }
    if (kind == InstanceError::kRuntime) {
      throw RuntimeError(fmt::format("{}: {}", job.stressor, shared[i].error_message));
    }
    if (children[i].killed || shared[i].phase.load() != static_cast<int>(InstancePhase::kDone)) {
      throw RuntimeError(fmt::format(
          "{}: instance {} did not finish in time and was killed (every child was reaped)",
          job.stressor, i));
    }
  }
}

}  // namespace

void validate_job(const StressorJob& job) {
  require_stressor(job.stressor, "stressor");
  check_parent_kind(job.parent.kind);
  check_parent_fits(job.parent, job.instances);
}

RunResult run_job(const StressorJob& job, SignalScope& signals) {
  validate_job(job);
  signals.throw_if_interrupted();
  // Hand freed heap pages back first: every anonymous page of this process is copied into the
  // instances, and the forking worker should be as small as the stressor allows.
  ::malloc_trim(0);
  SharedInstances shared(job.instances);
  std::vector<Supervised> children = start_instances(job, shared);
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
  raise_instance_errors(job, shared, children);
  return aggregate_instances(job, shared.all());
}

}  // namespace clonebench

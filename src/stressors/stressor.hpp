#pragma once
// A stressor knows how to create one child and nothing more; the runner owns timing, reaping
// policy, timeouts and recording (stress-ng's per-stressor anatomy without its loop or globals).

#include <sys/types.h>

#include <cerrno>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "process/mailbox.hpp"
#include "record/worker_page.hpp"
#include "stressors/stress_ng_workload.hpp"

namespace clonebench {

// What a stressor is and the policy the runner applies to it. Declared here, in each stressor's
// own file, so that no code elsewhere needs to know which stressor is which.
struct StressorInfo {
  std::string_view name;                   // CLI name
  std::string_view summary;                // one line for `clonebench list`
  std::string_view child_start;            // what "start" means for this stressor (docs, list)
  std::uint64_t default_rss_bytes = 0;     // the parent's ballast when --rss is not given
  bool drops_capabilities = false;         // runs without capabilities (privileged flags fail)
  bool keeps_children_alive = false;       // up to --clone-max children alive, reaped oldest first
  std::uint32_t foreign_child_slots = 0;   // mailbox slots for children that are not its own
  bool starts_helper = false;              // execs clonebench-helper (the job carries its path)
  std::string_view stress_ng_metric = {};  // stress-ng's misc metric under --workload stress-ng
};

// Everything a stressor may need, prepared before the timed loop.
struct StressorContext {
  const WorkerJob* job = nullptr;
  Mailbox* mailbox = nullptr;
};

// The result of one creating call. pid is a process id, or a thread handle index for `thread`.
struct Launched {
  pid_t pid = -1;
  int error = 0;              // errno when pid == -1
  bool ours = true;           // false: the child is not ours to wait for (CLONE_PARENT); the
                              // supervisor reaps it
  int pidfd = -1;             // to close after the timed region (CLONE_PIDFD)
  std::uintptr_t handle = 0;  // pthread_t for `thread`
};

// What a creating call that returns the child's id, or -1 with errno set, launched.
inline Launched launched_or_errno(long pid) noexcept {
  return pid < 0 ? Launched{.pid = -1, .error = errno} : Launched{.pid = static_cast<pid_t>(pid)};
}

// How a reaped child ended.
struct Reaped {
  bool ok = false;      // reaped at all
  int error = 0;        // errno of the wait when !ok
  int exit_status = 0;  // non-zero: the child failed (exit code, or 128 + signal)
};

class Stressor {
 public:
  virtual ~Stressor() = default;
  // Allocate, build argv, open what the child needs. May throw UsageError/RuntimeError.
  virtual void prepare(const StressorContext& context) = 0;
  // Work that must not sit between the timestamps (random flag choice); called before launch().
  virtual void before_launch(std::size_t /*slot*/) noexcept {}
  // Creates exactly one child whose stamps go to `slot` (Mailbox::kUnsampled: an op whose
  // phases are not sampled, so the child stamps nothing), and returns at once. Runs inside the
  // timed region: must not allocate, lock, log or throw.
  virtual Launched launch(std::size_t slot) noexcept = 0;
  // Cleanup after the timed region (closing a pidfd).
  virtual void after_launch(Launched& launched) noexcept;
  // Waits for the child (wait4 with __WALL by default; pthread_join for threads).
  virtual Reaped reap(const Launched& launched) noexcept;
};

using StressorFactory = std::unique_ptr<Stressor> (*)();
// The factory of a stressor class, for its StressorDef: &make_stressor<ForkStressor>.
template <typename T>
std::unique_ptr<Stressor> make_stressor() {
  return std::make_unique<T>();
}
struct StressorDef {
  StressorInfo info;
  StressorFactory make;
  StressNgFactory make_stress_ng = nullptr;  // nullptr: stress-ng has no such stressor
};

// THE list of stressors, in `clonebench list` order.
std::span<const StressorDef* const> all_stressors();
// nullptr when unknown.
const StressorDef* find_stressor(std::string_view name);
// Throws UsageError naming `flag` and listing the known names.
const StressorDef& require_stressor(std::string_view name, std::string_view flag);
// "fork, vfork, clone": the stressors --workload stress-ng reproduces, for messages.
std::string stress_ng_stressor_names();

}  // namespace clonebench

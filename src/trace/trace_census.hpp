#pragma once
// The result of `clonebench trace`: every task creation, exec and process exit in a command's
// process tree, as measured (one TraceRun per run of the command), with what the command cost as
// a whole. Its one JSON codec is trace_json.hpp (schema "clonebench-trace/1", docs/schema.md);
// the analysis (trace_analysis.hpp) and the renderers take this struct.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sweep/cost_model.hpp"

namespace clonebench {

inline constexpr const char* kTraceSchema = "clonebench-trace/1";

// What a creation made, from its clone flags (not from the name of the call).
enum class CreationKind {
  kFork,        // a new process with its own copy of the address space
  kVfork,       // CLONE_VM|CLONE_VFORK: the parent waits until the child execs or exits
  kThread,      // CLONE_THREAD
  kOtherClone,  // any other combination, e.g. CLONE_VM without CLONE_VFORK
};

// The creating process at the creating call's entry.
struct ParentSize {
  std::uint64_t rss_anon_kb = 0;
  std::uint64_t rss_file_kb = 0;
  std::uint64_t rss_shmem_kb = 0;
  std::uint64_t page_tables_kb = 0;
  std::uint32_t vmas = 0;
  std::uint32_t threads = 0;

  std::uint64_t rss_kb() const noexcept { return rss_anon_kb + rss_file_kb + rss_shmem_kb; }
};

struct Creation {
  std::int64_t at_ns = 0;        // the call's entry, from the command's start
  std::int64_t duration_ns = 0;  // entry until the child exists (the whole call when it failed)
  std::int64_t call_ns = 0;      // entry until the call returned (vfork: includes the child's run)
  CreationKind kind = CreationKind::kFork;
  std::string call;  // "clone", "clone3", "fork", "vfork"
  std::string comm;  // the creating program
  std::uint64_t clone_flags = 0;
  int error = 0;  // errno of a failed call, 0 when it made a task
  ParentSize parent;
};

struct ExecCall {
  std::int64_t at_ns = 0;
  std::int64_t duration_ns = 0;
  std::string call;  // "execve", "execveat"
  std::string comm;  // the program after the call (the caller's when it failed)
  int error = 0;
};

struct ProcessExit {
  std::int64_t at_ns = 0;         // the start of the exit (its last thread's)
  std::int64_t teardown_ns = -1;  // until the address space was torn down; -1 when not seen
  std::string comm;
};

// One run of the command.
struct TraceRun {
  bool traced = true;        // false: an untraced run (--interleave-untraced), times only
  std::int64_t wall_ns = 0;  // the command's release to its end
  std::int64_t user_ns = 0;  // rusage of the whole tree (every reaped descendant)
  std::int64_t sys_ns = 0;
  int exit_code = 0;    // when it exited
  int exit_signal = 0;  // when a signal ended it
  bool interrupted = false;
  std::uint64_t dropped_events = 0;  // the ring buffer had no room
  std::uint64_t dropped_calls = 0;   // the in-flight table had no room
  std::uint32_t left_running = 0;    // tree processes still running when the command ended
  std::vector<Creation> creations;
  std::vector<ExecCall> execs;
  std::vector<ProcessExit> exits;
};

// The cost model of a `sweep` that the census's fork-like creations are predicted with
// (trace/fork_prediction.hpp): --model, or the newest stored sweep of this host and kernel.
struct ForkCostModel {
  std::string source;     // "sweep experiment <tag>" or "file <name>"
  std::string estimator;  // what fitted it, in words
  PhaseCostModel create;  // the model of the fork call ("create" phase of the sweep)
};

struct TraceCensus {
  std::vector<std::string> command;
  std::string started_at;  // ISO-8601 UTC
  std::string kernel_release;
  std::string host;
  std::uint32_t cpus = 0;
  std::vector<TraceRun> runs;  // in the order they ran
  std::optional<ForkCostModel> fork_model;
};

// "fork", "vfork", "thread", "other clone".
const char* creation_kind_name(CreationKind kind) noexcept;
// Its inverse; false when `name` is none of them.
bool parse_creation_kind(const std::string& name, CreationKind& kind) noexcept;
// The kind a creation with these clone flags made.
CreationKind classify_clone_flags(std::uint64_t clone_flags) noexcept;

}  // namespace clonebench

#pragma once
// The stored form of a `clonebench trace` census (experiment kind "trace", schema
// "clonebench-trace/1", docs/schema.md): every task creation, exec and process exit in a
// command's process tree, as measured (one TraceRun per run of the command), with what the
// command cost as a whole and the sweep's cost model its forks are predicted with; and that
// prediction (trace/fork_prediction.hpp computes it), which the document carries for its readers.
// trace/ measures and analyses these structs; report/ renders them. Their one JSON codec is
// trace_summary_json.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "record/cost_model.hpp"

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

// "fork", "vfork", "thread", "other clone".
const char* creation_kind_name(CreationKind kind) noexcept;
// Its inverse; false when `name` is none of them.
bool parse_creation_kind(const std::string& name, CreationKind& kind) noexcept;
// The sweep's model against the census's forks, by the census's parent-size buckets.
// How the forks of a bucket sit against their own 95 % prediction intervals.
enum class ModelVerdict {
  kNoForks,       // nothing to compare
  kInconclusive,  // most forks' intervals reach down to zero: the model cannot tell them apart
                  // from nothing, so being inside them says nothing
  kExplained,     // at least 80 % of the forks inside their interval
  kSlower,        // fewer inside, and at least twice as many above as below
  kFaster,        // fewer inside, and at least twice as many below as above
  kScattered,     // fewer inside, outside on both sides
};
// "no forks", "inconclusive", "explained", "slower than the model", "faster than the model",
// "scattered beyond the model".
const char* model_verdict_text(ModelVerdict verdict) noexcept;
// Its inverse; false when `text` is none of them.
bool parse_model_verdict(const std::string& text, ModelVerdict& verdict) noexcept;

struct ForkPredictionRow {
  std::string label;                      // the bucket's, or "all forks"
  std::uint64_t low_kb = 0, high_kb = 0;  // high_kb 0: no upper end
  std::size_t forks = 0;
  double measured_total_ns = 0, measured_p50_ns = 0;
  // The sum of the forks' predicted costs, and its 95 % interval from the model's coefficients
  // (the uncertainty of the mean cost; one fork's own scatter not included).
  double predicted_total_ns = 0, predicted_total_lo_ns = 0, predicted_total_hi_ns = 0;
  // One fork from the bucket's average parent: its predicted cost and 95 % prediction interval.
  double predicted_one_ns = 0, one_lo_ns = 0, one_hi_ns = 0;
  // Forks whose measured time is below, inside or above their own 95 % prediction interval.
  std::size_t below = 0, inside = 0, above = 0;
  std::size_t uninformative = 0;  // forks whose prediction interval reaches down to zero
  std::size_t extrapolated = 0;   // parents outside the span the sweep measured
  ModelVerdict verdict = ModelVerdict::kNoForks;
};

// The census's fork-like creations against the model (trace/fork_prediction.hpp computes it once,
// when the census is taken; it is stored with the census and read back with it).
struct ForkPrediction {
  std::string source;       // of the model
  bool folio_term = false;  // the model has a per-folio term: folios assumed = pages (4 KiB)
  bool vma_term = false;    // the model has a per-VMA term
  std::size_t runs = 0;     // traced runs whose forks are pooled
  std::vector<ForkPredictionRow> buckets;
  ForkPredictionRow all;
  // Creations a fork model does not predict.
  std::size_t vfork_like = 0, threads = 0, other_clones = 0, failed = 0;
};

struct TraceCensus {
  std::vector<std::string> command;
  std::string started_at;  // ISO-8601 UTC
  std::string kernel_release;
  std::string host;
  std::uint32_t cpus = 0;
  std::vector<TraceRun> runs;  // in the order they ran
  std::optional<ForkCostModel> fork_model;
  std::optional<ForkPrediction> fork_prediction;  // present exactly when fork_model is
};

}  // namespace clonebench

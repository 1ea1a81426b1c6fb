#pragma once
// What a census says: counts, time distributions and shares of the command's wall and CPU time,
// per run and across runs. Pure functions of TraceCensus; the renderers take these structs.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "trace/trace_census.hpp"

namespace clonebench {

// A part of the command's time that a change could make cheaper (--what-if NAME=...).
enum class TraceComponent {
  kClone,   // every process creation: fork, vfork and other clones (not threads)
  kCreate,  // every creation, threads included
  kFork,
  kVfork,
  kThread,
  kExec,    // exec calls, failed ones included
  kExit,    // process teardowns (exit start to the end of exit_mmap)
  kKernel,  // all kernel time of the tree (rusage system time)
};

// "clone", "create", "fork", "vfork", "thread", "exec", "exit", "kernel".
const char* trace_component_name(TraceComponent component) noexcept;
bool parse_trace_component(const std::string& name, TraceComponent& component) noexcept;
// Every component, in the order the table shows them.
const std::vector<TraceComponent>& all_trace_components();

// A distribution of durations.
struct TimeSummary {
  std::size_t count = 0;
  std::int64_t total_ns = 0;
  double p50_ns = 0, p90_ns = 0, p99_ns = 0, max_ns = 0;
};
TimeSummary summarize_times(std::vector<double> durations_ns);

// The creations from parents of one RSS range, [low_kb, high_kb).
struct SizeBucket {
  std::string label;
  std::uint64_t low_kb = 0, high_kb = 0;  // high_kb 0: no upper end
  std::uint32_t max_vmas = 0;
  TimeSummary time;  // creation time (process creations only)

  bool holds(std::uint64_t rss_kb) const noexcept {
    return rss_kb >= low_kb && (high_kb == 0 || rss_kb < high_kb);
  }
};
// The buckets of parent RSS the census uses, without times: < 4 MiB, 4-32 MiB, >= 32 MiB.
std::vector<SizeBucket> parent_size_buckets();

// A component of one run: how much of it there was and its share of the run.
struct ComponentUse {
  TraceComponent component = TraceComponent::kCreate;
  std::size_t count = 0;   // calls or exits (0 for kernel)
  std::size_t failed = 0;  // calls that failed
  TimeSummary time;
  double wall_share = 0;  // total time / the command's wall time
  double cpu_share = 0;   // total time / the tree's user + system time
};

struct RunSummary {
  std::int64_t wall_ns = 0, cpu_ns = 0;
  std::vector<ComponentUse> components;  // in all_trace_components() order
  std::vector<SizeBucket> buckets;       // process creations by the parent's RSS
  std::map<std::string, std::size_t> creations_by_comm;
  std::map<std::string, std::size_t> failures_by_errno;  // creation and exec failures
  std::size_t process_exits = 0;
  // Two separate maxima over the creations, possibly of two different parents: the most RSS and
  // the most VMAs. largest_parent is the creation with the most RSS (its program and its VMAs).
  std::uint64_t max_parent_rss_kb = 0;
  std::uint32_t max_parent_vmas = 0;
  struct LargestParent {
    std::string comm;
    std::uint64_t rss_kb = 0;
    std::uint32_t vmas = 0;
  };
  std::optional<LargestParent> largest_parent;  // none without creations
};
RunSummary summarize_run(const TraceRun& run);

// A figure across the traced runs: its median and range.
struct Spread {
  double median = 0, low = 0, high = 0;
  std::size_t runs = 0;
};
Spread spread_of(std::vector<double> values);

// The tracing's own effect on the command's wall time (--interleave-untraced): traced/untraced
// wall time of each adjacent pair of runs.
struct TracingEffect {
  Spread ratio;  // > 1: traced runs took longer
  std::size_t pairs = 0;
};
// Pairs each untraced run with the traced run next to it; no pairs: runs 0.
TracingEffect tracing_effect(const std::vector<TraceRun>& runs);

}  // namespace clonebench

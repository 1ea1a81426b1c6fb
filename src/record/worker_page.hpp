#pragma once
// The one page (a memfd) shared by the driver and the clonebench-worker of one instance: the job
// going in, the measurement coming out. Fixed layout, plain data, no pointers: the worker is a
// separate static executable started with execve, so both sides must agree on every byte. The
// header's layout never changes; kWorkerAbi changes whenever anything after it does, and a
// worker built from other sources refuses the page instead of misreading it.

#include <atomic>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "record/interval_series.hpp"
#include "record/parent.hpp"
#include "record/workload.hpp"
#include "stats/histogram.hpp"

namespace clonebench {

inline constexpr std::uint64_t kWorkerPageMagic = 0x636c6f6e65776b31;  // "clonewk1"
inline constexpr std::uint32_t kWorkerAbi = 4;
inline constexpr int kErrnoSlots = 256;
inline constexpr std::size_t kHelperPathBytes = 4096;
inline constexpr std::size_t kStressorNameBytes = 32;

// Stable forever: the worker reads it before it trusts anything else.
struct WorkerPageHeader {
  std::uint64_t magic = kWorkerPageMagic;
  std::uint32_t abi = kWorkerAbi;
  std::uint32_t worker_abi = 0;  // written by a worker that refuses the page: the ABI it speaks
  std::uint64_t page_bytes = 0;  // sizeof(WorkerPage) on the driver's side
};

// The job of one instance, as the worker needs it: everything decided by the driver.
struct WorkerJob {
  char stressor[kStressorNameBytes] = {};
  std::uint32_t instance = 0;
  std::uint32_t instances = 1;
  std::int32_t pin_cpu = -1;             // -1: not pinned
  std::uint32_t phase_sample_every = 1;  // start and reap timed on one op in this many
  std::int64_t timeout_ns = 0;
  std::int64_t warm_up_ns = 0;  // the loop runs this long, uncounted, before the clock starts
  std::uint64_t max_ops = 0;    // 0: no limit
  ParentShape parent;
  std::uint64_t live_limit = 1;     // children alive at once (the stressor's policy, bounded)
  std::uint64_t mailbox_slots = 1;  // live_limit plus slots for children that are not ours
  std::uint64_t seed = 0;           // this instance's seed
  Workload workload = Workload::kClean;
  std::uint32_t reserved_workload = 0;
  StressNgOptions stress_ng;
  char helper_path[kHelperPathBytes] = {};  // the program spawn and exec start

  std::string_view stressor_name() const noexcept { return {stressor}; }
};

// stress-ng's own accounting of one instance (--workload stress-ng), taken where stress-ng takes
// it: the wall clock from before the stressor's set-up to after its teardown, and RUSAGE_SELF +
// RUSAGE_CHILDREN read then, so children it never reaped are not in it. clonebench's own reading
// of /proc/self/smaps in between is taken out.
struct StressNgReport {
  std::int64_t real_ns = 0;
  std::int64_t user_ns = 0, system_ns = 0;
  std::uint64_t max_rss_kb = 0;  // the larger of the worker's and its reaped children's peaks
  std::int32_t metric_set = 0;   // the stressor reports stress-ng's misc metric
  std::int32_t reserved = 0;
  double metric_value = 0;  // clone: stress-ng's "microsecs per clone" of this instance
};

enum class InstancePhase : int { kStarting = 0, kRunning = 1, kDone = 2, kFailed = 3 };
enum class InstanceError : int { kNone = 0, kUsage = 1, kRuntime = 2 };

// What one instance reports. The worker fills the measurement, the supervisor the strays it
// reaped, the driver sets `stop`. All-zero bytes are its initial state (a unit test holds every
// member to that): the driver never writes the report, so the pages the worker does not touch
// stay unallocated and out of the worker's resident memory.
struct InstanceReport {
  std::atomic<int> stop{0};  // set by the driver on SIGINT/SIGTERM/SIGHUP
  std::atomic<int> phase{static_cast<int>(InstancePhase::kStarting)};
  std::atomic<std::int64_t> start_ns{0};  // the worker's loop began (CLOCK_MONOTONIC)
  std::int64_t finish_ns = 0;
  int error_kind = static_cast<int>(InstanceError::kNone);
  char error_message[512] = {};

  std::uint64_t bogo_ops = 0;
  std::int64_t loop_user_ns = 0, loop_system_ns = 0;    // the worker and its reaped children
  std::int64_t stray_user_ns = 0, stray_system_ns = 0;  // children the supervisor reaped
  std::uint64_t strays_reaped = 0;
  std::uint64_t peak_rss_kb = 0;

  std::uint64_t errno_failures[kErrnoSlots] = {};
  std::uint64_t child_failures = 0;  // children that exited non-zero or were killed
  std::uint64_t wait_failures = 0;   // waits that failed (should never happen)

  ParentMemory parent;
  StressNgReport stress_ng;
  LatencyHistogram create, start, reap;
  IntervalSeries intervals;
};

struct WorkerPage {
  WorkerPageHeader header;
  WorkerJob job;
  InstanceReport report;
};

static_assert(std::is_standard_layout_v<WorkerPage>, "the page is shared across an exec");
static_assert(offsetof(WorkerPage, header) == 0, "the header comes first, always");
static_assert(std::is_aggregate_v<WorkerPage> && std::is_trivially_destructible_v<WorkerPage>,
              "the page is created by mapping zero-filled memory, never constructed");

// The page on fresh, zero-filled memory of at least sizeof(WorkerPage) bytes (a new memfd): writes
// the header and nothing else, so untouched pages stay holes.
WorkerPage* start_worker_page(void* zeroed_memory) noexcept;

// Why a page cannot be used by this build of the worker; nullptr when it can.
const char* worker_page_problem(const WorkerPageHeader& header,
                                std::uint64_t mapped_bytes) noexcept;

// Copies `text` into a fixed field, always terminated; false when it does not fit.
bool copy_fixed_text(std::string_view text, char* field, std::size_t field_bytes) noexcept;

}  // namespace clonebench

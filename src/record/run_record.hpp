#pragma once
// The record of one measured run: what the runner produces, the store keeps and the reports
// render. Plain data; every derived number is a function here, computed in one place.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/kernel_profile.hpp"
#include "core/stress_ng_accounting.hpp"
#include "record/environment.hpp"
#include "record/parent.hpp"
#include "record/run_options.hpp"
#include "record/workload.hpp"
#include "stats/histogram.hpp"

namespace clonebench {

// Completed operations per interval over the run (all instances summed), so drift, frequency
// steps and preemption show. Every interval is interval_s long except the last.
struct ThroughputSeries {
  double interval_s = 0;
  std::vector<std::uint64_t> ops;
  double last_interval_s = 0;
};

// One run of one stressor with N instances (stress-ng's per-stressor metrics row).
struct RunResult {
  std::string stressor;
  std::uint32_t instances = 1;
  RunOptions options;  // effective settings, for show/compare
  std::uint64_t bogo_ops = 0;
  double real_time_s = 0;  // mean over instances of (finish - start), as stress-ng
  double usr_time_s = 0;   // sum over instances: the forking process and every reaped child
  double sys_time_s = 0;
  std::uint64_t max_rss_kb = 0;                   // max over instances of the forker's VmHWM
  std::map<std::string, std::uint64_t> failures;  // failed creating calls by errno name
  LatencyHistogram create, start, reap;           // docs/measurement.md definitions
  ParentMemory parent;
  ThroughputSeries intervals;
  std::uint64_t supervisor_reaped = 0;  // children reaped by the supervisors, not the workers
  std::optional<StressNgAccounting> stress_ng;  // --workload stress-ng: stress-ng's accounting

  Workload workload() const noexcept { return workload_of(options); }
  // The size asked for the parent (--rss), 0 when the run does not say.
  std::uint64_t requested_rss_bytes() const noexcept { return options.rss_bytes.value_or(0); }

  // clonebench's accounting (complete: every child's CPU time, whoever reaped it).
  double ops_per_sec_real() const noexcept {
    return real_time_s > 0 ? static_cast<double>(bogo_ops) / real_time_s : 0.0;
  }
  double ops_per_sec_cpu() const noexcept {
    const double cpu_s = usr_time_s + sys_time_s;
    return cpu_s > 0 ? static_cast<double>(bogo_ops) / cpu_s : 0.0;
  }
  // 100 * (usr + sys) / real / instances, as stress-ng's "CPU used per instance (%)".
  double cpu_per_instance_pct() const noexcept {
    if (real_time_s <= 0 || instances == 0) {
      return 0.0;
    }
    return 100.0 * (usr_time_s + sys_time_s) / real_time_s / instances;
  }
};

// A run as stored: the result plus who/when/what it belongs to.
struct RunRecord {
  std::int64_t id = 0;     // 0 until stored
  std::string label;       // --label, default `uname -r`
  std::string started_at;  // ISO-8601 UTC, e.g. 2026-11-29T18:06:42Z
  std::string experiment;  // groups the runs of one `ab`, `sweep` or `scale`; empty otherwise
  RunResult result;
  std::optional<KernelProfile> profile;  // --profile: set exactly when the run was sampled
};

// What one invocation reports: the machine once, then its runs (the clonebench/1 document).
struct RunDocument {
  Environment environment;
  std::vector<RunRecord> runs;
};

}  // namespace clonebench

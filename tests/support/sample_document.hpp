#pragma once
// A fixed RunDocument for the exporter and store tests: two runs with deterministic histograms,
// failures, an experiment tag and a label that needs quoting in CSV and YAML.

#include <cstdint>
#include <nlohmann/json.hpp>

#include "record/environment_json.hpp"
#include "record/run_record.hpp"

namespace clonebench::testing {

// Deterministic pseudo-random latencies: a linear congruential sequence folded into
// [base_ns, base_ns + spread_ns), so histograms have many distinct buckets.
inline LatencyHistogram sample_histogram(std::uint64_t seed, std::uint64_t base_ns,
                                         std::uint64_t spread_ns, int count) {
  LatencyHistogram histogram;
  std::uint64_t state = seed;
  for (int i = 0; i < count; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    histogram.add(base_ns + (state >> 33) % spread_ns);
  }
  return histogram;
}

// The b1-1 clone run of docs/schema.md, "6. Real stress-ng 0.15.06 output the exporters are
// checked against" (2 instances; real time is the mean).
inline RunRecord sample_clone_run() {
  RunRecord record;
  record.id = 1;
  record.label = "6.18.44-fc-v857";
  record.started_at = "2026-11-29T17:50:57Z";
  RunResult& result = record.result;
  result.stressor = "clone";
  result.instances = 2;
  result.options.clone_max = 8192;
  result.options.rss_bytes = 134217728;
  result.options.timeout_s = 10;
  result.bogo_ops = 2807;
  result.real_time_s = 10.0428;
  result.usr_time_s = 1.305945;
  result.sys_time_s = 11.670640;
  result.max_rss_kb = 142088;
  result.failures = {{"EINVAL", 120}, {"EPERM", 340}};
  result.create = sample_histogram(1, 900'000, 2'000'000, 2807);
  result.start = sample_histogram(2, 1'000'000, 3'000'000, 2807);
  result.reap = sample_histogram(3, 20'000, 400'000, 2807);
  result.parent.rss_kb = 142000;
  result.parent.anonymous_kb = 131200;
  result.parent.vma_count = 31;
  result.parent.region_rss_kb = 131072;
  result.parent.region_anonymous_kb = 131072;
  result.parent.vmas_requested = 1;
  result.parent.baseline_vma_count = 14;
  result.parent.baseline_rss_kb = 812;
  result.parent.baseline_anonymous_kb = 76;
  result.intervals = {0.1, {27, 29, 28}, 0.0428};
  return record;
}

// The fork run of the stress-ng YAML sample (docs/schema.md, "6. Real stress-ng 0.15.06 output
// the exporters are checked against"), in an experiment.
inline RunRecord sample_fork_run() {
  RunRecord record;
  record.id = 2;
  record.label = "base,line \"quoted\"";
  record.started_at = "2026-11-29T17:51:01Z";
  record.experiment = "ab-2026-11-29T17:51:00Z-4f2a";
  RunResult& result = record.result;
  result.stressor = "fork";
  result.instances = 1;
  result.options.timeout_s = 3;
  result.bogo_ops = 2071;
  // The unrounded times behind stress-ng's printed 3.000063 and 0.441950, solved from its
  // printed rates, so that every %f value of the sample is reproduced.
  result.real_time_s = 3.000062702903957;
  result.usr_time_s = 0.451017;
  result.sys_time_s = 0.4419500001423543;
  result.max_rss_kb = 2548;
  result.create = sample_histogram(4, 40'000, 60'000, 2071);
  result.start = sample_histogram(5, 50'000, 90'000, 2071);
  result.reap = sample_histogram(6, 15'000, 30'000, 2071);
  result.parent.rss_kb = 2400;
  result.parent.anonymous_kb = 300;
  result.parent.vma_count = 24;
  result.parent.vmas_requested = 1;
  return record;
}

// A --workload stress-ng clone run whose stress-ng accounting is that of a real stress-ng 0.15.06
// clone run (`--clone 1 -t 3 --metrics -Y`), which printed
// "clone 534 3.02 0.18 2.19 177.06 224.93 78.72 136424" and "1887.11 microsecs per clone", and in
// its YAML wall-clock-time 3.015955 and bogo-ops-per-second-real-time 177.058332. The wall clock
// below is the unrounded one, 534 / 177.058332, so that every printed figure comes out the same.
inline RunRecord sample_stress_ng_clone_run() {
  RunRecord record;
  record.id = 3;
  record.label = "6.18.44-fc-v857";
  record.started_at = "2026-11-29T17:50:57Z";
  RunResult& result = record.result;
  result.stressor = "clone";
  result.instances = 1;
  result.options.timeout_s = 3;
  result.options.workload = StressNgWorkloadOptions{};
  result.bogo_ops = 534;
  result.real_time_s = 2.95;
  result.usr_time_s = 0.25;
  result.sys_time_s = 3.10;
  result.max_rss_kb = 136000;
  result.failures = {{"EINVAL", 40}, {"EPERM", 90}};
  result.create = sample_histogram(7, 900'000, 2'000'000, 534);
  result.supervisor_reaped = 377;
  StressNgAccounting accounting;
  accounting.real_time_s = 3.0159552164;
  accounting.usr_time_s = 0.179111;
  accounting.sys_time_s = 2.194988;
  accounting.max_rss_kb = 136424;
  accounting.metric = "microsecs per clone";
  accounting.metric_values = {1887.114307};
  result.stress_ng = accounting;
  return record;
}

inline nlohmann::json sample_environment_json() {
  return {{"captured_at", "2026-11-29T17:50:57Z"},
          {"hostname", "vm"},
          {"machine", "x86_64"},
          {"kernel_release", "6.18.44-fc-v857"},
          {"kernel_version", "#1 SMP PREEMPT_DYNAMIC @0"},
          {"cmdline", "console=ttyS0 reboot=k panic=1"},
          {"cpu_model", "AMD EPYC 7B13"},
          {"cpus", 2},
          {"cpus_configured", 2},
          {"governor", nullptr},
          {"thp", "madvise"},
          {"page_size", 4096},
          {"mem_total_kb", 24683652},
          {"uptime_s", 662.42},
          {"hvo", {{"sysctl", 0}, {"nr_hugepages", 0}, {"key_on", false}}},
          {"config", {{"CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP", "y"}}}};
}

// The environment of sample_environment_json(), typed as records hold it.
inline Environment sample_environment() {
  return environment_from_json(sample_environment_json());
}

inline RunDocument sample_document() {
  RunDocument document;
  document.environment = sample_environment();
  document.runs = {sample_clone_run(), sample_fork_run()};
  return document;
}

// A clean fork run beside a --workload stress-ng clone run.
inline RunDocument sample_stress_ng_document() {
  RunDocument document;
  document.environment = sample_environment();
  document.runs = {sample_fork_run(), sample_stress_ng_clone_run()};
  return document;
}

}  // namespace clonebench::testing

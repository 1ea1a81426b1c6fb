#pragma once
// A small run database for the report tests, built with the store's own API: two kernels with
// six fork runs each, an `ab` experiment whose summary comes from the real paired analysis,
// a sweep experiment, two scale experiments (one of 6 rounds, one of 2: too few for a CI)
// whose summaries come from the real analysis, and an `ab --preset hvo-key` experiment. Every
// value is fixed, so reports of it are golden-testable.

#include <fmt/core.h>

#include <string>
#include <vector>

#include "compare/ab_document.hpp"
#include "compare/metric_selection.hpp"
#include "record/hvo_key_summary_json.hpp"
#include "record/scale_summary_json.hpp"
#include "scale/scale_analysis.hpp"
#include "store/store.hpp"
#include "store/stored_runs.hpp"
#include "support/sample_document.hpp"

namespace clonebench::testing {

inline const char* const kKernelA = "6.8.0-31-generic";
inline const char* const kKernelB = "6.8.0-35-generic";
inline const char* const kAbTag = "ab-2026-11-30T09:00:00Z-0001";
inline const char* const kSweepTag = "sweep-2026-11-30T10:00:00Z-0002";
// The newest scale ("scale" selects it), and an older one of two rounds.
inline const char* const kScaleTag = "scale-2026-11-30T11:00:00Z-0003";
inline const char* const kScaleFewTag = "scale-2026-11-30T10:30:00Z-0004";
inline const char* const kHvoKeyTag = "hvo-key-2026-11-30T12:00:00Z-2a";

inline Environment report_environment(const std::string& kernel, const char* retbleed) {
  Environment environment = sample_environment();
  environment.kernel_release = kernel;
  SmtFacts smt;
  smt.control = std::string("notsupported");
  smt.active = false;
  environment.smt = smt;
  environment.mitigations = std::map<std::string, std::string>{
      {"retbleed", retbleed}, {"spectre_v2", "Mitigation: Retpolines; STIBP: disabled"}};
  return environment;
}

// A fork run of 2 s at `ops_per_s`, with four 0.5 s intervals around it.
inline RunRecord report_fork_run(const std::string& label, int index, double ops_per_s,
                                 std::uint64_t rss_bytes = 0) {
  RunRecord record;
  record.label = label;
  record.started_at = fmt::format("2026-11-30T08:{:02}:00Z", index);
  RunResult& r = record.result;
  r.stressor = "fork";
  r.instances = 1;
  r.options.timeout_s = 2;
  r.options.max_ops = 0;
  r.options.rss_bytes = rss_bytes;
  r.options.rss_kind = "anon";
  r.options.vmas = 0;
  r.options.seed = 1;
  r.bogo_ops = static_cast<std::uint64_t>(ops_per_s * 2);
  r.real_time_s = 2.0;
  r.usr_time_s = 0.4;
  r.sys_time_s = 1.5;
  r.max_rss_kb = 2548;
  const auto seed = static_cast<std::uint64_t>(index + 1);
  r.create = sample_histogram(seed, 90'000, 60'000, 200);
  r.start = sample_histogram(seed + 100, 120'000, 90'000, 200);
  r.reap = sample_histogram(seed + 200, 20'000, 30'000, 200);
  const auto quarter = static_cast<std::uint64_t>(ops_per_s / 2);
  r.intervals = {0.5, {quarter - 40, quarter + 25, quarter + 10, quarter + 5}, 0.5};
  return record;
}

inline nlohmann::json ab_summary(const std::vector<RunRecord>& a, const std::vector<RunRecord>& b,
                                 const Environment& environment) {
  SampleSet sa{"arm a", "ab", {}}, sb{"arm b", "ab", {}};
  for (const RunRecord& run : a) {
    sa.runs.push_back(observation_of(run, environment));
  }
  for (const RunRecord& run : b) {
    sb.runs.push_back(observation_of(run, environment));
  }
  ComparisonResult report = analyze_paired(
      select_metrics(sa, sb, {"ops_per_sec_real", "latency_us.create.p50"}, std::nullopt), {});
  report.a_name = "fork --timeout 2s --rss 0";
  report.b_name = "fork --timeout 2s --rss 64M";
  AbDesign design{"fork --timeout 2s", "--rss 0", "--rss 64M", "", "", "", 1, {}, 42, kAbTag, {}};
  design.orders = pair_orders(a.size(), design.seed);
  return ab_compare_json(report, design);
}

inline nlohmann::json sweep_summary() {
  const auto estimate = [](double value, double lo, double hi) {
    return nlohmann::json{{"estimate", value}, {"ci", {lo, hi}}};
  };
  nlohmann::json points = nlohmann::json::array();
  const double sizes[] = {0, 16777216, 67108864};
  for (std::size_t i = 0; i < 3; ++i) {
    const double pages = sizes[i] / 4096;
    points.push_back({{"rss_bytes", static_cast<std::uint64_t>(sizes[i])},
                      {"pages", pages},
                      {"create_us", 60 + pages * 0.0021},
                      {"reap_us", 25 + pages * 0.0011},
                      {"total_us", 85 + pages * 0.0032},
                      {"runs", nlohmann::json::array()}});
    for (int round = 0; round < 2; ++round) {
      const double wobble = round == 0 ? 0.98 : 1.02;
      points.back()["runs"].push_back({{"round", round},
                                       {"pages", pages},
                                       {"create_us", (60 + pages * 0.0021) * wobble},
                                       {"reap_us", (25 + pages * 0.0011) * wobble},
                                       {"total_us", (85 + pages * 0.0032) * wobble}});
    }
  }
  nlohmann::json fits = nlohmann::json::array();
  fits.push_back({{"phase", "create"},
                  {"per_page_ns", estimate(2.1, 2.0, 2.2)},
                  {"fixed_us", estimate(60, 58.5, 61.2)},
                  {"r2", 0.998},
                  {"n", 6},
                  {"bad_fit", false}});
  fits.push_back({{"phase", "total"},
                  {"per_page_ns", estimate(3.2, 3.05, 3.31)},
                  {"fixed_us", estimate(85, 82.9, 86.4)},
                  {"r2", 0.997},
                  {"n", 6},
                  {"bad_fit", false}});
  return {{"stressor", "fork"}, {"rss_kind", "anon"}, {"vmas", 0},        {"rounds", 2},
          {"instances", 1},     {"seed", 7},          {"points", points}, {"fits", fits}};
}

// A scale of fork at 1, 2 and 4 instances: `rates[round][point]` is the ops/s of each run, one
// stored run per rate; the summary is analyze_scale()'s of the same runs.
inline void save_report_scale(Store& store, const char* tag, const char* created_at,
                              const std::vector<std::vector<double>>& rates,
                              const Environment& environment) {
  ScaleSettings settings;
  settings.stressor = "fork";
  settings.instances = {1, 2, 4};
  settings.rounds = static_cast<std::uint32_t>(rates.size());
  settings.timeout_s = 2;
  settings.seed = 11;
  std::vector<ScaleSample> samples;
  std::vector<RunRecord> runs;
  for (std::uint32_t round = 0; round < settings.rounds; ++round) {
    for (std::size_t point = 0; point < settings.instances.size(); ++point) {
      RunRecord run = report_fork_run("scale-fork", 0, rates[round][point]);
      run.started_at =
          fmt::format("{}{:02}:{:02}Z", std::string(created_at).substr(0, 14), round, point * 2);
      run.result.instances = settings.instances[point];
      ScaleSample sample;
      sample.point = point;
      sample.round = round;
      sample.position = static_cast<std::uint32_t>((point + round) % settings.instances.size());
      sample.bogo_ops = run.result.bogo_ops;
      sample.real_time_s = run.result.real_time_s;
      samples.push_back(sample);
      runs.push_back(std::move(run));
    }
  }
  const double elapsed_s = 6.5 * static_cast<double>(runs.size());
  store.save_experiment({tag, "scale", created_at,
                         scale_summary_to_json(analyze_scale(settings, samples, elapsed_s))},
                        runs, environment);
}

// The summary of an HVO static key experiment at 16M and 64M whose key slows fork by about 1.8 %
// and whose control does not: attributed to the key.
inline HvoKeySummary hvo_key_summary() {
  HvoKeySummary s;
  s.spec = "fork --rss 64M";
  s.small_rss_bytes = 16u << 20;
  s.large_rss_bytes = 64u << 20;
  s.hugetlb_pages = 2;
  s.hugetlb_page_kb = 2048;
  s.key = {"ops_per_sec_real", "slower", -1.83, {-2.41, -1.25}, 0.0004, 24};
  s.control = {"ops_per_sec_real", "equivalent", 0.12, {-0.44, 0.71}, 0.61, 24};
  s.attribution = "attributed to the key";
  s.per_page = {{"off", 7.412, {7.301, 7.522}, 12},
                {"on", 7.561, {7.44, 7.69}, 12},
                {"control", 7.418, {7.29, 7.55}, 12},
                {"on - off", 0.149, {0.088, 0.211}, 12},
                {"control - off", 0.006, {-0.061, std::nullopt}, 12}};
  s.discarded = {{"off", 0, ""}, {"on", 1, "the key was off after the run"}, {"control", 0, ""}};
  s.rounds = 12;
  s.stop_reason = "precision 1 % reached";
  s.elapsed_s = 421.5;
  s.seed = 42;
  s.warnings = {"the control's runs drifted (Spearman rho = +0.61)"};
  return s;
}

// The runs of the HVO key experiment: each arm at each size, two rounds, labelled as the preset
// labels them ("<label>:<arm>-<size>").
inline void save_report_hvo_key(Store& store, const Environment& environment) {
  std::vector<RunRecord> runs;
  int index = 8;  // started 08:08 to 08:19, between the two kernels' runs
  for (int round = 0; round < 2; ++round) {
    for (const char* arm : {"off", "on", "control"}) {
      for (const std::uint64_t bytes : {std::uint64_t{16} << 20, std::uint64_t{64} << 20}) {
        const double rate = (bytes == (16u << 20) ? 5200 : 4100) *
                            (std::string(arm) == "on" ? 0.982 : 1.0) * (round == 0 ? 0.999 : 1.0);
        const std::string label =
            std::string("hvo:") + arm + (bytes == (16u << 20) ? "-small" : "-large");
        runs.push_back(report_fork_run(label, index++, rate, bytes));
      }
    }
  }
  store.save_experiment(
      {kHvoKeyTag, "hvo-key", "2026-11-30T12:00:00Z", hvo_key_summary_json(hvo_key_summary())},
      runs, environment);
}

// Fills `store` with every kind of report input.
inline void fill_report_store(Store& store) {
  const double rates_a[] = {6100, 6150, 6080, 6120, 6135, 6095};
  const double rates_b[] = {5930, 5950, 5900, 5975, 5940, 5920};
  const Environment env_a = report_environment(kKernelA, "Mitigation: untrained return thunk");
  const Environment env_b = report_environment(kKernelB, "Mitigation: IBPB");
  for (int i = 0; i < 6; ++i) {
    RunRecord run = report_fork_run(kKernelA, i, rates_a[i]);
    store.save(run, env_a);
  }
  for (int i = 0; i < 6; ++i) {
    RunRecord run = report_fork_run(kKernelB, 20 + i, rates_b[i]);
    store.save(run, env_b);
  }
  std::vector<RunRecord> a, b, both;
  for (int i = 0; i < 8; ++i) {
    a.push_back(report_fork_run("pair:a", 30 + i, 6100 + 7 * (i % 3)));
    b.push_back(report_fork_run("pair:b", 40 + i, 4100 + 5 * (i % 4), 67108864));
  }
  both = a;
  both.insert(both.end(), b.begin(), b.end());
  store.save_experiment({kAbTag, "ab", "2026-11-30T09:00:00Z", ab_summary(a, b, env_b)}, both,
                        env_b);
  std::vector<RunRecord> sweep_runs = {report_fork_run("sweep-fork", 50, 4000)};
  store.save_experiment({kSweepTag, "sweep", "2026-11-30T10:00:00Z", sweep_summary()}, sweep_runs,
                        env_b);
  // 1 -> 2 grows, 2 -> 4 falls: throughput stops growing at 2.
  save_report_scale(store, kScaleTag, "2026-11-30T11:00:00Z",
                    {{1000, 1900, 1700},
                     {1010, 1910, 1720},
                     {990, 1890, 1690},
                     {1005, 1905, 1710},
                     {995, 1895, 1680},
                     {1002, 1880, 1705}},
                    env_b);
  save_report_scale(store, kScaleFewTag, "2026-11-30T10:30:00Z",
                    {{1000, 1850, 1800}, {990, 1870, 1830}}, env_b);
  save_report_hvo_key(store, env_b);
}

}  // namespace clonebench::testing

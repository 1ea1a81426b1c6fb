// Issue 9: which run length, and which metric, resolve an A/B change best per minute spent.
// For each stressor and run length, an A/A `ab` runs for the same wall-clock budget; then, for
// every candidate metric, the paired Hodges–Lehmann 95 % CI of the log ratio B/A is computed from
// the same pairs. Its half-width h after t minutes projects to t·(h / 1 %)² minutes for ±1 %
// (the half-width shrinks as 1/√pairs), so "minutes to ±1 %" compares lengths and metrics on
// one scale: smaller is better.
//   Candidates: ops_per_sec_real and ops_per_sec_cpu (what ab reports), the median create time
//   (latency_us.create.p50, from the histograms), and two rates from runs[].intervals with the
//   first and last interval dropped: the 20 %-trimmed mean and the median per-interval rate.
//   usage: run_length [CLONEBENCH] [BUDGET_S=90] [STRESSORS=fork,clone,exec]
//                     [LENGTHS_S=0.25,0.5,1,2]
#include <fmt/core.h>
#include <unistd.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "bench_support.hpp"
#include "stats/hodges_lehmann.hpp"

namespace {

constexpr double kAlpha = 0.05;
constexpr double kTrimFraction = 0.2;

// Per-interval rates (ops/s) without the first and last interval, which are partial.
std::vector<double> interval_rates(const nlohmann::json& run) {
  const auto& intervals = run.at("intervals");
  const double width_s = intervals.at("interval_s").get<double>();
  const auto& ops = intervals.at("ops");
  std::vector<double> rates;
  for (std::size_t i = 1; i + 1 < ops.size(); ++i) {
    rates.push_back(ops.at(i).get<double>() / width_s);
  }
  return rates;
}

double trimmed_mean(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const auto cut = static_cast<std::size_t>(kTrimFraction * static_cast<double>(values.size()));
  const std::vector<double> kept(values.begin() + static_cast<std::ptrdiff_t>(cut),
                                 values.end() - static_cast<std::ptrdiff_t>(cut));
  return clonebench::bench::mean(kept);
}

using MetricValues = std::map<std::string, double>;

MetricValues candidate_metrics(const nlohmann::json& run) {
  const std::vector<double> rates = interval_rates(run);
  return {{"ops_per_sec_real", run.at("ops_per_sec_real").get<double>()},
          {"ops_per_sec_cpu", run.at("ops_per_sec_cpu").get<double>()},
          {"latency_us.create.p50", run.at("latency_us").at("create").at("p50").get<double>()},
          {"interval_rate.trimmed", rates.empty() ? NAN : trimmed_mean(rates)},
          {"interval_rate.median", rates.empty() ? NAN : clonebench::bench::median(rates)}};
}

std::map<long, MetricValues> exported_runs(const std::string& binary, const std::string& db,
                                           const std::vector<long>& ids) {
  std::string command = fmt::format("{} export --db {} --json -", binary, db);
  for (long id : ids) {
    command += " " + std::to_string(id);
  }
  const auto document = nlohmann::json::parse(clonebench::bench::capture(command));
  std::map<long, MetricValues> runs;
  for (const auto& run : document.at("runs")) {
    runs[run.at("id").get<long>()] = candidate_metrics(run);
  }
  return runs;
}

struct Resolution {
  double half_width_pct = NAN;
  double minutes_to_one_pct = NAN;
};

Resolution resolution(const std::vector<double>& log_ratios, double minutes) {
  const auto shift = clonebench::hodges_lehmann_paired(log_ratios, kAlpha);
  Resolution result;
  result.half_width_pct = 100 * (std::exp(shift.ci_high) - std::exp(shift.ci_low)) / 2;
  result.minutes_to_one_pct = minutes * result.half_width_pct * result.half_width_pct;
  return result;
}

void measure(const std::string& binary, const std::string& stressor, const std::string& length,
             double budget_s, const std::string& db) {
  const std::string command = fmt::format(
      "{} ab '{} --timeout {}s' --pairs 10000 --precision 0.001% --max-time {}s --db {} "
      "--quiet --format json --metric ops_per_sec_real",
      binary, stressor, length, budget_s, db);
  const auto ab = nlohmann::json::parse(clonebench::bench::capture(command));
  const auto a_ids = ab.at("a").at("run_ids").get<std::vector<long>>();
  const auto b_ids = ab.at("b").at("run_ids").get<std::vector<long>>();
  std::vector<long> ids = a_ids;
  ids.insert(ids.end(), b_ids.begin(), b_ids.end());
  const auto runs = exported_runs(binary, db, ids);
  const double minutes = ab.at("ab").at("stop").at("elapsed_s").get<double>() / 60;
  const auto& effect = ab.at("metrics").at(0).at("effect");
  fmt::print("{:<6} {:>5} s  {:>4} pairs in {:4.2f} min; ab's own ops_per_sec_real CI {}\n",
             stressor, length, a_ids.size(), minutes, effect.at("ci_pct").dump());
  for (const auto& [metric, unused] : runs.begin()->second) {
    std::vector<double> log_ratios;
    for (std::size_t i = 0; i < a_ids.size() && i < b_ids.size(); ++i) {
      log_ratios.push_back(std::log(runs.at(b_ids[i]).at(metric) / runs.at(a_ids[i]).at(metric)));
    }
    const Resolution r = resolution(log_ratios, minutes);
    fmt::print("  {:<24} ±{:5.2f} %   {:6.1f} min to ±1 %\n", metric, r.half_width_pct,
               r.minutes_to_one_pct);
  }
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string binary = clonebench::bench::clonebench_path(argc, argv);
  const double budget_s = argc > 2 ? std::atof(argv[2]) : 90;
  const auto stressors = clonebench::bench::split_commas(argc > 3 ? argv[3] : "fork,clone,exec");
  const auto lengths = clonebench::bench::split_commas(argc > 4 ? argv[4] : "0.25,0.5,1,2");
  char db_template[] = "/tmp/run_length_XXXXXX";
  if (::mkdtemp(db_template) == nullptr) {
    throw std::runtime_error("cannot create a temporary directory");
  }
  const std::string db = std::string(db_template) + "/runs.db";
  // Each stressor visits the lengths in a rotated order, so that a slow drift of the machine
  // does not always favour the same length.
  for (std::size_t s = 0; s < stressors.size(); ++s) {
    for (std::size_t i = 0; i < lengths.size(); ++i) {
      measure(binary, stressors[s], lengths[(i + s) % lengths.size()], budget_s, db);
    }
  }
  clonebench::bench::capture(fmt::format("rm -r {}", db_template));
  return 0;
}

// Issue 9's experiments run to a precision, on a quiet machine:
//   1. A/A: `ab "fork --timeout S" --precision 1% --max-time MAX`: it must end with a CI
//      half-width ≤ 1 % and the verdict "equivalent" (target: within 5 minutes).
//   2. `sweep fork --rss 0:64M:5 --precision 3%` on anon memory: the time it takes (target
//      ≤ 2 minutes), and its line of total cost, which predicts step 3.
//   3. A known small effect: B's parent EXTRA KiB larger than A's 32 MiB. The sweep predicts
//      the change of ops_per_sec_cpu (CPU time per op is the sweep's "total"): ab must say
//      "slower" and its CI must contain the prediction.
//   usage: precision [CLONEBENCH] [SECONDS=0.5] [MAX_TIME=6m] [EXTRA_KIB=1024]
#include <fmt/core.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "bench_support.hpp"

namespace {

constexpr double kPrecisionAaPct = 1.0;
constexpr double kPrecisionSweepPct = 3.0;
constexpr double kParentAMiB = 32.0;

nlohmann::json run_json(const std::string& command) {
  fmt::print("$ {}\n", command);
  std::fflush(stdout);
  return nlohmann::json::parse(clonebench::bench::capture(command));
}

// The first metric of an ab document: estimate, CI, verdict; and why the pairs ended.
void print_ab(const nlohmann::json& document) {
  const auto& metric = document.at("metrics").at(0);
  const auto& effect = metric.at("effect");
  const auto& stop = document.at("ab").at("stop");
  fmt::print("  {}: {:+.2f} % {}, verdict {}\n", metric.at("name").dump(),
             effect.at("estimate_pct").get<double>(), effect.at("ci_pct").dump(),
             effect.at("verdict").dump());
  fmt::print("  {} pairs, stopped by {}, widest half-width {}, {:.0f} s\n",
             document.at("ab").at("pairs").get<int>(), stop.at("reason").dump(),
             stop.at("last_look").is_null() ? "none" : stop.at("last_look").dump(),
             stop.at("elapsed_s").get<double>());
}

// A bound of the CI; NaN when unbounded (null in the document), which fails every comparison.
double ci_bound(const nlohmann::json& effect, int which) {
  const auto& bound = effect.at("ci_pct").at(which);
  return bound.is_null() ? std::nan("") : bound.get<double>();
}

double half_width_pct(const nlohmann::json& effect) {
  return (ci_bound(effect, 1) - ci_bound(effect, 0)) / 2;
}

// "slower" and "slower-small" both say B is slower (the CI excludes 0); the second adds that
// the change may be smaller than ab's --threshold (docs/statistics.md, "Verdicts").
bool is_slower(const nlohmann::json& verdict) {
  return verdict == "slower" || verdict == "slower-small";
}

nlohmann::json total_fit(const nlohmann::json& sweep) {
  for (const auto& fit : sweep.at("fits")) {
    if (fit.at("phase") == "total") {
      return fit;
    }
  }
  throw std::runtime_error("the sweep has no total fit");
}

}  // namespace

int main(int argc, char** argv) {
  const std::string binary = clonebench::bench::clonebench_path(argc, argv);
  const double seconds = argc > 2 ? std::atof(argv[2]) : 0.5;
  const std::string max_time = argc > 3 ? argv[3] : "6m";
  const int extra_kib = argc > 4 ? std::atoi(argv[4]) : 1024;

  fmt::print("1. A/A to ±{:g} %\n", kPrecisionAaPct);
  const nlohmann::json aa = run_json(fmt::format(
      "{} ab 'fork --timeout {}' --precision {}% --max-time {} --no-store --json - --quiet", binary,
      seconds, kPrecisionAaPct, max_time));
  print_ab(aa);
  const auto& aa_effect = aa.at("metrics").at(0).at("effect");
  const bool aa_met =
      half_width_pct(aa_effect) <= kPrecisionAaPct && aa_effect.at("verdict") == "equivalent";
  fmt::print("  target (half-width ≤ {:g} %, equivalent): {}\n\n", kPrecisionAaPct,
             aa_met ? "met" : "NOT met");

  fmt::print("2. sweep to ±{:g} % per page\n", kPrecisionSweepPct);
  const nlohmann::json sweep = run_json(fmt::format(
      "{} sweep fork --rss 0:64M:5 --timeout-per-point {} --precision {}% --no-store --json - "
      "--quiet",
      binary, seconds, kPrecisionSweepPct));
  const auto& summary = sweep.at("sweep");
  const nlohmann::json fit = total_fit(summary);
  const double per_page_ns = fit.at("per_page_ns").at("estimate").get<double>();
  const double fixed_ns = 1000 * fit.at("fixed_us").at("estimate").get<double>();
  fmt::print("  {} rounds in {:.0f} s, stopped by {}; total = {:.1f} µs + {:.2f} ns/page {}\n\n",
             summary.at("rounds").get<int>(), summary.at("elapsed_s").get<double>(),
             summary.at("stop").dump(), fixed_ns / 1000, per_page_ns,
             fit.at("per_page_ns").at("ci").dump());

  const double pages_a = kParentAMiB * 256;
  const double extra_pages = extra_kib / 4.0;
  const double cost_a_ns = fixed_ns + per_page_ns * pages_a;
  const double predicted_pct =
      -100 * per_page_ns * extra_pages / (cost_a_ns + per_page_ns * extra_pages);
  fmt::print(
      "3. known effect: --rss {:g}M vs {:g}M + {} KiB; the sweep predicts {:+.2f} % "
      "ops_per_sec_cpu\n",
      kParentAMiB, kParentAMiB, extra_kib, predicted_pct);
  const nlohmann::json effect_run = run_json(fmt::format(
      "{} ab 'fork --timeout {}' --a '--rss {}M' --b '--rss {}K' --metric ops_per_sec_cpu "
      "--precision {}% --max-time {} --no-store --json - --quiet",
      binary, seconds, kParentAMiB, kParentAMiB * 1024 + extra_kib, kPrecisionAaPct, max_time));
  print_ab(effect_run);
  const auto& effect = effect_run.at("metrics").at(0).at("effect");
  const bool contains =
      ci_bound(effect, 0) <= predicted_pct && predicted_pct <= ci_bound(effect, 1);
  fmt::print("  target (slower or slower-small, CI contains {:+.2f} %): {}\n", predicted_pct,
             is_slower(effect.at("verdict")) && contains ? "met" : "NOT met");
  return 0;
}

// Calibration of `kernels --measure instructions` (docs/kernels.md, "Counting instructions"):
// EXPERIMENTS A/A experiments of one image against itself, each with its own seed (1, 2, ...),
// BOOTS boots a side of RUNS runs of SPEC. An honest interval excludes 0 in about 5 % of them
// (an exact 4-vs-4 rank interval: 2/70 = 2.9 %); the figures are how many did, the median
// half-width and the largest estimate. Prints one line per experiment as it ends.
//   usage: kernels_icount_calibration IMAGE [CLONEBENCH] [EXPERIMENTS=20] [BOOTS=4] [RUNS=2]
//                                     [SPEC="fork --rss 16M --timeout 0.3s"] [JOBS=2]
#include <fmt/core.h>

#include <cmath>

#include "bench_support.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr,
               "usage: kernels_icount_calibration IMAGE [CLONEBENCH] [EXPERIMENTS] [BOOTS] [RUNS] "
               "[SPEC] [JOBS]\n");
    return 2;
  }
  const std::string image = argv[1];
  const std::string binary = clonebench::bench::clonebench_argument(argc, argv, 2);
  const int experiments = argc > 3 ? std::stoi(argv[3]) : 20;
  const int boots = argc > 4 ? std::stoi(argv[4]) : 4;
  const int runs = argc > 5 ? std::stoi(argv[5]) : 2;
  const std::string spec = argc > 6 ? argv[6] : "fork --rss 16M --timeout 0.3s";
  const int jobs = argc > 7 ? std::stoi(argv[7]) : 2;
  int excluding_zero = 0, equivalent = 0;
  std::vector<double> half_widths, estimates, walls;
  for (int seed = 1; seed <= experiments; ++seed) {
    const auto [result, wall_s] = clonebench::bench::run_kernels(fmt::format(
        "{} kernels --a '{}' --b '{}' '{}' --measure instructions --boots {} --runs-per-boot {} "
        "--jobs {} --seed {} --no-store --quiet --json -",
        binary, image, image, spec, boots, runs, jobs, seed));
    if (result.at("comparison").is_null()) {
      fmt::print("seed {:>3}  no comparison: {} failed boots  {:.0f} s\n", seed,
                 result.at("failed_boots").get<int>(), wall_s);
      continue;
    }
    const auto& metric = result.at("comparison").at("metrics").at(0);
    const auto& effect = metric.at("effect");
    const double low = effect.at("ci_pct").at(0).get<double>();
    const double high = effect.at("ci_pct").at(1).get<double>();
    const double estimate = effect.at("estimate_pct").get<double>();
    excluding_zero += (low > 0 || high < 0) ? 1 : 0;
    equivalent += effect.at("verdict") == "equivalent" ? 1 : 0;
    half_widths.push_back((high - low) / 2);
    estimates.push_back(std::abs(estimate));
    walls.push_back(wall_s);
    fmt::print(
        "seed {:>3}  {:<13} {:+.3f} % [{:+.3f}, {:+.3f}]  between-boot SD A {} B {}  "
        "{} failed boots  {:.0f} s\n",
        seed, effect.at("verdict").get<std::string>(), estimate, low, high,
        metric.at("boots").at("a").at("between_boot_sd_pct").dump(),
        metric.at("boots").at("b").at("between_boot_sd_pct").dump(),
        result.at("failed_boots").get<int>(), wall_s);
    std::fflush(stdout);
  }
  fmt::print(
      "\n{} A/A experiments of {} boots × {} runs a side, \"{}\", --jobs {} ({} compared)\n"
      "equivalent          {} of {}\n"
      "CI excludes 0       {} of {} (an honest 95 % interval: about 1 in 20)\n"
      "median half-width   {:.3f} %\n"
      "largest |estimate|  {:.3f} %\n"
      "wall per experiment median {:.0f} s\n",
      experiments, boots, runs, spec, jobs, half_widths.size(), equivalent, experiments,
      excluding_zero, experiments, clonebench::bench::median(half_widths),
      estimates.empty() ? 0.0 : *std::max_element(estimates.begin(), estimates.end()),
      clonebench::bench::median(walls));
  return 0;
}

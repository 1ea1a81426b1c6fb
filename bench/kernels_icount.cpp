// `kernels --measure instructions` against timing under TCG (docs/kernels.md, "Counting
// instructions instead of time") on the same two images, each BOOTS boots a side of RUNS runs
// of SPEC: the 95 % CI half-width of the change, the wall time, and the half-width scaled to one
// minute of wall time (× √(minutes): more boots narrow an interval as the square root of their
// number). The host's load average is printed before and after: timing follows it, counts must
// not. (--jobs 1 against --jobs N: kernels_jobs.)
//   usage: kernels_icount IMAGE_A IMAGE_B [CLONEBENCH] [BOOTS=4] [RUNS=2]
//                         [SPEC="fork --rss 16M --timeout 0.3s"] [JOBS=2]
#include <fmt/core.h>

#include <cmath>

#include "bench_support.hpp"

namespace {

// "±0.123 % in 7.5 min: ±0.337 % per minute" for one experiment.
void print_precision(const char* name, const clonebench::bench::KernelsRun& outcome) {
  const nlohmann::json& comparison = outcome.result.at("comparison");
  if (comparison.is_null()) {
    fmt::print("{:<24} no comparison ({} failed boots), {:.1f} min\n", name,
               outcome.result.at("failed_boots").get<int>(), outcome.wall_s / 60);
    return;
  }
  const auto& effect = comparison.at("metrics").at(0).at("effect");
  const auto& ci = effect.at("ci_pct");
  if (ci.at(0).is_null() || ci.at(1).is_null()) {
    fmt::print("{:<24} no interval (too few boots), {:.1f} min\n", name, outcome.wall_s / 60);
    return;
  }
  const double half_width = (ci.at(1).get<double>() - ci.at(0).get<double>()) / 2;
  const double minutes = outcome.wall_s / 60;
  fmt::print(
      "{:<24} {} {:+.3f} % [{:+.3f}, {:+.3f}]  ±{:.3f} % in {:.1f} min  ≈ ±{:.3f} % at "
      "1 min  ({} failed boots)\n",
      name, effect.at("verdict").get<std::string>(), effect.at("estimate_pct").get<double>(),
      ci.at(0).get<double>(), ci.at(1).get<double>(), half_width, minutes,
      half_width * std::sqrt(minutes), outcome.result.at("failed_boots").get<int>());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    fmt::print(stderr,
               "usage: kernels_icount IMAGE_A IMAGE_B [CLONEBENCH] [BOOTS] [RUNS] [SPEC] "
               "[JOBS]\n");
    return 2;
  }
  const std::string a = argv[1], b = argv[2];
  const std::string binary = clonebench::bench::clonebench_argument(argc, argv, 3);
  const int boots = argc > 4 ? std::stoi(argv[4]) : 4;
  const int runs = argc > 5 ? std::stoi(argv[5]) : 2;
  const std::string spec = argc > 6 ? argv[6] : "fork --rss 16M --timeout 0.3s";
  const int jobs = argc > 7 ? std::stoi(argv[7]) : 2;
  const std::string common = fmt::format(
      "{} kernels --a '{}' --b '{}' '{}' --boots {} --runs-per-boot {} --seed 1 "
      "--accel tcg --no-store --quiet --json -",
      binary, a, b, spec, boots, runs);
  using clonebench::bench::load_average;
  using clonebench::bench::run_kernels;
  fmt::print("load average {} before\n", load_average());
  const auto timing = run_kernels(common + " --measure time");
  const auto counted = run_kernels(common + fmt::format(" --measure instructions --jobs {}", jobs));
  fmt::print("load average {} after\n\n", load_average());
  fmt::print("{} boots × {} runs a side of \"{}\"\n", boots, runs, spec);
  print_precision("timing (TCG)", timing);
  print_precision(fmt::format("instructions (--jobs {})", jobs).c_str(), counted);
  return 0;
}

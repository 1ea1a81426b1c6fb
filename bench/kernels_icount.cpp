// `kernels --measure instructions` against timing under TCG (docs/kernels.md, "Counting
// instructions instead of time"), and --jobs 1 against --jobs N, on the same two images:
//   1. timing and instructions, each BOOTS boots a side of RUNS runs of SPEC: the 95 % CI
//      half-width of the change, the wall time, and the half-width scaled to one minute of wall
//      time (× √(minutes): more boots narrow an interval as the square root of their number);
//   2. instructions with --jobs 1 and --jobs N, the same seed: wall times, their ratio, and the
//      largest difference between the two runs' per-boot values (the counts must not move).
// The host's load average is printed before and after: timing follows it, counts must not.
//   usage: kernels_icount IMAGE_A IMAGE_B [CLONEBENCH] [BOOTS=4] [RUNS=2]
//                         [SPEC="fork --rss 16M --timeout 0.3s"] [JOBS=2]
#include <fmt/core.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "bench_support.hpp"

namespace {

struct Outcome {
  nlohmann::json result;
  double wall_s = 0;
};

Outcome run_kernels(const std::string& command) {
  const auto started = std::chrono::steady_clock::now();
  Outcome outcome;
  outcome.result = nlohmann::json::parse(clonebench::bench::capture(command + " || true"));
  outcome.wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return outcome;
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

// "±0.123 % in 7.5 min: ±0.337 % per minute" for one experiment.
void print_precision(const char* name, const Outcome& outcome) {
  const nlohmann::json& comparison = outcome.result.at("comparison");
  if (comparison.is_null()) {
    fmt::print("{:<13} no comparison ({} failed boots), {:.1f} min\n", name,
               outcome.result.at("failed_boots").get<int>(), outcome.wall_s / 60);
    return;
  }
  const auto& effect = comparison.at("metrics").at(0).at("effect");
  const auto& ci = effect.at("ci_pct");
  if (ci.at(0).is_null() || ci.at(1).is_null()) {
    fmt::print("{:<13} no interval (too few boots), {:.1f} min\n", name, outcome.wall_s / 60);
    return;
  }
  const double half_width = (ci.at(1).get<double>() - ci.at(0).get<double>()) / 2;
  const double minutes = outcome.wall_s / 60;
  fmt::print(
      "{:<13} {} {:+.3f} % [{:+.3f}, {:+.3f}]  ±{:.3f} % in {:.1f} min  ≈ ±{:.3f} % at "
      "1 min  ({} failed boots)\n",
      name, effect.at("verdict").get<std::string>(), effect.at("estimate_pct").get<double>(),
      ci.at(0).get<double>(), ci.at(1).get<double>(), half_width, minutes,
      half_width * std::sqrt(minutes), outcome.result.at("failed_boots").get<int>());
}

// The largest relative difference between the two results' boot values, boot by boot.
double largest_difference(const nlohmann::json& one, const nlohmann::json& other) {
  double largest = 0;
  const auto& boots = one.at("boots");
  for (std::size_t i = 0; i < boots.size() && i < other.at("boots").size(); ++i) {
    if (!boots[i].at("ok").get<bool>() || !other.at("boots")[i].at("ok").get<bool>()) {
      continue;
    }
    const auto& runs = boots[i].at("values").at(0).at("runs");
    const auto& again = other.at("boots")[i].at("values").at(0).at("runs");
    for (std::size_t r = 0; r < runs.size() && r < again.size(); ++r) {
      largest =
          std::max(largest, std::abs(again[r].get<double>() / runs[r].get<double>() - 1) * 100);
    }
  }
  return largest;
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
  const std::string binary =
      argc > 3 ? argv[3] : clonebench::bench::sibling_path("../src/clonebench");
  const int boots = argc > 4 ? std::stoi(argv[4]) : 4;
  const int runs = argc > 5 ? std::stoi(argv[5]) : 2;
  const std::string spec = argc > 6 ? argv[6] : "fork --rss 16M --timeout 0.3s";
  const int jobs = argc > 7 ? std::stoi(argv[7]) : 2;
  const std::string common = fmt::format(
      "{} kernels --a '{}' --b '{}' '{}' --boots {} --runs-per-boot {} --seed 1 "
      "--accel tcg --no-store --quiet --json -",
      binary, a, b, spec, boots, runs);
  fmt::print("load average {} before\n", load_average());
  const Outcome timing = run_kernels(common + " --measure time");
  const Outcome serial = run_kernels(common + " --measure instructions --jobs 1");
  const Outcome parallel =
      run_kernels(common + fmt::format(" --measure instructions --jobs {}", jobs));
  fmt::print("load average {} after\n\n", load_average());
  fmt::print("{} boots × {} runs a side of \"{}\"\n", boots, runs, spec);
  print_precision("timing (TCG)", timing);
  print_precision("instructions", serial);
  fmt::print(
      "\n--jobs 1     {:.1f} min\n--jobs {}     {:.1f} min: {:.2f} of --jobs 1's wall time\n",
      serial.wall_s / 60, jobs, parallel.wall_s / 60, parallel.wall_s / serial.wall_s);
  fmt::print("per-boot counts, --jobs 1 against --jobs {}: largest difference {:.4f} %\n", jobs,
             largest_difference(serial.result, parallel.result));
  return 0;
}

// Overhead of the tool: `clonebench run STRESSOR` against the smallest static loop that creates
// and reaps the same kind of child (bare_loop, built with the benchmarks), interleaved round by
// round in ABBA order; the ratio of ops/s per round, its median and range. Target: ≥ 0.95 each.
// An entry STRESSOR:KIND holds the stressor against bare_loop KIND: clonebench's fork makes the
// fork system call, so its baseline is fork-syscall; fork:fork shows it beside glibc's fork().
//   usage: fork_overhead [CLONEBENCH] [ROUNDS=8] [SECONDS=2]
//                        [STRESSORS=fork:fork-syscall,fork:fork,vfork,clone3,thread]
#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "bench_support.hpp"

namespace {

double bare_ops_per_s(const std::string& bare_loop, const std::string& stressor, double seconds) {
  return std::stod(
      clonebench::bench::capture(fmt::format("{} {} {}", bare_loop, stressor, seconds)));
}

double clonebench_ops_per_s(const std::string& binary, const std::string& stressor,
                            double seconds) {
  const std::string out = clonebench::bench::capture(
      fmt::format("{} run {} --timeout {} --no-store --json -", binary, stressor, seconds));
  return nlohmann::json::parse(out).at("runs").at(0).at("ops_per_sec_real").get<double>();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string binary = clonebench::bench::clonebench_path(argc, argv);
  const std::string bare_loop = clonebench::bench::sibling_path("bare_loop");
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 8;
  const double seconds = argc > 3 ? std::atof(argv[3]) : 2.0;
  const auto entries = clonebench::bench::split_commas(
      argc > 4 ? argv[4] : "fork:fork-syscall,fork:fork,vfork,clone3,thread");
  fmt::print("{:<8} {:<13} {:>7} {:>8} {:>8} {:>12} {:>12}\n", "stressor", "baseline", "median",
             "min", "max", "tool ops/s", "bare ops/s");
  for (const std::string& entry : entries) {
    const std::size_t colon = entry.find(':');
    const std::string stressor = entry.substr(0, colon);
    const std::string baseline = colon == std::string::npos ? entry : entry.substr(colon + 1);
    std::vector<double> ratios, tool_rates, bare_rates;
    for (int round = 0; round < rounds; ++round) {
      double tool = 0;
      double bare = 0;
      if (round % 4 == 0 || round % 4 == 3) {  // ABBA: a linear drift cancels out
        tool = clonebench_ops_per_s(binary, stressor, seconds);
        bare = bare_ops_per_s(bare_loop, baseline, seconds);
      } else {
        bare = bare_ops_per_s(bare_loop, baseline, seconds);
        tool = clonebench_ops_per_s(binary, stressor, seconds);
      }
      ratios.push_back(tool / bare);
      tool_rates.push_back(tool);
      bare_rates.push_back(bare);
    }
    fmt::print("{:<8} {:<13} {:>7.3f} {:>8.3f} {:>8.3f} {:>12.0f} {:>12.0f}\n", stressor, baseline,
               clonebench::bench::median(ratios), *std::min_element(ratios.begin(), ratios.end()),
               *std::max_element(ratios.begin(), ratios.end()),
               clonebench::bench::median(tool_rates), clonebench::bench::median(bare_rates));
  }
  return 0;
}

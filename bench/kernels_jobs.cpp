// `kernels --measure instructions` with --jobs 1 against --jobs N (docs/kernels.md, "Boots in
// parallel"): the same images, boots and seed, run in the order 1, N, N, 1 (so that a load that
// drifts during the benchmark weighs on both alike). Prints each run's wall time, the ratio of
// the N runs' wall time to the 1 runs', and the largest relative difference of any run's value
// in any boot from the first run's (the counts must not depend on N: within 0.05 %), with the
// host's load average before and after.
//   usage: kernels_jobs IMAGE_A IMAGE_B [CLONEBENCH] [BOOTS=2] [RUNS=2]
//                       [SPEC="fork --rss 16M --timeout 0.3s"] [JOBS=2]
#include <fmt/core.h>

#include <cmath>

#include "bench_support.hpp"

namespace {

// The largest relative difference (%) between the two results' values, run by run of each boot;
// -1 when a boot failed in either.
double largest_difference(const nlohmann::json& one, const nlohmann::json& other) {
  double largest = 0;
  const auto& boots = one.at("boots");
  for (std::size_t i = 0; i < boots.size() && i < other.at("boots").size(); ++i) {
    if (!boots[i].at("ok").get<bool>() || !other.at("boots")[i].at("ok").get<bool>()) {
      return -1;
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
               "usage: kernels_jobs IMAGE_A IMAGE_B [CLONEBENCH] [BOOTS] [RUNS] [SPEC] [JOBS]\n");
    return 2;
  }
  const std::string binary = clonebench::bench::clonebench_argument(argc, argv, 3);
  const int boots = argc > 4 ? std::stoi(argv[4]) : 2;
  const int runs = argc > 5 ? std::stoi(argv[5]) : 2;
  const std::string spec = argc > 6 ? argv[6] : "fork --rss 16M --timeout 0.3s";
  const int jobs = argc > 7 ? std::stoi(argv[7]) : 2;
  const std::string common = fmt::format(
      "{} kernels --a '{}' --b '{}' '{}' --boots {} --runs-per-boot {} --seed 1 --measure "
      "instructions --no-store --quiet --json -",
      binary, argv[1], argv[2], spec, boots, runs);
  fmt::print("load average {} before\n", clonebench::bench::load_average());
  std::vector<clonebench::bench::KernelsRun> results;
  double serial_s = 0, parallel_s = 0;
  for (const int n : {1, jobs, jobs, 1}) {
    results.push_back(clonebench::bench::run_kernels(common + fmt::format(" --jobs {}", n)));
    (n == 1 ? serial_s : parallel_s) += results.back().wall_s;
    fmt::print("--jobs {}  {:.1f} min  largest difference from the first run {:.4f} %\n", n,
               results.back().wall_s / 60,
               largest_difference(results.front().result, results.back().result));
    std::fflush(stdout);
  }
  fmt::print("load average {} after\n\n", clonebench::bench::load_average());
  fmt::print(
      "{} boots × {} runs a side of \"{}\": --jobs {} took {:.2f} of --jobs 1's wall time "
      "({:.1f} against {:.1f} min, two runs each)\n",
      boots, runs, spec, jobs, parallel_s / serial_s, parallel_s / 60, serial_s / 60);
  return 0;
}

// `kernels --preset hvo-key` (docs/kernels.md, "The HVO key"): one image with the HVO static key
// off and on, counted in instructions; prints the key's cost per fork at both parent sizes and
// per 4 KiB page of the parent with its 95 % CI, the boots and the wall time, and the host's
// load average around it (the counts must not follow it).
//   usage: kernels_hvo_key IMAGE [CLONEBENCH] [BOOTS=4] [RUNS=2] [SPEC] [JOBS=2]
#include <fmt/core.h>

#include "bench_support.hpp"

namespace {

std::string bound(const nlohmann::json& value) {
  return value.is_null() ? std::string("n/a") : fmt::format("{:.2f}", value.get<double>());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: kernels_hvo_key IMAGE [CLONEBENCH] [BOOTS] [RUNS] [SPEC] [JOBS]\n");
    return 2;
  }
  const std::string image = argv[1];
  const std::string binary = clonebench::bench::clonebench_argument(argc, argv, 2);
  const int boots = argc > 3 ? std::stoi(argv[3]) : 4;
  const int runs = argc > 4 ? std::stoi(argv[4]) : 2;
  const std::string spec = argc > 5 ? argv[5] : "fork --rss 64M --timeout 0.3s";
  const int jobs = argc > 6 ? std::stoi(argv[6]) : 2;
  using clonebench::bench::load_average;
  fmt::print("load average {} before\n", load_average());
  const auto [result, wall_s] = clonebench::bench::run_kernels(
      fmt::format("{} kernels --preset hvo-key --a '{}' '{}' --boots {} --runs-per-boot {} "
                  "--jobs {} --seed 1 --no-store --quiet --json -",
                  binary, image, spec, boots, runs, jobs));
  fmt::print("load average {} after\n\n", load_average());
  fmt::print(
      "{} boots × {} runs a side of \"{}\" and a quarter of its --rss, --jobs {}: {:.1f} "
      "min, {} failed boots\n",
      boots, runs, spec, jobs, wall_s / 60, result.at("failed_boots").get<int>());
  for (const auto& metric : result.at("comparison").at("metrics")) {
    const auto& effect = metric.at("effect");
    fmt::print("{:<40} A {:.0f}  B {:.0f} instructions  {:+.3f} % [{}, {}]  {}\n",
               metric.at("name").get<std::string>(), metric.at("a").at("median").get<double>(),
               metric.at("b").at("median").get<double>(), effect.at("estimate_pct").get<double>(),
               bound(effect.at("ci_pct").at(0)), bound(effect.at("ci_pct").at(1)),
               effect.at("verdict").get<std::string>());
  }
  const auto& cost = result.at("hvo_key").at("per_pte");
  if (cost.is_null()) {
    fmt::print("per PTE: no boot with both sizes on a side\n");
    return 1;
  }
  fmt::print(
      "per PTE  key on − off {:.2f} instructions per 4 KiB page, 95 % CI [{}, {}] (off "
      "{:.2f}, on {:.2f} per page; {} and {} boots)\n",
      cost.at("estimate").get<double>(), bound(cost.at("ci").at(0)), bound(cost.at("ci").at(1)),
      cost.at("off_per_page").get<double>(), cost.at("on_per_page").get<double>(),
      cost.at("boots_off").get<int>(), cost.at("boots_on").get<int>());
  return 0;
}

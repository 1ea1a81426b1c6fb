// `clonebench kernels` under TCG (docs/kernels.md): an A/A of one kernel image across BOOTS
// boots per side. Prints the wall time per boot (boot, the runs, power-off), the guest's fork
// rate beside the host's (three host runs of the same length, interleaved before and after: the
// emulator's cost, reported, not a target), and the between-boot spread of ops/s with the boots
// per side it implies for ±1 %.
//   usage: kernels_tcg IMAGE [CLONEBENCH] [BOOTS=6] [RUNS_PER_BOOT=2] [SECONDS=1]
#include <fmt/core.h>

#include "bench_support.hpp"

namespace {

double host_fork_rate(const std::string& binary, double seconds) {
  const auto run = nlohmann::json::parse(clonebench::bench::capture(
      fmt::format("{} run fork --timeout {}s --no-store --json -", binary, seconds)))["runs"][0];
  return run.at("ops_per_sec_real").get<double>();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: kernels_tcg IMAGE [CLONEBENCH] [BOOTS] [RUNS_PER_BOOT] [SECONDS]\n");
    return 2;
  }
  const std::string image = argv[1];
  const std::string binary = clonebench::bench::clonebench_argument(argc, argv, 2);
  const int boots = argc > 3 ? std::stoi(argv[3]) : 6;
  const int runs = argc > 4 ? std::stoi(argv[4]) : 2;
  const double seconds = argc > 5 ? std::stod(argv[5]) : 1;
  std::vector<double> host = {host_fork_rate(binary, seconds)};
  const nlohmann::json result =
      clonebench::bench::run_kernels(
          fmt::format(
              "{} kernels --a '{}' --b '{}' 'fork --timeout {}s' --boots {} --runs-per-boot {} "
              "--accel tcg --no-store --quiet --json -",
              binary, image, image, seconds, boots, runs))
          .result;
  host.push_back(host_fork_rate(binary, seconds));
  host.push_back(host_fork_rate(binary, seconds));
  std::vector<double> walls;
  for (const auto& boot : result.at("boots")) {
    walls.push_back(boot.at("wall_s").get<double>());
  }
  const auto& metric = result.at("comparison").at("metrics").at(0);
  const double guest_rate = metric.at("a").at("median").get<double>();
  const double host_rate = clonebench::bench::median(host);
  fmt::print("boots              {} ({} failed), {} runs of fork {} s each\n", walls.size(),
             result.at("failed_boots").get<int>(), runs, seconds);
  fmt::print("wall per boot      median {:.1f} s (min {:.1f}, max {:.1f})\n",
             clonebench::bench::median(walls), *std::min_element(walls.begin(), walls.end()),
             *std::max_element(walls.begin(), walls.end()));
  fmt::print(
      "fork ops/s         guest (TCG) {:.0f}, host {:.0f}: the guest at {:.1f} % of the host\n",
      guest_rate, host_rate, 100 * guest_rate / host_rate);
  const auto pct = [](const nlohmann::json& value) {
    return value.is_number() ? fmt::format("{:.1f} %", value.get<double>()) : std::string("n/a");
  };
  for (const char* side : {"a", "b"}) {
    const auto& spread = metric.at("boots").at(side);
    fmt::print("side {}             {} boots; within-boot SD {}, between-boot SD {}\n", side,
               spread.at("boots").get<int>(), pct(spread.at("within_boot_sd_pct")),
               pct(spread.at("between_boot_sd_pct")));
  }
  fmt::print("boots per side     {} for ±{} % (verdict of the A/A: {})\n",
             metric.at("boots").at("boots_needed_per_side").dump(),
             result.at("comparison").at("threshold_pct").get<double>(),
             metric.at("effect").at("verdict").get<std::string>());
  return 0;
}

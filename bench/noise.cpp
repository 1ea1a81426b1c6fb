// Run-to-run noise: coefficient of variation of ops/s (cpu and real) over N runs of T seconds,
// clonebench fork beside `stress-ng --fork 1` and the bare static fork loop (real only: it
// measures no CPU time), interleaved run by run in the same session.
//   usage: noise [CLONEBENCH] [RUNS=10] [SECONDS=3]
#include <fmt/core.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "bench_support.hpp"

namespace {

struct Rates {
  double cpu = 0, real = 0;
};

Rates clonebench_rates(const std::string& binary, int seconds) {
  const auto run = nlohmann::json::parse(clonebench::bench::capture(
      fmt::format("{} run fork --timeout {} --no-store --json -", binary, seconds)))["runs"][0];
  return {run.at("ops_per_sec_cpu").get<double>(), run.at("ops_per_sec_real").get<double>()};
}

// stress-ng 0.15 prints its metrics on stderr: "... fork  N real usr sys rate_real rate_cpu ..."
Rates stress_ng_rates(int seconds) {
  const std::string out = clonebench::bench::capture(
      fmt::format("stress-ng --fork 1 --timeout {} --metrics", seconds), true);
  const std::regex row(
      R"(metrc: \[\d+\] fork\s+\d+\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+))");
  std::smatch match;
  if (!std::regex_search(out, match, row)) {
    throw std::runtime_error("no stress-ng fork metrics row in:\n" + out);
  }
  return {std::stod(match[2].str()), std::stod(match[1].str())};
}

}  // namespace

int main(int argc, char** argv) {
  const std::string binary = clonebench::bench::clonebench_path(argc, argv);
  const int runs = argc > 2 ? std::atoi(argv[2]) : 10;
  const int seconds = argc > 3 ? std::atoi(argv[3]) : 3;
  const std::string bare_loop = clonebench::bench::sibling_path("bare_loop");
  std::vector<double> ours_cpu, ours_real, theirs_cpu, theirs_real, bare_real;
  for (int run = 0; run < runs; ++run) {
    const Rates ours = clonebench_rates(binary, seconds);
    const Rates theirs = stress_ng_rates(seconds);
    bare_real.push_back(
        std::stod(clonebench::bench::capture(fmt::format("{} fork {}", bare_loop, seconds))));
    ours_cpu.push_back(ours.cpu);
    ours_real.push_back(ours.real);
    theirs_cpu.push_back(theirs.cpu);
    theirs_real.push_back(theirs.real);
    fmt::print(
        "run {:2}: clonebench cpu {:9.1f} real {:9.1f} | stress-ng cpu {:9.1f} real {:9.1f} | "
        "bare real {:9.1f}\n",
        run + 1, ours.cpu, ours.real, theirs.cpu, theirs.real, bare_real.back());
  }
  using clonebench::bench::coefficient_of_variation;
  fmt::print(
      "CV over {} runs of {} s: clonebench cpu {:.1f} % real {:.1f} %; stress-ng cpu {:.1f} % "
      "real {:.1f} %; bare static loop real {:.1f} %\n",
      runs, seconds, 100 * coefficient_of_variation(ours_cpu),
      100 * coefficient_of_variation(ours_real), 100 * coefficient_of_variation(theirs_cpu),
      100 * coefficient_of_variation(theirs_real), 100 * coefficient_of_variation(bare_real));
  return 0;
}

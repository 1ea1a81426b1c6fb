// A/A drift over a long experiment: `ab "fork --timeout 1s" --pairs N` with identical arms, then
// every stored run read back in the order it ran. Without drift the rates show no trend over the
// experiment (|Spearman ρ| < 0.3 in each arm) and the worker's RSS is flat (± 256 KiB first to
// last); the paired resolution is what ab itself reported.
//   usage: aa_drift [CLONEBENCH] [PAIRS=120] [SECONDS=1]
#include <fmt/core.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "bench_support.hpp"
#include "stats/descriptive.hpp"

namespace {

struct Arm {
  std::vector<double> rates, rss_kb;
};

Arm read_arm(const std::string& binary, const std::string& db, const nlohmann::json& ids) {
  std::string command = fmt::format("{} export", binary);
  for (const auto& id : ids) {
    command += " " + std::to_string(id.get<std::int64_t>());
  }
  command += fmt::format(" --json - --db {}", db);
  Arm arm;
  // A named document: a range-for over a member of a temporary would outlive the temporary.
  const nlohmann::json exported = nlohmann::json::parse(clonebench::bench::capture(command));
  for (const auto& run : exported.at("runs")) {
    arm.rates.push_back(run.at("ops_per_sec_real").get<double>());
    arm.rss_kb.push_back(run.at("parent").at("rss_kb").get<double>());
  }
  return arm;
}

void report(const char* name, const Arm& arm) {
  const clonebench::Drift drift = clonebench::drift_of(arm.rates);
  fmt::print(
      "arm {}: {} runs, median {:.0f} ops/s, CV {:.1f} %, Spearman rho {:+.3f} (p {:.3f}), "
      "worker RSS first {:.0f} KiB last {:.0f} KiB\n",
      name, arm.rates.size(), clonebench::bench::median(arm.rates),
      100 * clonebench::bench::coefficient_of_variation(arm.rates), drift.rho, drift.p,
      arm.rss_kb.front(), arm.rss_kb.back());
}

}  // namespace

int main(int argc, char** argv) {
  const std::string binary = clonebench::bench::clonebench_path(argc, argv);
  const int pairs = argc > 2 ? std::atoi(argv[2]) : 120;
  const double seconds = argc > 3 ? std::atof(argv[3]) : 1.0;
  const std::string db = fmt::format("/tmp/clonebench-aa-drift-{}.db", ::getpid());
  const auto document = nlohmann::json::parse(clonebench::bench::capture(
      fmt::format("{} ab 'fork --timeout {}' --pairs {} --metric ops_per_sec_real --db {} --json -",
                  binary, seconds, pairs, db)));
  const Arm a = read_arm(binary, db, document.at("a").at("run_ids"));
  const Arm b = read_arm(binary, db, document.at("b").at("run_ids"));
  report("a", a);
  report("b", b);
  const auto& effect = document.at("metrics").at(0).at("effect");
  fmt::print("ab: {}\n", effect.dump());
  std::remove(db.c_str());
  std::remove((db + "-wal").c_str());
  std::remove((db + "-shm").c_str());
  return 0;
}

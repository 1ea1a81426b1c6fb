// Overhead of the tool: `clonebench run fork` against the smallest possible fork/_exit/wait4 loop,
// interleaved round by round (ABBA order), ratio of ops/s. Target: ≥ 0.97.
//   usage: fork_overhead [CLONEBENCH] [ROUNDS=6] [SECONDS=3]
#include <fmt/core.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "bench_support.hpp"

namespace {

double now_s() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

// The baseline runs in a fresh child so its address space is as small as clonebench's worker.
double minimal_fork_loop_ops_per_s(double seconds) {
  int fds[2];
  if (::pipe(fds) != 0) {
    throw std::runtime_error("pipe");
  }
  const pid_t runner = ::fork();
  if (runner == 0) {
    ::close(fds[0]);
    const double start = now_s();
    std::uint64_t ops = 0;
    while (now_s() - start < seconds) {
      const pid_t pid = ::fork();
      if (pid == 0) {
        ::_exit(0);
      }
      if (pid > 0 && ::wait4(pid, nullptr, 0, nullptr) == pid) {
        ++ops;
      }
    }
    const double rate = static_cast<double>(ops) / (now_s() - start);
    if (::write(fds[1], &rate, sizeof(rate)) != sizeof(rate)) {
      ::_exit(1);
    }
    ::_exit(0);
  }
  ::close(fds[1]);
  double rate = 0;
  if (::read(fds[0], &rate, sizeof(rate)) != sizeof(rate)) {
    rate = 0;
  }
  ::close(fds[0]);
  ::waitpid(runner, nullptr, 0);
  return rate;
}

double clonebench_ops_per_s(const std::string& binary, double seconds) {
  const std::string out = clonebench::bench::capture(
      fmt::format("{} run fork --timeout {} --no-store --json -", binary, seconds));
  return nlohmann::json::parse(out).at("runs").at(0).at("ops_per_sec_real").get<double>();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string binary = clonebench::bench::clonebench_path(argc, argv);
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 6;
  const double seconds = argc > 3 ? std::atof(argv[3]) : 3.0;
  std::vector<double> ratios;
  for (int round = 0; round < rounds; ++round) {
    double tool = 0;
    double minimal = 0;
    if (round % 2 == 0) {  // ABBA: drift over time cancels out
      tool = clonebench_ops_per_s(binary, seconds);
      minimal = minimal_fork_loop_ops_per_s(seconds);
    } else {
      minimal = minimal_fork_loop_ops_per_s(seconds);
      tool = clonebench_ops_per_s(binary, seconds);
    }
    ratios.push_back(tool / minimal);
    fmt::print("round {}: clonebench {:.1f} ops/s, minimal loop {:.1f} ops/s, ratio {:.3f}\n",
               round + 1, tool, minimal, tool / minimal);
  }
  fmt::print("median ratio clonebench/minimal over {} rounds: {:.3f} (target >= 0.97)\n", rounds,
             clonebench::bench::median(ratios));
  return 0;
}

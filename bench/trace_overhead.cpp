// trace_overhead [CLONEBENCH] [ROUNDS] [SECONDS]: what `clonebench trace` costs the workload it
// traces. A fork/_exit/wait loop (bare_loop fork-syscall SECONDS) runs untraced and under
// `clonebench trace`, interleaved ABBA, ROUNDS (≥ 8) rounds. Per run: CPU time per fork (the
// loop's and its children's rusage; traced: the census's own rusage of the tree) and forks per
// second; per round the traced/untraced ratio. Prints each round, the median ratios and the
// census's dropped events (target: CPU per fork +10 % at most, zero drops).
#include <fmt/core.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench_support.hpp"

namespace {

using clonebench::bench::median;

struct LoopRun {
  double cpu_us_per_fork = 0;
  double forks_per_s = 0;
  double dropped = 0;
};

// Runs argv with stdout into a pipe; returns the printed text and the rusage of the child and
// everything it reaped.
std::string run_child(const std::vector<std::string>& argv, struct rusage& usage) {
  int ends[2];
  if (::pipe(ends) != 0) {
    throw std::runtime_error("pipe");
  }
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(ends[1], 1);
    ::close(ends[0]);
    ::close(ends[1]);
    std::vector<char*> args;
    for (const std::string& arg : argv) {
      args.push_back(const_cast<char*>(arg.c_str()));
    }
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  ::close(ends[1]);
  std::string out;
  char buffer[4096];
  for (ssize_t n = 0; (n = ::read(ends[0], buffer, sizeof(buffer))) > 0;) {
    out.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(ends[0]);
  int status = 0;
  ::wait4(pid, &status, 0, &usage);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("failed: " + argv[0]);
  }
  return out;
}

double seconds_of(const timeval& time) {
  return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) / 1e6;
}

LoopRun untraced(const std::string& loop, const std::string& seconds) {
  struct rusage usage {};
  const double rate = std::stod(run_child({loop, "fork-syscall", seconds}, usage));
  const double forks = rate * std::stod(seconds);
  return {(seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime)) * 1e6 / forks, rate, 0};
}

LoopRun traced(const std::string& tool, const std::string& loop, const std::string& seconds,
               const std::string& json_path) {
  struct rusage usage {};
  const double rate = std::stod(run_child({tool, "trace", "--no-store", "-o", "/dev/null", "--json",
                                           json_path, "--", loop, "fork-syscall", seconds},
                                          usage));
  std::ifstream file(json_path);
  const nlohmann::json run = nlohmann::json::parse(file)["runs"][0];
  double forks = 0;
  for (const nlohmann::json& creation : run["creations"]) {
    forks += creation["kind"] == "fork" ? 1 : 0;
  }
  const double cpu_s = (run["user_ns"].get<double>() + run["sys_ns"].get<double>()) / 1e9;
  return {cpu_s * 1e6 / forks, rate,
          run["dropped_events"].get<double>() + run["dropped_calls"].get<double>()};
}

}  // namespace

int main(int argc, char** argv) {
  const std::string tool = clonebench::bench::clonebench_path(argc, argv);
  const int rounds = argc > 2 ? std::stoi(argv[2]) : 8;
  const std::string seconds = argc > 3 ? argv[3] : "2";
  const std::string loop = clonebench::bench::sibling_path("bare_loop");
  const std::string json_path = fmt::format("/tmp/trace_overhead-{}.json", ::getpid());
  std::vector<double> cpu_ratios, rate_ratios;
  double dropped = 0;
  fmt::print("round  untraced µs/fork  traced µs/fork  ratio   untraced forks/s  traced forks/s\n");
  for (int round = 0; round < rounds; ++round) {
    LoopRun plain, census;
    if (round % 2 == 0) {  // ABBA: alternate which goes first
      plain = untraced(loop, seconds);
      census = traced(tool, loop, seconds, json_path);
    } else {
      census = traced(tool, loop, seconds, json_path);
      plain = untraced(loop, seconds);
    }
    cpu_ratios.push_back(census.cpu_us_per_fork / plain.cpu_us_per_fork);
    rate_ratios.push_back(plain.forks_per_s / census.forks_per_s);
    dropped += census.dropped;
    fmt::print("{:>5}  {:>16.1f}  {:>14.1f}  {:>5.3f}   {:>16.0f}  {:>14.0f}\n", round + 1,
               plain.cpu_us_per_fork, census.cpu_us_per_fork, cpu_ratios.back(), plain.forks_per_s,
               census.forks_per_s);
  }
  std::remove(json_path.c_str());
  fmt::print(
      "\nmedian over {} rounds: CPU per fork traced/untraced {:.3f} ({:+.1f} %), wall per fork "
      "{:.3f} ({:+.1f} %); dropped events {}\n",
      rounds, median(cpu_ratios), (median(cpu_ratios) - 1) * 100, median(rate_ratios),
      (median(rate_ratios) - 1) * 100, dropped);
  return 0;
}

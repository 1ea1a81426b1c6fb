// Issue 36's check: does a run deliver its steady rate from its first 100 ms? COMMANDS fresh
// `clonebench run STRESSOR --timeout SECONDS --runs 2` commands, each after IDLE_S seconds of
// idle (as a user types one `run` per kernel), interleaved with a bare static loop
// (`bare_loop fork-syscall`, or STRESSOR's own) started the same way. For run 1 of each command,
// run 2 (started right after it: warm by construction, the control that load cannot fake) and
// the bare loop: the first interval over the mean of the later whole ones, its z-score in their
// noise, and whether `run`'s start-up ramp rule (stats/start_up_ramp.hpp) finds a ramp; the load
// average before each command. "Within the noise": z ≥ −3 and no ramp found.
//   usage: start_up [CLONEBENCH] [COMMANDS=5] [SECONDS=1] [IDLE_S=2] [STRESSOR=fork]
#include <fmt/core.h>
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bench_support.hpp"
#include "stats/start_up_ramp.hpp"

namespace {

struct FirstInterval {
  double ratio = 0;  // first interval / mean of the later whole ones
  double z = 0;      // (first − mean) / sd of the later whole ones
  bool ramp = false;
  bool within_noise() const { return z >= -3 && !ramp; }
};

FirstInterval judge(const std::vector<double>& whole_intervals) {
  FirstInterval first;
  if (whole_intervals.size() < 3) {
    return first;
  }
  const std::vector<double> rest(whole_intervals.begin() + 1, whole_intervals.end());
  const double rest_mean = clonebench::bench::mean(rest);
  const double rest_sd = clonebench::bench::coefficient_of_variation(rest) * rest_mean;
  first.ratio = whole_intervals.front() / rest_mean;
  first.z = rest_sd > 0 ? (whole_intervals.front() - rest_mean) / rest_sd : 0.0;
  first.ramp = clonebench::find_start_up_ramp(whole_intervals).found;
  return first;
}

std::string load_average() {
  std::ifstream file("/proc/loadavg");
  std::string one, five, fifteen;
  file >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

std::string cell(const FirstInterval& first) {
  return fmt::format("{:5.2f} {:+6.1f} {:<4}", first.ratio, first.z, first.ramp ? "ramp" : "-");
}

void idle(double seconds) {
  ::usleep(static_cast<useconds_t>(seconds * 1e6));
}

}  // namespace

int main(int argc, char** argv) {
  const std::string binary = clonebench::bench::clonebench_path(argc, argv);
  const int commands = argc > 2 ? std::atoi(argv[2]) : 5;
  const double seconds = argc > 3 ? std::atof(argv[3]) : 1.0;
  const double idle_s = argc > 4 ? std::atof(argv[4]) : 2.0;
  const std::string stressor = argc > 5 ? argv[5] : "fork";
  const std::string bare_kind = stressor == "fork" ? "fork-syscall" : stressor;
  const std::string bare_loop = clonebench::bench::sibling_path("bare_loop");
  fmt::print("{:<4} {:<16}  {:<17}  {:<17}  {:<17}\n", "cmd", "load before", "run 1 (r z ramp)",
             "run 2 (r z ramp)", "bare (r z ramp)");
  int within[3] = {0, 0, 0};
  for (int command = 0; command < commands; ++command) {
    const std::string load = load_average();
    FirstInterval bare, first_run, second_run;
    // Alternate which goes first, so neither always follows the other's activity.
    for (int turn = 0; turn < 2; ++turn) {
      idle(idle_s);
      if ((turn == 0) == (command % 2 == 0)) {
        const auto runs = nlohmann::json::parse(clonebench::bench::capture(
            fmt::format("{} run {} --timeout {} --runs 2 --no-store --json -", binary, stressor,
                        seconds)))["runs"];
        first_run = judge(clonebench::bench::run_intervals(runs.at(0)));
        second_run = judge(clonebench::bench::run_intervals(runs.at(1)));
      } else {
        bare = judge(clonebench::bench::bare_intervals(clonebench::bench::capture(
            fmt::format("{} {} {} intervals", bare_loop, bare_kind, seconds))));
      }
    }
    within[0] += first_run.within_noise() ? 1 : 0;
    within[1] += second_run.within_noise() ? 1 : 0;
    within[2] += bare.within_noise() ? 1 : 0;
    fmt::print("{:<4} {:<16}  {}  {}  {}\n", command + 1, load, cell(first_run), cell(second_run),
               cell(bare));
  }
  fmt::print(
      "first interval within the noise: run 1 in {} of {}, run 2 in {} of {}, bare in {} of {}\n",
      within[0], commands, within[1], commands, within[2], commands);
  return 0;
}

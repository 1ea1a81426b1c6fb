// Issue 36's cause: is a slow start a property of a command's start, of the idle before it, or
// of the machine at any moment? PAIRS pairs of `clonebench run STRESSOR --timeout SECONDS
// --warm-up 0 --runs 1` commands, one after SHORT_IDLE_S and one after LONG_IDLE_S of idle (the
// order alternating), each followed by `bare_loop` after the short idle. For each command the
// first 0.3 s over the rest (whole 100 ms intervals); the median of that ratio after each idle;
// and a histogram of every whole interval of the commands and of the bare loops, where two modes
// mean the machine switches between two fork rates (docs/measurement.md, "What it is").
//   usage: rate_levels [CLONEBENCH] [PAIRS=8] [SECONDS=1] [SHORT_IDLE_S=0.2] [LONG_IDLE_S=4]
//          [STRESSOR=fork]
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bench_support.hpp"

namespace {

constexpr int kFirstIntervals = 3;  // 0.3 s: issue 36's slow starts lasted 300–400 ms
constexpr int kBinWidth = 10;       // ops per 100 ms

double first_over_rest(const std::vector<double>& ops) {
  if (ops.size() < kFirstIntervals + 3) {
    return 0;
  }
  const std::vector<double> first(ops.begin(), ops.begin() + kFirstIntervals);
  const std::vector<double> rest(ops.begin() + kFirstIntervals, ops.end());
  return clonebench::bench::mean(first) / clonebench::bench::mean(rest);
}

void print_histogram(const char* title, const std::vector<double>& ops) {
  std::map<int, int> bins;
  for (const double value : ops) {
    ++bins[static_cast<int>(value) / kBinWidth * kBinWidth];
  }
  const int most =
      bins.empty() ? 1 : std::max_element(bins.begin(), bins.end(), [](auto a, auto b) {
                           return a.second < b.second;
                         })->second;
  fmt::print("{} ({} whole 100 ms intervals; ops per interval, # = {:.1f} intervals)\n", title,
             ops.size(), most / 60.0);
  for (const auto& [low, count] : bins) {
    fmt::print("  {:>5}–{:<5} {:>4} {}\n", low, low + kBinWidth - 1, count,
               std::string(static_cast<std::size_t>(count * 60 / most), '#'));
  }
}

void idle(double seconds) {
  ::usleep(static_cast<useconds_t>(seconds * 1e6));
}

}  // namespace

int main(int argc, char** argv) {
  const std::string binary = clonebench::bench::clonebench_path(argc, argv);
  const int pairs = argc > 2 ? std::atoi(argv[2]) : 8;
  const double seconds = argc > 3 ? std::atof(argv[3]) : 1.0;
  const double idles_s[2] = {argc > 4 ? std::atof(argv[4]) : 0.2,
                             argc > 5 ? std::atof(argv[5]) : 4.0};
  const std::string stressor = argc > 6 ? argv[6] : "fork";
  const std::string bare_kind = stressor == "fork" ? "fork-syscall" : stressor;
  const std::string bare_loop = clonebench::bench::sibling_path("bare_loop");
  std::vector<double> ratios[2], command_ops, bare_ops;
  fmt::print("{:<5} {:>6}  {:>16}  {}\n", "pair", "idle s", "first 0.3 s/rest", "load before");
  for (int pair = 0; pair < pairs; ++pair) {
    for (int turn = 0; turn < 2; ++turn) {
      // Alternate which idle goes first, so neither always follows the other's command.
      const int which = (turn + pair) % 2;
      const std::string load = clonebench::bench::load_average();
      idle(idles_s[which]);
      const std::vector<double> ops = clonebench::bench::run_intervals(
          nlohmann::json::parse(clonebench::bench::capture(fmt::format(
              "{} run {} --timeout {} --warm-up 0 --runs 1 --no-store --json - 2>/dev/null", binary,
              stressor, seconds)))["runs"]
              .at(0));
      command_ops.insert(command_ops.end(), ops.begin(), ops.end());
      ratios[which].push_back(first_over_rest(ops));
      fmt::print("{:<5} {:>6.1f}  {:>16.2f}  {}\n", pair + 1, idles_s[which], ratios[which].back(),
                 load);
      idle(idles_s[0]);
      const std::vector<double> bare = clonebench::bench::bare_intervals(clonebench::bench::capture(
          fmt::format("{} {} {} intervals", bare_loop, bare_kind, seconds)));
      bare_ops.insert(bare_ops.end(), bare.begin(), bare.end());
    }
  }
  fmt::print(
      "first 0.3 s over the rest, median: after {:.1f} s idle {:.2f}, after {:.1f} s {:.2f}\n",
      idles_s[0], clonebench::bench::median(ratios[0]), idles_s[1],
      clonebench::bench::median(ratios[1]));
  print_histogram("clonebench run", command_ops);
  print_histogram("bare_loop", bare_ops);
  return 0;
}

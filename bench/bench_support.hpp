#pragma once
// Shared by the hand-run benchmarks: run a command, capture its output, summarize a series.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace clonebench::bench {

// Runs `command` through /bin/sh and returns what it printed on stdout (stderr too when
// `with_stderr`). Throws when the command fails.
inline std::string capture(const std::string& command, bool with_stderr = false) {
  const std::string full = with_stderr ? command + " 2>&1" : command;
  FILE* pipe = ::popen(full.c_str(), "r");
  if (pipe == nullptr) {
    throw std::runtime_error("cannot run: " + command);
  }
  std::string out;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) {
    out.append(buffer.data(), n);
  }
  const int status = ::pclose(pipe);
  if (status != 0) {
    throw std::runtime_error("failed (" + std::to_string(status) + "): " + command);
  }
  return out;
}

// `name` in the directory of this benchmark's executable.
inline std::string sibling_path(const std::string& name) {
  std::array<char, 4096> self{};
  const ssize_t length = ::readlink("/proc/self/exe", self.data(), self.size() - 1);
  std::string dir(self.data(), length > 0 ? static_cast<std::size_t>(length) : 0);
  return dir.substr(0, dir.rfind('/')) + "/" + name;
}

// The clonebench binary: argv[1], or the one built next to this benchmark.
inline std::string clonebench_path(int argc, char** argv) {
  return argc > 1 ? std::string(argv[1]) : sibling_path("../src/clonebench");
}

// The binary a kernels benchmark runs: argv[index], or the clonebench built beside it.
inline std::string clonebench_argument(int argc, char** argv, int index) {
  return argc > index ? std::string(argv[index]) : sibling_path("../src/clonebench");
}

// The host's load averages over 1, 5 and 15 minutes ("2.10 1.37 1.68"), printed around a
// benchmark of guests: wall times follow them, instruction counts must not.
inline std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

// One `clonebench kernels … --json -` run: the JSON it printed and its wall time.
struct KernelsRun {
  nlohmann::json result;
  double wall_s = 0;
};

// Runs `command` (a kernels command printing its JSON on stdout). Exit 1, a side without a
// successful boot, still prints the JSON (its comparison is null), so it is not a failure here.
inline KernelsRun run_kernels(const std::string& command) {
  const auto started = std::chrono::steady_clock::now();
  KernelsRun run;
  run.result = nlohmann::json::parse(capture(command + " || test $? -eq 1"));
  run.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return run;
}

// "a,b,c" (a list on the command line) as {"a", "b", "c"}.
inline std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream stream(text);
  for (std::string item; std::getline(stream, item, ',');) {
    items.push_back(item);
  }
  return items;
}

inline double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n == 0 ? 0.0 : (n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2);
}

inline double mean(const std::vector<double>& values) {
  double sum = 0;
  for (double v : values) {
    sum += v;
  }
  return values.empty() ? 0.0 : sum / static_cast<double>(values.size());
}

// Sample standard deviation / mean.
inline double coefficient_of_variation(const std::vector<double>& values) {
  if (values.size() < 2) {
    return 0.0;
  }
  const double m = mean(values);
  double squares = 0;
  for (double v : values) {
    squares += (v - m) * (v - m);
  }
  return std::sqrt(squares / static_cast<double>(values.size() - 1)) / m;
}

// The whole intervals of a run of the JSON document (a partial last one left out).
inline std::vector<double> run_intervals(const nlohmann::json& run) {
  const nlohmann::json& series = run.at("intervals");
  std::vector<double> ops = series.at("ops").get<std::vector<double>>();
  if (!ops.empty() &&
      series.at("last_interval_s").get<double>() < 0.999 * series.at("interval_s").get<double>()) {
    ops.pop_back();
  }
  return ops;
}

// bare_loop's second line with "intervals": ops per 100 ms, the last one partial.
inline std::vector<double> bare_intervals(const std::string& output) {
  std::istringstream lines(output);
  std::string rate_line, interval_line;
  std::getline(lines, rate_line);
  std::getline(lines, interval_line);
  std::istringstream numbers(interval_line);
  std::vector<double> ops;
  for (double value = 0; numbers >> value;) {
    ops.push_back(value);
  }
  if (!ops.empty()) {
    ops.pop_back();
  }
  return ops;
}

}  // namespace clonebench::bench

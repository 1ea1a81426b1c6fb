#include "experiment/progress_line.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace clonebench {

std::string clock_duration(double seconds) {
  const auto total = static_cast<long long>(std::llround(std::max(0.0, seconds)));
  const long long hours = total / 3600, minutes = total / 60 % 60, rest = total % 60;
  return hours > 0 ? fmt::format("{}:{:02}:{:02}", hours, minutes, rest)
                   : fmt::format("{}:{:02}", minutes, rest);
}

std::string progress_counts(std::size_t index, std::size_t planned, double elapsed_s,
                            double setup_s) {
  std::string text = fmt::format("{}/{}, {} spent", index, planned, clock_duration(elapsed_s));
  if (index > 1 && planned >= index) {
    const double per_run_s = std::max(0.0, elapsed_s - setup_s) / static_cast<double>(index - 1);
    text += fmt::format(", about {} left",
                        clock_duration(per_run_s * static_cast<double>(planned - index + 1)));
  }
  return text;
}

bool progress_wanted(bool quiet) {
  return !quiet && ::isatty(STDERR_FILENO) == 1;
}

}  // namespace clonebench

#include "experiment/progress_line.hpp"

#include <fmt/core.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

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

std::string fit_to_columns(const std::string& text, std::size_t columns) {
  if (columns == 0) {
    return text;
  }
  std::size_t characters = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0U) == 0x80U) {
      continue;  // a continuation byte
    }
    if (++characters == columns) {
      return i + 1 < text.size() ? text.substr(0, i) + "…" : text;
    }
  }
  return text;
}

namespace {

// 0 when the terminal does not say (then nothing is cut).
std::size_t terminal_columns() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 1) {
    return size.ws_col - 1U;  // the last column would wrap on some terminals
  }
  return 0;
}

}  // namespace

ProgressLine::~ProgressLine() {
  end();
}

void ProgressLine::show(const std::string& text) {
  fmt::print(stderr, "\r\033[K{}", fit_to_columns(text, terminal_columns()));
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressLine::end() {
  if (drawn_) {
    fmt::print(stderr, "\n");
    std::fflush(stderr);
    drawn_ = false;
  }
}

}  // namespace clonebench

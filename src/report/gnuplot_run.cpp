#include "report/gnuplot_run.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "process/tethered_process.hpp"
#include "sys/unnamed_file.hpp"

namespace clonebench {
namespace {

void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t wrote =
        ::pwrite(fd, text.data() + done, text.size() - done, static_cast<off_t>(done));
    if (wrote < 0 && errno == EINTR) {
      continue;
    }
    if (wrote <= 0) {
      throw RuntimeError("report: cannot write the plot script to a scratch file");
    }
    done += static_cast<std::size_t>(wrote);
  }
}

constexpr std::size_t kErrorsReadBytes = 64 * 1024;

// The line of gnuplot's stderr that says what failed: the last one with text ("line 22: x range
// is invalid"), not the first, which is often a warning that did not stop it ("Warning: empty y
// range [0:0], adjusting to [0:1]").
std::string gnuplot_error(const std::string& errors) {
  std::size_t end = errors.find_last_not_of(" \n\r\t");
  if (end == std::string::npos) {
    return "it wrote nothing on stderr";
  }
  const std::size_t start = errors.find_last_of('\n', end);
  const std::string line = errors.substr(start == std::string::npos ? 0 : start + 1,
                                         end + 1 - (start == std::string::npos ? 0 : start + 1));
  return line.substr(std::min(line.find_first_not_of(" \t"), line.size()));
}

// gnuplot's SVGs, each from "<svg" to "</svg>" (the XML declaration before it is dropped: the
// element is inlined in HTML).
std::vector<std::string> svg_elements(const std::string& output) {
  std::vector<std::string> svgs;
  std::size_t pos = 0;
  while ((pos = output.find("<svg", pos)) != std::string::npos) {
    const std::size_t end = output.find("</svg>", pos);
    if (end == std::string::npos) {
      break;
    }
    svgs.push_back(output.substr(pos, end + 6 - pos));
    pos = end + 6;
  }
  return svgs;
}

}  // namespace

std::string find_gnuplot() {
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "/usr/bin:/bin";
  while (true) {
    const std::size_t colon = dirs.find(':');
    const std::string dir(dirs.substr(0, colon));
    const std::string candidate = (dir.empty() ? "." : dir) + "/gnuplot";
    if (::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
    if (colon == std::string_view::npos) {
      return {};
    }
    dirs.remove_prefix(colon + 1);
  }
}

std::vector<std::string> draw_plots(const PlotScript& plot, double bound_s) {
  if (plot.titles.empty()) {
    return {};
  }
  const std::string gnuplot = find_gnuplot();
  if (gnuplot.empty()) {
    throw RuntimeError(
        "report --format html draws its plots with gnuplot, which is not on PATH: install "
        "Debian's gnuplot-nox (apt-get install gnuplot-nox); markdown and sru need nothing");
  }
  UnnamedFile script("the plot script"), output("gnuplot's SVG output"), errors("gnuplot's errors");
  write_all(script.fd(), plot.script);
  TetheredProcess process({{gnuplot}, {{script.fd(), 0}}, output.fd(), errors.fd()});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(bound_s);
  while (!process.ended()) {
    if (std::chrono::steady_clock::now() > deadline) {
      process.kill_and_reap();
      throw RuntimeError(fmt::format("report: gnuplot did not finish in {:g} s", bound_s));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (process.exit().exit_code != 0) {
    throw RuntimeError(fmt::format("report: gnuplot failed (exit {}, signal {}): {}",
                                   process.exit().exit_code, process.exit().signal,
                                   printable(gnuplot_error(errors.read_prefix(kErrorsReadBytes)))));
  }
  std::vector<std::string> svgs = svg_elements(output.read_prefix(output.size_bytes()));
  if (svgs.size() != plot.titles.size()) {
    throw RuntimeError(
        fmt::format("report: gnuplot drew {} plots of {}", svgs.size(), plot.titles.size()));
  }
  return svgs;
}

}  // namespace clonebench

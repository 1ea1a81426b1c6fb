// Max RSS of the forking process without --rss, for every stressor (target ≤ 4 MiB), beside
// stress-ng's clone stressor when stress-ng is installed.
//   usage: max_rss [CLONEBENCH]
#include <fmt/core.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "bench_support.hpp"

int main(int argc, char** argv) {
  const std::string binary = clonebench::bench::clonebench_path(argc, argv);
  for (const char* stressor : {"fork", "vfork", "clone", "clone3", "thread", "spawn", "exec"}) {
    const std::string out = clonebench::bench::capture(
        fmt::format("{} run {} --rss 0 --timeout 1 --no-store --json -", binary, stressor));
    const auto rss_kb = nlohmann::json::parse(out).at("runs").at(0).at("max_rss_kb").get<double>();
    fmt::print("clonebench {:<7} max RSS {:>8.0f} KiB = {:.2f} MiB {}\n", stressor, rss_kb,
               rss_kb / 1024, rss_kb <= 4096 ? "(<= 4 MiB)" : "(ABOVE 4 MiB)");
  }
  try {
    const std::string out = clonebench::bench::capture(
        "stress-ng --clone 1 --timeout 3 --metrics-brief --yaml /dev/stdout", true);
    const std::regex max_rss(R"(max-rss: (\d+))");
    std::smatch match;
    if (std::regex_search(out, match, max_rss)) {
      fmt::print("stress-ng clone    max RSS {:>8} KiB\n", match[1].str());
    }
  } catch (const std::exception& error) {
    fmt::print("stress-ng not measured: {}\n", error.what());
  }
  return 0;
}

// The forking process of every stressor without --rss: its mappings and resident memory at the
// start of the loop (targets: ≤ 16 VMAs, ≤ 1 MiB) and its peak RSS, beside stress-ng's clone
// stressor when stress-ng is installed.
//   usage: max_rss [CLONEBENCH]
#include <fmt/core.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "bench_support.hpp"

int main(int argc, char** argv) {
  const std::string binary = clonebench::bench::clonebench_path(argc, argv);
  fmt::print("{:<8} {:>6} {:>12} {:>12} {:>12}\n", "stressor", "VMAs", "RSS KiB", "anon KiB",
             "peak KiB");
  for (const char* stressor : {"fork", "vfork", "clone", "clone3", "thread", "spawn", "exec"}) {
    const std::string out = clonebench::bench::capture(
        fmt::format("{} run {} --rss 0 --timeout 1 --no-store --json -", binary, stressor));
    const auto run = nlohmann::json::parse(out).at("runs").at(0);
    const auto& parent = run.at("parent");
    const auto vmas = parent.at("vma_count").get<std::uint64_t>();
    const auto rss_kb = parent.at("rss_kb").get<std::uint64_t>();
    fmt::print("{:<8} {:>6} {:>12} {:>12} {:>12} {}\n", stressor, vmas, rss_kb,
               parent.at("anonymous_kb").get<std::uint64_t>(),
               run.at("max_rss_kb").get<std::uint64_t>(),
               vmas <= 16 && rss_kb <= 1024 ? "" : "(ABOVE TARGET)");
  }
  try {
    const std::string out = clonebench::bench::capture(
        "stress-ng --clone 1 --timeout 3 --metrics-brief --yaml /dev/stdout", true);
    const std::regex max_rss(R"(max-rss: (\d+))");
    std::smatch match;
    if (std::regex_search(out, match, max_rss)) {
      fmt::print("stress-ng clone peak RSS {} KiB\n", match[1].str());
    }
  } catch (const std::exception& error) {
    fmt::print("stress-ng not measured: {}\n", error.what());
  }
  return 0;
}

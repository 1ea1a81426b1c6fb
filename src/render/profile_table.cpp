#include "render/profile_table.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "kernel/fork_path.hpp"

namespace clonebench {
namespace {

std::string percent(double share) {
  return fmt::format("{:5.1f} %", 100.0 * share);
}

ProfileCount path_count(const KernelProfile& profile, std::string_view name) {
  for (const ProfileCount& path : profile.paths) {
    if (path.name == name) {
      return path;
    }
  }
  return {std::string(name), 0, 0};
}

std::string path_note(const PathGroup& group, const KernelProfile& profile,
                      const std::string& compound_head) {
  if (group.name == "_compound_head" && path_count(profile, group.name).samples == 0 &&
      compound_head == "inline") {
    return "inlined in this kernel: its work is charged to its callers";
  }
  return std::string(group.description);
}

// The first `count` symbols by `field`, most first, without those that have none.
std::vector<ProfileCount> most_sampled(const KernelProfile& profile,
                                       std::uint64_t ProfileCount::*field, std::size_t count) {
  std::vector<ProfileCount> symbols = profile.top_kernel_symbols;
  std::stable_sort(
      symbols.begin(), symbols.end(),
      [field](const ProfileCount& a, const ProfileCount& b) { return a.*field > b.*field; });
  std::erase_if(symbols, [field](const ProfileCount& c) { return c.*field == 0; });
  symbols.resize(std::min(count, symbols.size()));
  return symbols;
}

}  // namespace

std::string render_profile(const std::string& title, const KernelProfile& profile,
                           const std::string& compound_head) {
  std::string out =
      fmt::format("kernel profile of {}: {} at {} Hz on every CPU, {:.2f} s window, {} samples\n",
                  title, profile.event, profile.frequency_hz, profile.window_s, profile.samples);
  if (profile.samples == 0) {
    return out + "  no samples\n";
  }
  const std::uint64_t other =
      profile.samples - std::min(profile.samples, profile.idle_samples + profile.own_samples);
  out += fmt::format("  samples: clonebench {}, other processes {}, idle {}; in kernel code {}\n",
                     percent(profile.share(profile.own_samples)), percent(profile.share(other)),
                     percent(profile.share(profile.idle_samples)),
                     percent(profile.share(profile.kernel_samples)));
  out += "  fork/exit page-table path (samples whose call chain passes through it):\n";
  out += fmt::format("    {:<16} {:>7}  {:>10}\n", "", "machine", "clonebench");
  for (const PathGroup& group : fork_path_groups()) {
    const ProfileCount count = path_count(profile, group.name);
    out += fmt::format("    {:<16} {:>7}  {:>10}  {}\n", group.name,
                       percent(profile.share(count.samples)),
                       group.idle ? "" : percent(profile.own_share(count.own_samples)),
                       path_note(group, profile, compound_head));
  }
  out += "  kernel functions sampled most in clonebench's processes (share of their samples):\n";
  for (const ProfileCount& symbol :
       most_sampled(profile, &ProfileCount::own_samples, kShownTopSymbols)) {
    out += fmt::format("    {}  {}\n", percent(profile.own_share(symbol.own_samples)), symbol.name);
  }
  out += "  kernel functions sampled most on the whole machine (share of all samples):\n";
  for (const ProfileCount& symbol :
       most_sampled(profile, &ProfileCount::samples, kShownTopSymbols / 2)) {
    out += fmt::format("    {}  {}\n", percent(profile.share(symbol.samples)), symbol.name);
  }
  return out;
}

std::string render_profile_rows(const std::vector<std::pair<std::string, KernelProfile>>& rows) {
  std::size_t width = 5;
  for (const auto& [label, profile] : rows) {
    width = std::max(width, label.size());
  }
  std::string out =
      fmt::format("{:<{}} {:>8} {:>10} {:>7}", "", width, "samples", "clonebench", "idle");
  for (const PathGroup& group : fork_path_groups()) {
    if (!group.idle) {
      out += fmt::format(" {:>{}}", group.name, std::max<std::size_t>(7, group.name.size()));
    }
  }
  out += "\n";
  for (const auto& [label, profile] : rows) {
    out += fmt::format("{:<{}} {:>8} {:>10} {:>7}", label, width, profile.samples,
                       percent(profile.share(profile.own_samples)),
                       percent(profile.share(profile.idle_samples)));
    for (const PathGroup& group : fork_path_groups()) {
      if (!group.idle) {
        out += fmt::format(" {:>{}}",
                           percent(profile.own_share(path_count(profile, group.name).own_samples)),
                           std::max<std::size_t>(7, group.name.size()));
      }
    }
    out += "\n";
  }
  out += "(path columns: share of clonebench's samples)\n";
  return out;
}

}  // namespace clonebench

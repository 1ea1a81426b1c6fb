#include "sweep/sweep_presets.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "core/size_text.hpp"
#include "sweep/cost_model_json.hpp"

namespace clonebench {
namespace {

// Median fork (create) cost in µs per point of the largest size, keyed by folio size or VMAs.
std::map<std::uint64_t, double> largest_size_costs(const nlohmann::json& summary, const char* key) {
  std::uint64_t largest = 0;
  for (const auto& point : summary.at("points")) {
    largest = std::max(largest, point.at("rss_bytes").get<std::uint64_t>());
  }
  std::map<std::uint64_t, double> costs;
  for (const auto& point : summary.at("points")) {
    if (point.at("rss_bytes").get<std::uint64_t>() != largest) {
      continue;
    }
    const std::uint64_t value = std::string_view(key) == "folio"
                                    ? point.at("folio").at("requested_bytes").get<std::uint64_t>()
                                    : point.at("vmas").get<std::uint64_t>();
    if (std::string_view(key) == "vmas" && costs.count(value) != 0) {
      continue;  // one folio size per VMA count in this preset
    }
    costs[value] = point.at("create_us").get<double>();
  }
  return costs;
}

std::string coefficient_line(const nlohmann::json& summary, const std::string& term) {
  if (!summary.contains("model")) {
    return "";
  }
  const CostModel model = cost_model_from_json(summary.at("model"), "sweep summary");
  for (const PhaseCostModel& phase : model.phases) {
    for (const CostCoefficient& c : phase.coefficients) {
      if (c.term == term && phase.phase == "create") {
        return fmt::format("  ours, {} of fork (create): {:.2f} ns [{:.2f}, {:.2f}]\n", term,
                           c.estimate, c.lo, c.hi);
      }
    }
  }
  return "";
}

std::string ours_table(const nlohmann::json& summary, const char* key) {
  const std::map<std::uint64_t, double> costs = largest_size_costs(summary, key);
  if (costs.empty()) {
    return "";
  }
  std::uint64_t largest = 0;
  for (const auto& point : summary.at("points")) {
    largest = std::max(largest, point.at("rss_bytes").get<std::uint64_t>());
  }
  const double first = costs.begin()->second;
  std::string out = fmt::format(
      "  ours, fork (create) of the {} parent, median µs (relative to {}):\n", format_size(largest),
      std::string_view(key) == "folio" ? "4K" : "the fewest VMAs");
  for (const auto& [value, cost] : costs) {
    const std::string label =
        std::string_view(key) == "folio" ? format_size(value) : fmt::format("{} VMAs", value);
    out += fmt::format("    {:>12} {:>12.1f} {:>+8.1f} %\n", label, cost,
                       first > 0 ? (cost / first - 1) * 100 : 0.0);
  }
  return out;
}

}  // namespace

const std::vector<SweepPreset>& sweep_presets() {
  static const std::vector<SweepPreset> presets = {
      {"folio-fork",
       "fork of a parent whose anonymous memory is in folios of one size, per size (David "
       "Hildenbrand, \"mm/memory: optimize fork() with PTE-mapped THP\", Linux 6.9)",
       "published (Xeon Silver 4210R, 1 GiB parent, fork time after vs before the series): "
       "4K -2 %, 16K -16 %, 64K -26 %, 512K and more about -30 % (14.0 -> 9.8 ms); the shape: "
       "the larger the folio, the cheaper a fork per byte",
       {"0,256M,1G", "0,128M,512M", "0,64M,256M"},
       "1",
       "4K,16K,64K,512K,2M",
       "3",
       "0.5s"},
      {"vma-fork",
       "fork of a fixed-size parent split into more and more VMAs (Peng Zhang, __mt_dup() in "
       "dup_mmap, Linux 6.8)",
       "published (a unixbench spawn changed to add VMAs, pinned to one CPU): the maple-tree "
       "duplication raised spawns per second by 2.2 % at 21 VMAs and by 52 % at 51,221 VMAs; "
       "the shape: fork cost grows with the VMA count, not only with pages",
       {"32M,64M"},
       "1,16,256,4096,8192",
       "",
       "3",
       "0.3s"},
  };
  return presets;
}

const SweepPreset* find_sweep_preset(std::string_view name) {
  for (const SweepPreset& preset : sweep_presets()) {
    if (preset.name == name) {
      return &preset;
    }
  }
  return nullptr;
}

std::string render_preset_list() {
  std::string out;
  for (const SweepPreset& preset : sweep_presets()) {
    out += fmt::format(
        "{}\n  reproduces: {}\n  sets: --rss {}{}{} --rounds {} --timeout-per-point {}\n",
        preset.name, preset.reproduces, preset.rss_choices.front(),
        preset.vmas == "1" ? "" : " --vmas " + preset.vmas,
        preset.folio.empty() ? "" : " --folio " + preset.folio, preset.rounds,
        preset.timeout_per_point);
  }
  return out;
}

std::string render_preset_comparison(const SweepPreset& preset, const nlohmann::json& summary) {
  std::string out =
      fmt::format("\npreset {}: {}\n  {}\n", preset.name, preset.reproduces, preset.published);
  if (preset.name == "folio-fork") {
    out += ours_table(summary, "folio") + coefficient_line(summary, "per_folio_ns") +
           coefficient_line(summary, "per_page_ns");
  } else {
    out += ours_table(summary, "vmas") + coefficient_line(summary, "per_vma_ns") +
           coefficient_line(summary, "per_page_ns");
  }
  return out;
}

}  // namespace clonebench

#include "sweep/sweep_presets.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "core/size_text.hpp"
#include "record/cost_model_json.hpp"

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

// The per-page slope of one phase from the summary's fits[], as a text with its CI; "" if absent.
std::string phase_slope(const nlohmann::json& summary, const char* phase, double* estimate) {
  if (!summary.contains("fits")) {
    return "";
  }
  for (const auto& fit : summary.at("fits")) {
    if (fit.value("phase", "") != phase || !fit.contains("per_page_ns")) {
      continue;
    }
    const auto& slope = fit.at("per_page_ns");
    *estimate = slope.at("estimate").get<double>();
    return fmt::format("{:.1f} ns [{:.1f}, {:.1f}]", *estimate, slope.at("ci").at(0).get<double>(),
                       slope.at("ci").at(1).get<double>());
  }
  return "";
}

// compound-head: fork (create) and exit (reap) per size, and each phase's per-page slope: the
// term every head lookup per PTE is part of.
std::string compound_head_table(const nlohmann::json& summary) {
  std::string out = "  ours, 4 KiB folios, median µs per fork (create) and exit (reap):\n";
  std::map<std::uint64_t, std::pair<double, double>> by_size;
  for (const auto& point : summary.at("points")) {
    by_size[point.at("rss_bytes").get<std::uint64_t>()] = {point.at("create_us").get<double>(),
                                                           point.at("reap_us").get<double>()};
  }
  for (const auto& [bytes, costs] : by_size) {
    out += fmt::format("    {:>8} {:>8} pages  create {:>10.1f}  reap {:>10.1f}\n",
                       format_size(bytes), bytes / 4096, costs.first, costs.second);
  }
  double create = 0;
  double reap = 0;
  const std::string create_text = phase_slope(summary, "create", &create);
  const std::string reap_text = phase_slope(summary, "reap", &reap);
  if (!create_text.empty() && !reap_text.empty()) {
    out += fmt::format(
        "  ours, per populated 4 KiB page: fork (create) {}, exit (reap) {}; reap / create "
        "{:.2f}\n",
        create_text, reap_text, create > 0 ? reap / create : 0.0);
    out +=
        "  each slope holds the page's head lookups (two at fork, two at exit) and the rest of "
        "its work; `clonebench model` says what the lookups cost here\n";
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
       {"256M,512M", "256M,320M"},
       "1,16,256,4096,8192,65536",
       "",
       "3",
       "0.3s",
       true},
      {"compound-head",
       "what _compound_head()'s cost scales with: populated 4 KiB pages, at fork and at exit "
       "separately (the c0bff412e67b regression and its ef5f379de302 fix, as LKP saw them)",
       "published (kernel test robot, July 2024, stress-ng clone on a 2-socket Ice Lake): "
       "c0bff412e67b cost 2.9 % of clone operations per second; _compound_head took 12.5 % of "
       "the cycles inside zap_present_ptes, the exit side; Yin Fengwei's reruns: 9295 ops/s "
       "before, 9028 after, 9248 with _compound_head forced inline. Lookups per page are fixed "
       "by the kernel (two at fork, two at exit) and cannot be varied from user space; what "
       "varies here is the number of populated pages",
       {"0,64M,128M,256M", "0,32M,64M,128M", "0,16M,32M,64M"},
       "1",
       "4K",
       "3",
       "0.5s"},
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
  if (preset.name == "compound-head") {
    out += compound_head_table(summary);
  } else if (preset.name == "folio-fork") {
    out += ours_table(summary, "folio") + coefficient_line(summary, "per_folio_ns") +
           coefficient_line(summary, "per_page_ns");
  } else {
    out += ours_table(summary, "vmas") + coefficient_line(summary, "per_vma_ns") +
           coefficient_line(summary, "per_page_ns");
  }
  return out;
}

}  // namespace clonebench

#include "sweep/sweep_presets.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "core/size_text.hpp"

namespace clonebench {
namespace {

std::uint64_t largest_size(const SweepSummary& summary) {
  std::uint64_t largest = 0;
  for (const StoredSweepPoint& point : summary.points) {
    largest = std::max(largest, point.rss_bytes);
  }
  return largest;
}

// Median fork (create) cost in µs per point of the largest size, keyed by folio size or VMAs.
std::map<std::uint64_t, double> largest_size_costs(const SweepSummary& summary, bool by_folio) {
  const std::uint64_t largest = largest_size(summary);
  std::map<std::uint64_t, double> costs;
  for (const StoredSweepPoint& point : summary.points) {
    if (point.rss_bytes != largest) {
      continue;
    }
    const std::uint64_t value = by_folio ? point.folio_bytes() : point.vmas;
    if (!by_folio && costs.count(value) != 0) {
      continue;  // one folio size per VMA count in this preset
    }
    costs[value] = point.create_us;
  }
  return costs;
}

std::string coefficient_line(const SweepSummary& summary, const std::string& term) {
  if (!summary.model) {
    return "";
  }
  for (const SweepPhaseModel& phase : summary.model->phases) {
    const SweepModelTerm* c = phase.term(term);
    if (c != nullptr && phase.phase == "create") {
      return fmt::format("  ours, {} of fork (create): {:.2f} ns [{:.2f}, {:.2f}]\n", term,
                         c->estimate, c->lo, c->hi);
    }
  }
  return "";
}

std::string ours_table(const SweepSummary& summary, bool by_folio) {
  const std::map<std::uint64_t, double> costs = largest_size_costs(summary, by_folio);
  if (costs.empty()) {
    return "";
  }
  const double first = costs.begin()->second;
  std::string out =
      fmt::format("  ours, fork (create) of the {} parent, median µs (relative to {}):\n",
                  format_size(largest_size(summary)), by_folio ? "4K" : "the fewest VMAs");
  for (const auto& [value, cost] : costs) {
    const std::string label = by_folio ? format_size(value) : fmt::format("{} VMAs", value);
    out += fmt::format("    {:>12} {:>12.1f} {:>+8.1f} %\n", label, cost,
                       first > 0 ? (cost / first - 1) * 100 : 0.0);
  }
  return out;
}

// The per-page slope of one phase from the summary's fits, as a text with its CI; "" if absent.
std::string phase_slope(const SweepSummary& summary, const char* phase, double* estimate) {
  for (const SweepFit& fit : summary.fits) {
    if (fit.phase != phase) {
      continue;
    }
    const SweepEstimate& slope = fit.per_page_ns;
    *estimate = slope.estimate;
    return fmt::format("{:.1f} ns [{:.1f}, {:.1f}]", *estimate, slope.lo, slope.hi);
  }
  return "";
}

// compound-head: fork (create) and exit (reap) per size, and each phase's per-page slope: the
// term every head lookup per PTE is part of.
std::string compound_head_table(const SweepSummary& summary) {
  std::string out = "  ours, 4 KiB folios, median µs per fork (create) and exit (reap):\n";
  std::map<std::uint64_t, std::pair<double, double>> by_size;
  for (const StoredSweepPoint& point : summary.points) {
    by_size[point.rss_bytes] = {point.create_us, point.reap_us};
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

std::string render_preset_comparison(const SweepPreset& preset, const SweepSummary& summary) {
  std::string out =
      fmt::format("\npreset {}: {}\n  {}\n", preset.name, preset.reproduces, preset.published);
  if (preset.name == "compound-head") {
    out += compound_head_table(summary);
  } else if (preset.name == "folio-fork") {
    out += ours_table(summary, true) + coefficient_line(summary, "per_folio_ns") +
           coefficient_line(summary, "per_page_ns");
  } else {
    out += ours_table(summary, false) + coefficient_line(summary, "per_vma_ns") +
           coefficient_line(summary, "per_page_ns");
  }
  return out;
}

}  // namespace clonebench

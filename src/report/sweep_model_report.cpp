#include "report/sweep_model_report.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "core/number_text.hpp"
#include "report/report_facts.hpp"

namespace clonebench {
namespace {

constexpr int kLineSamples = 41;

// "fixed_ns" in µs (as the sweep prints it), the others in ns.
std::string term_cell(const SweepPhaseModel& phase, const char* term, const char* interval) {
  const SweepModelTerm* found = phase.term(term);
  if (found == nullptr) {
    return "–";
  }
  const double unit = std::string_view(term) == "fixed_ns" ? 1000 : 1;
  const double lo = found->lo / unit, hi = found->hi / unit;
  return fmt::format(fmt::runtime(interval), number_in_interval(found->estimate / unit, lo, hi),
                     number_in_interval(lo, lo, hi), number_in_interval(hi, lo, hi));
}

std::string fit_words(const SweepPhaseModel& phase) {
  std::string words;
  for (const std::string& flag : phase.flags) {
    const std::string word = flag == "nonlinear"      ? "curved"
                             : flag == "spread_grows" ? "spread grows"
                                                      : flag;
    words += (words.empty() ? "" : ", ") + word;
  }
  return words.empty() ? "ok" : words;
}

// What the panels hold fixed: the largest size, the first --vmas and --folio values.
struct Reference {
  std::uint64_t rss_bytes = 0, vmas = 1, folio_bytes = 0;
  const StoredSweepPoint* point = nullptr;  // the design point at the reference, if measured
};

Reference reference_of(const SweepSummary& summary) {
  Reference ref;
  for (const StoredSweepPoint& point : summary.points) {
    ref.rss_bytes = std::max(ref.rss_bytes, point.rss_bytes);
  }
  ref.vmas = !summary.vmas_list.empty() ? summary.vmas_list.front()
             : !summary.points.empty()  ? summary.points.front().vmas
                                        : 1;
  ref.folio_bytes = summary.folio_list.empty() ? 0 : summary.folio_list.front();
  for (const StoredSweepPoint& point : summary.points) {
    if (point.rss_bytes == ref.rss_bytes && point.vmas == ref.vmas &&
        point.folio_bytes() == ref.folio_bytes) {
      ref.point = &point;
    }
  }
  return ref;
}

// The pages of a point a PTE maps: PMD-mapped THP (anon_huge_kb) has no PTE (shape_of()).
double pte_pages(const StoredSweepPoint& point, const std::string& rss_kind) {
  const bool anonymous = rss_kind == "anon" || rss_kind == "thp";
  return std::max(point.pages - (anonymous ? point.anon_huge_kb / 4 : 0.0), 0.0);
}

// Folios holding `pages` 4 KiB pages when each is in a folio of `folio_bytes` (0: 4 KiB).
double folios_of(double pages, std::uint64_t folio_bytes) {
  return pages * 4096 / static_cast<double>(std::max<std::uint64_t>(folio_bytes, 4096));
}

std::size_t distinct(std::vector<std::uint64_t> values) {
  std::sort(values.begin(), values.end());
  return static_cast<std::size_t>(std::unique(values.begin(), values.end()) - values.begin());
}

// The runs of the points `keep` accepts, at x = `x_of(point, run)`, one entry per phase.
template <typename Keep, typename X>
std::vector<AxisRun> runs_of(const SweepSummary& summary, Keep keep, X x_of) {
  std::vector<AxisRun> runs;
  for (const StoredSweepPoint& point : summary.points) {
    if (!keep(point)) {
      continue;
    }
    for (const StoredSweepRun& run : point.runs) {
      for (std::size_t phase = 0; phase < summary.model->phases.size(); ++phase) {
        const std::optional<double> cost = run.cost_us(summary.model->phases[phase].phase);
        if (cost) {
          runs.push_back({phase, x_of(point, run), *cost});
        }
      }
    }
  }
  return runs;
}

// The model's line through `shapes` (x, shape), per phase, in µs.
std::vector<std::vector<AxisLinePoint>> lines_of(
    const SweepModel& model, const std::vector<std::pair<double, SweepShape>>& shapes) {
  std::vector<std::vector<AxisLinePoint>> lines;
  for (const SweepPhaseModel& phase : model.phases) {
    lines.emplace_back();
    for (const auto& [x, shape] : shapes) {
      const SweepModelPrediction p = phase.predict(shape);
      lines.back().push_back({x, p.estimate_ns / 1000, p.lo_ns / 1000, p.hi_ns / 1000});
    }
  }
  return lines;
}

SweepAxisPanel pages_panel(const SweepSummary& summary, const Reference& ref) {
  SweepAxisPanel panel{"pages", "", "pages of the parent (4 KiB)", false, {}, {}};
  const auto at_reference = [&](const StoredSweepPoint& p) {
    return p.vmas == ref.vmas && p.folio_bytes() == ref.folio_bytes;
  };
  panel.runs =
      runs_of(summary, at_reference, [](const StoredSweepPoint& p, const StoredSweepRun& run) {
        return run.pages.value_or(p.pages);
      });
  double max_pages = 1;
  for (const StoredSweepPoint& point : summary.points) {
    max_pages = at_reference(point) ? std::max(max_pages, point.pages) : max_pages;
  }
  // The share of the reference point's pages that a PTE maps holds along the line.
  const double pte_share = ref.point != nullptr && ref.point->pages > 0
                               ? pte_pages(*ref.point, summary.rss_kind) / ref.point->pages
                               : 1.0;
  std::vector<std::pair<double, SweepShape>> shapes;
  for (int i = 0; i < kLineSamples; ++i) {
    const double x = max_pages * 1.05 * i / (kLineSamples - 1);
    shapes.push_back(
        {x, {x * pte_share, static_cast<double>(ref.vmas), folios_of(x, ref.folio_bytes)}});
  }
  panel.lines = lines_of(*summary.model, shapes);
  return panel;
}

SweepAxisPanel vmas_panel(const SweepSummary& summary, const Reference& ref) {
  SweepAxisPanel panel{"vmas", "", "VMAs of the parent (log scale)", true, {}, {}};
  const auto at_reference = [&](const StoredSweepPoint& p) {
    return p.rss_bytes == ref.rss_bytes && p.folio_bytes() == ref.folio_bytes;
  };
  panel.runs = runs_of(summary, at_reference, [](const StoredSweepPoint& p, const StoredSweepRun&) {
    return static_cast<double>(p.vmas);
  });
  const auto [lowest, highest] =
      std::minmax_element(summary.vmas_list.begin(), summary.vmas_list.end());
  const double lo = std::log(static_cast<double>(std::max<std::uint64_t>(*lowest, 1)));
  const double hi = std::log(static_cast<double>(std::max<std::uint64_t>(*highest, 1)));
  const double pages = ref.point != nullptr ? ref.point->pages : 0;
  const double pte = ref.point != nullptr ? pte_pages(*ref.point, summary.rss_kind) : 0;
  std::vector<std::pair<double, SweepShape>> shapes;
  for (int i = 0; i < kLineSamples; ++i) {
    const double x = std::exp(lo + (hi - lo) * i / (kLineSamples - 1));
    shapes.push_back({x, {pte, x, folios_of(pages, ref.folio_bytes)}});
  }
  panel.lines = lines_of(*summary.model, shapes);
  return panel;
}

SweepAxisPanel folio_panel(const SweepSummary& summary, const Reference& ref) {
  SweepAxisPanel panel{"folio", "", "folio size asked for, KiB (log scale)", true, {}, {}};
  const auto at_reference = [&](const StoredSweepPoint& p) {
    return p.rss_bytes == ref.rss_bytes && p.vmas == ref.vmas;
  };
  const auto kib = [](const StoredSweepPoint& p) {
    return static_cast<double>(std::max<std::uint64_t>(p.folio_bytes(), 4096)) / 1024;
  };
  panel.runs = runs_of(summary, at_reference,
                       [&kib](const StoredSweepPoint& p, const StoredSweepRun&) { return kib(p); });
  // Through the measured points: each size's own PTE-mapped pages (a 2 MiB folio has none).
  std::vector<std::pair<double, SweepShape>> shapes;
  for (const StoredSweepPoint& point : summary.points) {
    if (at_reference(point)) {
      shapes.push_back({kib(point),
                        {pte_pages(point, summary.rss_kind), static_cast<double>(point.vmas),
                         folios_of(point.pages, point.folio_bytes())}});
    }
  }
  std::sort(shapes.begin(), shapes.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  panel.lines = lines_of(*summary.model, shapes);
  return panel;
}

}  // namespace

SweepModelTable sweep_model_table(const SweepModel& model, const char* interval) {
  SweepModelTable table{
      {"phase", "fixed µs", "per page ns", "per VMA ns", "per folio ns", "runs", "points", "fit"},
      {}};
  for (const SweepPhaseModel& phase : model.phases) {
    table.rows.push_back({phase.phase, term_cell(phase, "fixed_ns", interval),
                          term_cell(phase, "per_page_ns", interval),
                          term_cell(phase, "per_vma_ns", interval),
                          term_cell(phase, "per_folio_ns", interval), std::to_string(phase.n),
                          std::to_string(phase.points), fit_words(phase)});
  }
  return table;
}

std::string sweep_model_reference(const SweepSummary& summary) {
  const Reference ref = reference_of(summary);
  std::string text =
      fmt::format("rss {}, {} VMA{}", cli_size(ref.rss_bytes), ref.vmas, ref.vmas == 1 ? "" : "s");
  if (!summary.folio_list.empty()) {
    text += ", folio " + cli_size(std::max<std::uint64_t>(ref.folio_bytes, 4096));
  }
  return text;
}

std::vector<SweepAxisPanel> sweep_axis_panels(const SweepSummary& summary) {
  std::vector<SweepAxisPanel> panels;
  if (!summary.model || summary.model->phases.empty()) {
    return panels;
  }
  const Reference ref = reference_of(summary);
  std::vector<std::uint64_t> sizes;
  for (const StoredSweepPoint& point : summary.points) {
    sizes.push_back(point.rss_bytes);
  }
  const std::string held = sweep_model_reference(summary);
  if (distinct(sizes) >= 2) {
    panels.push_back(pages_panel(summary, ref));
    panels.back().title = "along pages";
  }
  if (distinct(summary.vmas_list) >= 2 && ref.point != nullptr) {
    panels.push_back(vmas_panel(summary, ref));
    panels.back().title = "along VMAs";
  }
  if (distinct(summary.folio_list) >= 2) {
    panels.push_back(folio_panel(summary, ref));
    panels.back().title = "along the folio size";
  }
  for (SweepAxisPanel& panel : panels) {
    panel.title = fmt::format(
        "Cost model {}: per phase the runs (dots), the model's line and its 95 % confidence band "
        "(shaded); the other axes held at the reference ({})",
        panel.title, held);
  }
  return panels;
}

}  // namespace clonebench

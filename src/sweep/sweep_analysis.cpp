#include "sweep/sweep_analysis.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>

#include "core/error.hpp"
#include "sweep/line_fit.hpp"

namespace clonebench {
namespace {

constexpr double kPageKb = 4.0;

double median_of(std::vector<double> values) {
  if (values.empty()) {
    return 0;
  }
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

StoredSweepPoint point_of(const SweepPoint& design, std::size_t point,
                          const std::vector<SweepSample>& samples) {
  StoredSweepPoint row;
  std::vector<const ParentMemory*> parents;
  std::vector<double> pages, copied, create, reap, total, huge;
  for (const SweepSample& sample : samples) {
    if (sample.point != point) {
      continue;
    }
    const PhaseCosts& costs = sample.run.costs;
    const ParentMemory& parent = sample.run.parent;
    parents.push_back(&parent);
    pages.push_back(sweep_pages(parent, sample.run.requested_bytes));
    copied.push_back(entries_copied(parent));
    create.push_back(costs.create_ns / 1000);
    reap.push_back(costs.reap_ns / 1000);
    total.push_back(costs.total_ns / 1000);
    huge.push_back(static_cast<double>(parent.anon_huge_kb));
    row.runs.push_back({sample.round, sample.order, pages.back(), create.back(), reap.back(),
                        total.back(), sample.run.bogo_ops, parent.region_rss_kb,
                        parent.region_anonymous_kb, parent.anon_huge_kb, parent.vma_count});
  }
  row.rss_bytes = design.bytes;
  row.vmas = design.vmas;
  row.pages = median_of(pages);
  row.entries_copied = median_of(copied);
  row.anon_huge_kb = median_of(huge);
  row.create_us = median_of(create);
  row.reap_us = median_of(reap);
  row.total_us = median_of(total);
  if (design.folio_bytes != 0) {
    row.folio = folio_obtained(parents);
  }
  return row;
}

// The cost model over every axis the sweep varied, one per phase.
CostModel fit_cost_model(const SweepSettings& settings, const std::vector<SweepSample>& samples) {
  const std::vector<std::string> terms =
      model_terms(settings.vmas.size() >= 2, settings.folios.size() >= 2);
  CostModel model;
  model.estimator =
      "Huber M-estimate (IRLS, k = 1.345, MAD scale); 95 % CIs: bootstrap of runs within each "
      "design point";
  const std::array<const char*, 3> phases = {"create", "reap", "total"};
  for (std::size_t phase = 0; phase < phases.size(); ++phase) {
    std::vector<CostObservation> observations;
    for (const SweepSample& sample : samples) {
      const PhaseCosts& costs = sample.run.costs;
      const double cost = phase == 0   ? costs.create_ns
                          : phase == 1 ? costs.reap_ns
                                       : costs.total_ns;
      observations.push_back(CostObservation{
          shape_of(sample.run.parent, sample.run.requested_bytes), cost, sample.point});
    }
    model.phases.push_back(
        fit_phase_model(phases[phase], observations, terms, settings.seed + 100 + phase));
  }
  return model;
}

SweepFit fit_of(const std::string& phase, const std::vector<double>& pages,
                const std::vector<double>& cost_ns, std::uint64_t seed) {
  const LineFit fit = fit_line(pages, cost_ns, seed);
  return {phase,
          {fit.slope.estimate, fit.slope.lo, fit.slope.hi},
          {fit.intercept.estimate / 1000, fit.intercept.lo / 1000, fit.intercept.hi / 1000},
          fit.r2,
          fit.r2_runs,
          fit.n,
          fit.bad(),
          fit.flags};
}

}  // namespace

double sweep_pages(const ParentMemory& parent, std::uint64_t requested_bytes) {
  if (parent.kind == ParentKind::kZero) {
    return static_cast<double>(requested_bytes / 4096);
  }
  return static_cast<double>(parent.region_rss_kb) / kPageKb;
}

double entries_copied(const ParentMemory& parent) {
  // zero counts like anon: 0 anonymous kB where reads map the zero page, the region's size
  // where the kernel allocates a page per read fault.
  if (parent.kind == ParentKind::kAnon || parent.kind == ParentKind::kThp ||
      parent.kind == ParentKind::kZero) {
    const double huge_kb = std::min<double>(static_cast<double>(parent.anon_huge_kb),
                                            static_cast<double>(parent.region_anonymous_kb));
    return (static_cast<double>(parent.region_anonymous_kb) - huge_kb) / kPageKb + huge_kb / 2048;
  }
  if (parent.kind == ParentKind::kHugetlb) {
    return static_cast<double>(parent.region_rss_kb) / 2048;
  }
  return 0;
}

ShapeX shape_of(const ParentMemory& parent, std::uint64_t requested_bytes) {
  ShapeX shape;
  // Pages mapped by a PTE: a PMD-mapped 2 MiB folio (AnonHugePages) has no PTE to copy or zap,
  // only its folio, so its pages are left out of the per-page term.
  const double pmd_mapped_pages =
      parent.kind == ParentKind::kAnon || parent.kind == ParentKind::kThp
          ? std::min<double>(static_cast<double>(parent.anon_huge_kb),
                             static_cast<double>(parent.region_anonymous_kb)) /
                kPageKb
          : 0;
  const double all_pages = sweep_pages(parent, requested_bytes);
  shape.pages = std::max(all_pages - pmd_mapped_pages, 0.0);
  // No region, no mappings: --vmas splits only a region that exists.
  shape.vmas = requested_bytes == 0
                   ? 0
                   : static_cast<double>(std::max<std::uint64_t>(parent.vmas_requested, 1));
  double samples = 0, folios_per_page = 0;
  for (std::size_t order = 0; order < parent.folio_order_samples.size(); ++order) {
    samples += parent.folio_order_samples[order];
    folios_per_page += parent.folio_order_samples[order] / std::ldexp(1.0, static_cast<int>(order));
  }
  if (samples > 0) {
    shape.folios = all_pages * folios_per_page / samples;
  } else if (parent.folio_bytes_requested > 4096) {
    shape.folios = all_pages * 4096 / static_cast<double>(parent.folio_bytes_requested);
  } else {
    shape.folios = all_pages;
  }
  return shape;
}

FolioObtained folio_obtained(const std::vector<const ParentMemory*>& runs) {
  FolioObtained folio;
  std::array<std::uint64_t, 10> counts{};
  for (const ParentMemory* parent : runs) {
    folio.requested_bytes = parent->folio_bytes_requested;
    for (std::size_t order = 0; order < counts.size(); ++order) {
      counts[order] += parent->folio_order_samples[order];
      folio.samples += parent->folio_order_samples[order];
    }
  }
  if (folio.samples == 0) {
    return folio;
  }
  const auto dominant =
      static_cast<std::size_t>(std::max_element(counts.begin(), counts.end()) - counts.begin());
  folio.dominant_bytes = std::uint64_t{4096} << dominant;
  const std::uint64_t requested = std::max<std::uint64_t>(folio.requested_bytes, 4096);
  const auto requested_order = static_cast<std::size_t>(std::countr_zero(requested / 4096));
  folio.share_requested =
      requested_order < counts.size()
          ? static_cast<double>(counts[requested_order]) / static_cast<double>(folio.samples)
          : 0;
  folio.materialised = folio.share_requested >= 0.5;
  return folio;
}

PhaseCosts phase_costs(const RunResult& result) {
  PhaseCosts costs;
  costs.create_ns = result.create.mean_ns();
  costs.reap_ns = result.reap.mean_ns();
  if (result.bogo_ops > 0) {
    costs.total_ns =
        (result.usr_time_s + result.sys_time_s) * 1e9 / static_cast<double>(result.bogo_ops);
  }
  return costs;
}

SweepRun sweep_run_of(const RunResult& result) {
  return SweepRun{result.parent, result.requested_rss_bytes(), result.bogo_ops,
                  result.create.count(), phase_costs(result)};
}

double per_page_half_width(const std::vector<SweepSample>& samples) {
  std::vector<double> pages, total_ns;
  for (const SweepSample& sample : samples) {
    pages.push_back(sweep_pages(sample.run.parent, sample.run.requested_bytes));
    total_ns.push_back(sample.run.costs.total_ns);
  }
  if (std::adjacent_find(pages.begin(), pages.end(), std::not_equal_to<>()) == pages.end()) {
    return std::numeric_limits<double>::infinity();  // one size: no slope
  }
  const double slope = theil_sen_slope(pages, total_ns);
  const FitEstimate interval = sen_slope_interval(pages, total_ns);
  if (slope == 0 || !std::isfinite(interval.lo) || !std::isfinite(interval.hi)) {
    return std::numeric_limits<double>::infinity();
  }
  return (interval.hi - interval.lo) / 2 / std::abs(slope);
}

SweepSummary analyze_sweep(const SweepSettings& settings, const std::vector<SweepSample>& samples,
                           double elapsed_s) {
  const std::vector<SweepPoint> design = settings.design();
  std::vector<double> pages;
  std::array<std::vector<double>, 3> costs;
  for (const SweepSample& sample : samples) {
    if (sample.run.bogo_ops == 0 || sample.run.create_count == 0) {
      throw RuntimeError(fmt::format(
          "sweep: the run at --rss {} bytes (round {}) created no children; nothing to fit",
          design[sample.point].bytes, sample.round + 1));
    }
    const PhaseCosts& phase = sample.run.costs;
    pages.push_back(sweep_pages(sample.run.parent, sample.run.requested_bytes));
    costs[0].push_back(phase.create_ns);
    costs[1].push_back(phase.reap_ns);
    costs[2].push_back(phase.total_ns);
  }
  SweepSummary summary;
  summary.stressor = settings.stressor;
  summary.rss_kind = parent_kind_name(settings.rss_kind);
  summary.vmas = settings.vmas.front();
  summary.vmas_list = settings.vmas;
  summary.folio_list = settings.folios;
  summary.rounds = settings.rounds;
  summary.instances = settings.instances;
  summary.timeout_per_point_s = settings.timeout_per_point_s;
  summary.seed = settings.seed;
  summary.elapsed_s = elapsed_s;
  summary.x = "pages: 4 KiB pages of the populated region (requested size for zero)";
  summary.total_definition = "CPU time (usr + sys, children included) per bogo op";
  summary.estimator = "Theil-Sen; slope CI: Sen (Kendall); intercept CI: stratified bootstrap";
  for (std::size_t point = 0; point < design.size(); ++point) {
    summary.points.push_back(point_of(design[point], point, samples));
  }
  const std::array<const char*, 3> phases = {"create", "reap", "total"};
  for (std::size_t phase = 0; phase < phases.size(); ++phase) {
    summary.fits.push_back(fit_of(phases[phase], pages, costs[phase], settings.seed + phase));
  }
  try {
    summary.model = fit_cost_model(settings, samples);
  } catch (const std::invalid_argument& error) {
    summary.model_note = error.what();  // too few runs or points for the model's terms
  }
  return summary;
}

}  // namespace clonebench

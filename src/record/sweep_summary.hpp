#pragma once
// The analysis of a `sweep` as typed structs: everything the stored "sweep" object holds
// (docs/sweep.md), so that the sweep's report, `show`, the presets and `report` read fields,
// not keys. Its one JSON codec is record/sweep_summary_json.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clonebench {

// The sweep phases, the only names a fit's "phase" may hold.
inline constexpr const char* kSweepPhases[] = {"create", "reap", "total"};

struct SweepEstimate {
  double estimate = 0, lo = 0, hi = 0;  // "ci": exactly two finite numbers
};
// A Theil-Sen line per phase: cost = fixed + per page × pages.
struct SweepFit {
  std::string phase;  // one of kSweepPhases
  SweepEstimate per_page_ns, fixed_us;
  double r2 = 0;       // of the per-size medians around the line
  double r2_runs = 0;  // of every run
  std::uint64_t n = 0;
  bool bad_fit = false;
  std::vector<std::string> flags;  // "nonlinear", "low_r2", …, as stored
};
// One run of a design point.
struct StoredSweepRun {
  std::uint32_t round = 0, order = 0;  // its round, its position in the round's shuffled order
  std::optional<double> pages;
  std::optional<double> create_us, reap_us, total_us;
  std::uint64_t bogo_ops = 0;
  std::uint64_t region_rss_kb = 0, region_anonymous_kb = 0, anon_huge_kb = 0, vma_count = 0;
  // The cost of `phase` (a kSweepPhases name), if stored.
  std::optional<double> cost_us(const std::string& phase) const;
};
// The folio sizes a point's runs really got, added up over its runs.
struct FolioObtained {
  std::uint64_t requested_bytes = 0;  // 0: no folio axis
  std::uint64_t samples = 0;          // sampled pages; 0: could not be measured
  std::uint64_t dominant_bytes = 0;   // the size most sampled pages sat in
  double share_requested = 0;         // share of sampled pages in folios of the requested size
  // At least half the sampled pages in folios of the requested size; only when measured.
  std::optional<bool> materialised;
};
// A design point: medians over its runs, and the runs.
struct StoredSweepPoint {
  std::uint64_t rss_bytes = 0;
  std::uint64_t vmas = 1;  // absent in summaries stored before --vmas lists: 1
  double pages = 0, entries_copied = 0, anon_huge_kb = 0, create_us = 0, reap_us = 0, total_us = 0;
  std::optional<FolioObtained> folio;  // a point of a --folio sweep
  std::vector<StoredSweepRun> runs;
  // The folio size asked for; 0: none.
  std::uint64_t folio_bytes() const { return folio ? folio->requested_bytes : 0; }
};

// The cost model over every axis ("model", docs/sweep.md): per phase, cost = fixed + per page ×
// pages + per VMA × VMAs + per folio × folios, each coefficient with its 95 % interval, and what
// an interval for a prediction needs (the coefficients' covariance, the residuals, the span
// measured). sweep/cost_model_fit.hpp fits it.
struct SweepModelTerm {
  std::string term;  // one of kSweepModelTerms
  double estimate = 0, lo = 0, hi = 0;
};
inline constexpr const char* kSweepModelTerms[] = {"fixed_ns", "per_page_ns", "per_vma_ns",
                                                   "per_folio_ns"};
// The regressors of a parent shape, as the model takes them.
struct SweepShape {
  double pages = 0;   // 4 KiB pages populated
  double vmas = 1;    // mappings of the region
  double folios = 0;  // folios holding those pages
};
// The value of `term`'s regressor at `shape` (1 for "fixed_ns").
double sweep_regressor(const SweepShape& shape, const std::string& term);
struct SweepModelPrediction {
  double estimate_ns = 0, lo_ns = 0, hi_ns = 0;  // 95 % confidence interval of the mean cost
  double half_width_ns = 0;                      // of that interval
};
// A point whose runs sit away from the plane: its median residual, in units of the robust
// standard error of that median and relative to the prediction there.
struct SweepPointMisfit {
  std::uint64_t point = 0;
  double predicted_ns = 0, median_residual_ns = 0, standard_error_ns = 0;
};
struct SweepPhaseModel {
  std::string phase;                            // one of kSweepPhases
  std::vector<SweepModelTerm> coefficients;     // "fixed_ns" first
  std::vector<std::vector<double>> covariance;  // coefficients × coefficients, from the bootstrap
  double residual_scale_ns = 0;                 // MAD of the residuals / 0.6745
  double residual_lo_ns = 0, residual_hi_ns = 0;  // 2.5 % and 97.5 % quantiles of the residuals
  std::uint64_t n = 0, points = 0;
  std::uint32_t bootstrap = 0;            // resamples that could be fitted
  std::vector<std::string> flags;         // "nonlinear", "spread_grows"; empty: the plane fits
  std::vector<SweepPointMisfit> misfits;  // the points behind "nonlinear", worst first
  std::vector<double> x_min, x_max;       // the span of each term's regressor (fixed excluded)
  // The model's mean cost at `shape` with its 95 % interval (normal, from the covariance).
  SweepModelPrediction predict(const SweepShape& shape) const;
  const SweepModelTerm* term(const std::string& name) const;
};
struct SweepModel {
  std::string estimator;  // what fitted it, in words
  std::vector<SweepPhaseModel> phases;
};

// Why a sweep's rounds ended (sweeps stored before --precision have none).
inline constexpr const char* kSweepStopReasons[] = {"rounds", "precision", "max-time"};
struct StoredSweepStop {
  std::string reason = "rounds";  // one of kSweepStopReasons
  std::optional<double> precision_pct, max_time_s;
  std::optional<std::uint32_t> rounds_cap;        // --rounds, with --precision only
  std::optional<double> per_page_half_width_pct;  // at the last look; absent: never looked
};

struct SweepSummary {
  // The settings, as the sweep ran them.
  std::string stressor;
  std::string rss_kind = "anon";          // "anon" when not stored
  std::uint64_t vmas = 1;                 // the first of vmas_list
  std::vector<std::uint64_t> vmas_list;   // --vmas as given; empty when not stored
  std::vector<std::uint64_t> folio_list;  // --folio in bytes; empty: no folio axis
  std::uint32_t rounds = 0;               // rounds done
  std::uint32_t instances = 0;
  double timeout_per_point_s = 0;
  std::uint64_t seed = 0;
  double elapsed_s = 0;
  // What x, total and the fits are, in words.
  std::string x, total_definition, estimator;
  std::vector<StoredSweepPoint> points;
  std::vector<SweepFit> fits;
  std::optional<SweepModel> model;        // absent before the cost model, or when not fitted
  std::optional<std::string> model_note;  // why it was not fitted
  std::optional<StoredSweepStop> stop;    // absent before --precision
};

}  // namespace clonebench

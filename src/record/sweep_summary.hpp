#pragma once
// The stored analysis of a `sweep` as typed structs, and its checked decoder (summary_field.hpp).

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "record/summary_field.hpp"

namespace clonebench {

// The sweep phases, the only names a fit's "phase" may hold.
inline constexpr const char* kSweepPhases[] = {"create", "reap", "total"};

struct SweepEstimate {
  double estimate = 0, lo = 0, hi = 0;  // "ci": exactly two finite numbers
};
struct SweepFit {
  std::string phase;  // one of kSweepPhases
  SweepEstimate per_page_ns, fixed_us;
  double r2 = 0;
  std::uint64_t n = 0;
  bool bad_fit = false;
  std::vector<std::string> flags;  // "nonlinear", "low_r2", …, as stored
};
struct StoredSweepRun {
  std::optional<double> pages;
  std::optional<double> create_us, reap_us, total_us;
  // The cost of `phase` (a kSweepPhases name), if stored.
  std::optional<double> cost_us(const std::string& phase) const;
};
struct StoredSweepPoint {
  std::uint64_t rss_bytes = 0;
  std::uint64_t vmas = 1;         // absent in summaries stored before --vmas lists: 1
  std::uint64_t folio_bytes = 0;  // the folio size asked for ("folio.requested_bytes"); 0: none
  double pages = 0, anon_huge_kb = 0, create_us = 0, reap_us = 0, total_us = 0;
  std::vector<StoredSweepRun> runs;
};

// The cost model over every axis ("model", docs/sweep.md): per phase, cost = fixed + per page ×
// pages + per VMA × VMAs + per folio × folios, each coefficient with its 95 % interval, and what
// an interval for a prediction needs (the coefficients' covariance, the span measured).
struct SweepModelTerm {
  std::string term;  // "fixed_ns", "per_page_ns", "per_vma_ns" or "per_folio_ns"
  double estimate = 0, lo = 0, hi = 0;
};
inline constexpr const char* kSweepModelTerms[] = {"fixed_ns", "per_page_ns", "per_vma_ns",
                                                   "per_folio_ns"};
// The regressors of a parent shape, as the model takes them.
struct SweepShape {
  double pages = 0, vmas = 1, folios = 0;
};
struct SweepModelPrediction {
  double estimate_ns = 0, lo_ns = 0, hi_ns = 0;  // 95 % confidence interval of the mean cost
};
struct SweepPhaseModel {
  std::string phase;                            // one of kSweepPhases
  std::vector<SweepModelTerm> terms;            // "fixed_ns" first
  std::vector<std::vector<double>> covariance;  // terms × terms
  std::vector<std::string> flags;               // "nonlinear", "spread_grows"; empty: it fits
  std::uint64_t n = 0, points = 0;
  // The model's mean cost at `shape` with its 95 % interval (normal, from the covariance).
  SweepModelPrediction predict(const SweepShape& shape) const;
  const SweepModelTerm* term(const std::string& name) const;
};
struct SweepModel {
  std::string estimator;
  std::vector<SweepPhaseModel> phases;
};

struct SweepSummary {
  std::string rss_kind;                   // "anon" when not stored
  std::vector<std::uint64_t> vmas_list;   // --vmas as given; empty when not stored
  std::vector<std::uint64_t> folio_list;  // --folio in bytes; empty: no folio axis
  std::vector<StoredSweepPoint> points;
  std::vector<SweepFit> fits;
  std::optional<SweepModel> model;        // absent before the cost model, or when not fitted
  std::optional<std::string> model_note;  // why it was not fitted
};

// Throws SummaryError naming the first malformed field.
SweepSummary sweep_summary_from_json(const nlohmann::json& summary);

}  // namespace clonebench

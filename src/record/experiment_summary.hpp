#pragma once
// The stored analysis of an experiment (`sweep`, `scale`, `ab`) as typed structs, and the one
// decoder that builds them from the stored JSON. A summary read from a store is untrusted: it may
// come from another host through `pull`, or from a database anyone could write. The decoder
// checks every field a renderer reads — its type, finite numbers, interval lengths, the known
// sweep phase names — and throws SummaryError naming the field ("fits[0].per_page_ns.ci"), so a
// malformed summary is a clear error, never a crash or a string that reaches a gnuplot script.
// A missing array or number reads as empty or absent (a "running" or "interrupted" experiment
// stores the empty object); a present one must be well-formed.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace clonebench {

// A malformed stored summary; what() is "<field>: <what is wrong>". A UsageError: the input, not
// the tool, is at fault (exit 2).
class SummaryError : public UsageError {
 public:
  SummaryError(const std::string& field, const std::string& problem)
      : UsageError(field + ": " + problem), field_(field) {}
  const std::string& field() const noexcept { return field_; }

 private:
  std::string field_;
};

// An interval whose ends may be unbounded (stored as null).
struct SummaryInterval {
  std::optional<double> lo, hi;
  bool bounded() const { return lo.has_value() && hi.has_value(); }
};

// ---- sweep ----
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

// ---- scale ----
struct ScaleSummaryEstimate {
  double median = 0;
  SummaryInterval ci;  // both ends null when the rounds were too few
};
struct ScaleSummaryPoint {
  std::uint32_t instances = 0;
  std::uint64_t n = 0;
  ScaleSummaryEstimate ops_per_s, efficiency;
};
struct ScaleSummaryStep {
  std::uint32_t from = 0, to = 0;
  std::string verdict;  // "grows" | "falls" | "overlaps"
};
struct ScaleSummaryKnee {
  std::string status;  // "reached" | "not reached" | "cannot be decided"
  std::uint32_t instances = 0;
  std::optional<std::uint32_t> next_instances;  // set unless "not reached"
};
struct ScaleSummary {
  std::optional<double> confidence;
  std::vector<ScaleSummaryPoint> points;
  std::vector<ScaleSummaryStep> steps;
  std::optional<ScaleSummaryKnee> knee;
};

// ---- ab ----
struct AbSummarySide {
  double median = 0, cv_pct = 0;
  std::uint64_t n = 0;
};
struct AbSummaryMetric {
  std::string name, sentence, verdict;
  AbSummarySide a, b;
  double estimate_pct = 0, p_holm = 1;
  SummaryInterval ci_pct;         // "ci_pct": exactly two entries, numbers or null
  std::optional<double> mde_pct;  // null when not computable
  std::uint64_t runs_needed = 0;
};
struct AbSummary {
  std::vector<AbSummaryMetric> metrics;
  std::vector<std::string> warnings;
  std::string summary;
  double threshold_pct = 1;
  // The ab design's commands ("ab" object), text as stored.
  std::optional<std::string> setup_a, setup_b, restore;
};

// The decoders: one per kind, each throws SummaryError naming the first malformed field.
SweepSummary sweep_summary_from_json(const nlohmann::json& summary);
ScaleSummary scale_summary_from_json(const nlohmann::json& summary);
AbSummary ab_summary_from_json(const nlohmann::json& summary);

// Decodes the summary of an experiment of `kind` ("ab", "sweep", "scale"; other kinds are not
// decoded) and throws SummaryError when it is malformed.
void check_experiment_summary(const std::string& kind, const nlohmann::json& summary);

}  // namespace clonebench

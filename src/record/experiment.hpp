#pragma once
// An experiment as a reader of the store sees it: its tag, kind, time and status, and the
// analysis it stored as the typed summary of its kind, decoded once where it left the store
// (record/experiment_summary.hpp is the codec; store/store.hpp decodes). Renderers take this.

#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "core/experiment_kind.hpp"
#include "record/ab_summary.hpp"
#include "record/hvo_key_summary.hpp"
#include "record/kernels_summary.hpp"
#include "record/scale_summary.hpp"
#include "record/sweep_summary.hpp"
#include "record/trace_summary.hpp"

namespace clonebench {

// The stored analysis of each kind: one alternative per ExperimentKind, in its order.
using ExperimentSummary =
    std::variant<AbSummary, SweepSummary, ScaleSummary, TraceCensus, KernelsSummary, HvoKeySummary>;

template <ExperimentKind kind, typename Summary>
constexpr bool kAlternativeOf =
    std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(kind), ExperimentSummary>,
                   Summary>;
static_assert(kAlternativeOf<ExperimentKind::kAb, AbSummary> &&
                  kAlternativeOf<ExperimentKind::kSweep, SweepSummary> &&
                  kAlternativeOf<ExperimentKind::kScale, ScaleSummary> &&
                  kAlternativeOf<ExperimentKind::kTrace, TraceCensus> &&
                  kAlternativeOf<ExperimentKind::kKernels, KernelsSummary> &&
                  kAlternativeOf<ExperimentKind::kHvoKey, HvoKeySummary>,
              "ExperimentSummary holds one alternative per ExperimentKind, in its order");

// The kind whose summary this is.
inline ExperimentKind kind_of(const ExperimentSummary& summary) noexcept {
  return static_cast<ExperimentKind>(summary.index());
}

// The alternative of `kind` as its empty value: what a report of an experiment stopped before
// its analysis shows of the kinds whose empty summary means "nothing analysed yet".
ExperimentSummary empty_summary(ExperimentKind kind);

struct Experiment {
  std::string tag;  // unique, e.g. "sweep-2026-11-29T18:06:42Z-4f2a"
  ExperimentKind kind = ExperimentKind::kAb;
  std::string created_at;  // ISO-8601 UTC
  // "complete"; "running" while runs are being added (and forever if the tool was killed);
  // "interrupted" when a signal or an error ended it: its stored runs are kept.
  std::string status = "complete";
  // The analysis, of this kind (kind_of(*summary) == kind); none while running, or when it was
  // stopped before its analysis (the store holds the empty object).
  std::optional<ExperimentSummary> summary;
};

}  // namespace clonebench

#include "trace/fork_prediction.hpp"

#include "stats/descriptive.hpp"
#include "trace/trace_analysis.hpp"

namespace clonebench {
namespace {

constexpr double kPageKb = 4;

bool has_term(const PhaseCostModel& model, const char* term) {
  for (const CostCoefficient& coefficient : model.coefficients) {
    if (coefficient.term == term) {
      return true;
    }
  }
  return false;
}

// The forks of one row as they are gathered, then summed up by finish_row().
struct RowForks {
  std::vector<double> measured_ns, predicted_ns;
  ShapeX shape_sum{0, 0, 0};
};

void add_fork(const Creation& creation, const PhaseCostModel& model, RowForks& forks,
              ForkPredictionRow& row) {
  const ShapeX shape = fork_shape(creation.parent);
  const CostPrediction prediction = predict_cost(model, shape);
  const double measured = static_cast<double>(creation.duration_ns);
  forks.measured_ns.push_back(measured);
  forks.predicted_ns.push_back(prediction.estimate_ns);
  forks.shape_sum.pages += shape.pages;
  forks.shape_sum.vmas += shape.vmas;
  forks.shape_sum.folios += shape.folios;
  row.below += measured < prediction.run_lo_ns ? 1 : 0;
  row.above += measured > prediction.run_hi_ns ? 1 : 0;
  row.inside += measured >= prediction.run_lo_ns && measured <= prediction.run_hi_ns ? 1 : 0;
  row.uninformative += prediction.run_lo_ns <= 0 ? 1 : 0;
  row.extrapolated += prediction.extrapolated ? 1 : 0;
}

// Totals by linearity: the sum of the forks' predictions is n times the prediction for their
// average parent, and so is its interval (the coefficients' error is shared by every fork).
void finish_row(const PhaseCostModel& model, const RowForks& forks, ForkPredictionRow& row) {
  row.forks = forks.measured_ns.size();
  row.verdict = model_verdict(row.below, row.inside, row.above, row.uninformative);
  if (row.forks == 0) {
    return;
  }
  const double n = static_cast<double>(row.forks);
  for (const double measured : forks.measured_ns) {
    row.measured_total_ns += measured;
  }
  row.measured_p50_ns = median(forks.measured_ns);
  const ShapeX average{forks.shape_sum.pages / n, forks.shape_sum.vmas / n,
                       forks.shape_sum.folios / n};
  const CostPrediction one = predict_cost(model, average);
  row.predicted_total_ns = n * one.estimate_ns;
  row.predicted_total_lo_ns = n * one.mean_lo_ns;
  row.predicted_total_hi_ns = n * one.mean_hi_ns;
  row.predicted_one_ns = one.estimate_ns;
  row.one_lo_ns = one.run_lo_ns;
  row.one_hi_ns = one.run_hi_ns;
}

void count_unpredicted(const Creation& creation, ForkPrediction& prediction) {
  if (creation.error != 0) {
    prediction.failed += 1;
  } else if (creation.kind == CreationKind::kVfork) {
    prediction.vfork_like += 1;
  } else if (creation.kind == CreationKind::kThread) {
    prediction.threads += 1;
  } else {
    prediction.other_clones += 1;
  }
}

}  // namespace

ModelVerdict model_verdict(std::size_t below, std::size_t inside, std::size_t above,
                           std::size_t uninformative) noexcept {
  const std::size_t forks = below + inside + above;
  if (forks == 0) {
    return ModelVerdict::kNoForks;
  }
  if (2 * uninformative > forks) {
    return ModelVerdict::kInconclusive;
  }
  if (static_cast<double>(inside) >= kExplainedShare * static_cast<double>(forks)) {
    return ModelVerdict::kExplained;
  }
  if (above >= 2 * below) {
    return ModelVerdict::kSlower;
  }
  if (below >= 2 * above) {
    return ModelVerdict::kFaster;
  }
  return ModelVerdict::kScattered;
}

// Fork copies the page-table entries of mappings that have anonymous memory and leaves the
// others to fault in later (copy_page_range() skips a VMA without an anon_vma), and the sweep's
// per-page cost is that of an anonymous page: the parent's anonymous pages are the regressor.
ShapeX fork_shape(const ParentSize& parent) {
  const double pages = static_cast<double>(parent.rss_anon_kb) / kPageKb;
  return ShapeX{pages, static_cast<double>(parent.vmas), pages};
}

void predict_census_forks(TraceCensus& census) {
  census.fork_prediction.reset();
  if (census.fork_model) {
    census.fork_prediction = predict_forks(census, *census.fork_model);
  }
}

ForkPrediction predict_forks(const TraceCensus& census, const ForkCostModel& model) {
  ForkPrediction prediction;
  prediction.source = model.source;
  prediction.folio_term = has_term(model.create, "per_folio_ns");
  prediction.vma_term = has_term(model.create, "per_vma_ns");
  const std::vector<SizeBucket> buckets = parent_size_buckets();
  std::vector<RowForks> bucket_forks(buckets.size());
  RowForks all_forks;
  for (const SizeBucket& bucket : buckets) {
    prediction.buckets.push_back({bucket.label, bucket.low_kb, bucket.high_kb});
  }
  prediction.all.label = "all forks";
  for (const TraceRun& run : census.runs) {
    if (!run.traced) {
      continue;
    }
    prediction.runs += 1;
    for (const Creation& creation : run.creations) {
      if (creation.kind != CreationKind::kFork || creation.error != 0) {
        count_unpredicted(creation, prediction);
        continue;
      }
      add_fork(creation, model.create, all_forks, prediction.all);
      for (std::size_t i = 0; i < buckets.size(); ++i) {
        if (buckets[i].holds(creation.parent.rss_kb())) {
          add_fork(creation, model.create, bucket_forks[i], prediction.buckets[i]);
        }
      }
    }
  }
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    finish_row(model.create, bucket_forks[i], prediction.buckets[i]);
  }
  finish_row(model.create, all_forks, prediction.all);
  return prediction;
}

}  // namespace clonebench

#include "model/model_run.hpp"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <stdexcept>

#include "core/error.hpp"
#include "model/vmemmap.hpp"
#include "stats/descriptive.hpp"
#include "stats/median_interval.hpp"

namespace clonebench::model {
namespace {

using Clock = std::chrono::steady_clock;

// CPU time of this thread: on a shared machine a walk is often preempted, and wall time would
// count the other processes' slices as the variant's cost.
std::int64_t thread_cpu_ns() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
}

// The simulated machine: vmemmap with an HVO'd HugeTLB pool at the top, the region below.
struct Machine {
  Vmemmap vmemmap;
  PageTables tables;
  std::vector<GatherEntry> gather;
  std::uint64_t mm_flags = 0;
  int need_resched = 0;

  explicit Machine(const ModelOptions& options)
      : vmemmap(options.memory_bytes / kPageSize), gather(kGatherBatch) {
    const std::uint64_t blocks = vmemmap.nr_pages() / kPagesPerPmd;
    if (options.hugetlb_folios >= blocks) {
      throw RuntimeError("model: the HugeTLB pool does not fit in the simulated memory");
    }
    for (std::uint64_t i = 0; i < options.hugetlb_folios; ++i) {
      vmemmap.make_hvo_hugetlb((blocks - 1 - i) * kPagesPerPmd);
    }
    const RegionSpec spec{options.region_bytes, options.layout, options.large_folio_pct,
                          options.seed};
    tables = populate_region(vmemmap, spec, options.hugetlb_folios);
  }

  WalkContext context() {
    WalkContext context;
    context.vmemmap = vmemmap.base();
    context.max_pfn = vmemmap.nr_pages() - 1;
    context.parent_ptes = tables.parent.data();
    context.child_ptes = tables.child.data();
    context.nr_ptes = tables.parent.size();
    context.mm_flags = &mm_flags;
    context.need_resched = &need_resched;
    context.gather = gather.data();
    return context;
  }
};

struct WalkTimes {
  double copy_ns_per_pte = 0;
  double zap_ns_per_pte = 0;
  std::uint64_t large_batches = 0;
};

// One fork+exit of the region with this variant. The counters must come back to where they
// were: the child gets every entry, then gives every entry back, and no folio is freed.
WalkTimes fork_and_exit(Machine& machine, const Variant& variant) {
  WalkContext context = machine.context();
  const std::int64_t start = thread_cpu_ns();
  variant.copy_walk(&context);
  const std::int64_t copied = thread_cpu_ns();
  const auto child_rss = context.rss_anon;
  variant.zap_walk(&context);
  const std::int64_t zapped = thread_cpu_ns();
  const auto entries = static_cast<std::int64_t>(context.nr_ptes);
  if (child_rss != entries || context.rss_anon != 0 || context.freed_folios != 0) {
    throw RuntimeError("model: variant " + variant.name +
                       " left the simulated memory inconsistent (rss or refcounts)");
  }
  const auto per_pte = [&](std::int64_t elapsed_ns) {
    return static_cast<double>(elapsed_ns) / static_cast<double>(entries);
  };
  return {per_pte(copied - start), per_pte(zapped - copied), context.large_batches};
}

std::vector<double> ratios(const std::vector<double>& values, const std::vector<double>& base) {
  std::vector<double> out(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    out[i] = values[i] / base[i];
  }
  return out;
}

std::vector<double> sums(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    out[i] = a[i] + b[i];
  }
  return out;
}

}  // namespace

MedianInterval median_interval(std::span<const double> samples, double level) {
  if (samples.empty()) {
    throw std::invalid_argument("median_interval: no samples");
  }
  std::vector<double> sorted(samples.begin(), samples.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  const OrderInterval orders = median_order_interval(n, level);
  MedianInterval interval;
  interval.estimate = median(sorted);
  if (orders.lo_order < 1 || orders.hi_order > n) {
    // No pair of samples covers `level`: the widest there is, x(1)..x(n), misses the median
    // only when all n fall on one side of it.
    interval.low = sorted.front();
    interval.high = sorted.back();
    interval.coverage = 1 - 2 * std::pow(0.5, static_cast<double>(n));
    return interval;
  }
  interval.low = sorted[orders.lo_order - 1];
  interval.high = sorted[orders.hi_order - 1];
  interval.coverage = orders.confidence;
  return interval;
}

Comparison compare_variants(const VariantResult& numerator, const VariantResult& denominator) {
  Comparison comparison;
  comparison.numerator = numerator.variant;
  comparison.denominator = denominator.variant;
  comparison.copy = median_interval(ratios(numerator.copy_ns_per_pte, denominator.copy_ns_per_pte),
                                    kConfidenceLevel);
  comparison.zap = median_interval(ratios(numerator.zap_ns_per_pte, denominator.zap_ns_per_pte),
                                   kConfidenceLevel);
  comparison.total =
      median_interval(ratios(sums(numerator.copy_ns_per_pte, numerator.zap_ns_per_pte),
                             sums(denominator.copy_ns_per_pte, denominator.zap_ns_per_pte)),
                      kConfidenceLevel);
  return comparison;
}

const VariantResult* find_result(const ModelResult& result, const Variant& variant) {
  for (const VariantResult& entry : result.variants) {
    if (entry.variant == &variant) {
      return &entry;
    }
  }
  return nullptr;
}

std::vector<const Variant*> with_baselines(const std::vector<const Variant*>& selected) {
  std::vector<const Variant*> result;
  for (const Variant& variant : all_variants()) {
    const bool wanted = std::any_of(selected.begin(), selected.end(), [&](const Variant* v) {
      return v == &variant || &baseline_of(*v) == &variant;
    });
    if (wanted) {
      result.push_back(&variant);
    }
  }
  // A variant from outside the registry (a test's deliberately broken walk) runs after them.
  for (const Variant* variant : selected) {
    if (std::find(result.begin(), result.end(), variant) == result.end()) {
      result.push_back(variant);
    }
  }
  return result;
}

ModelResult run_model(const ModelOptions& options, const RoundObserver& before_round) {
  const auto started = Clock::now();
  std::vector<const Variant*> selected = options.variants;
  if (selected.empty()) {
    for (const Variant& variant : all_variants()) {
      selected.push_back(&variant);
    }
  }
  selected = with_baselines(selected);
  Machine machine(options);
  ModelResult result;
  result.options = options;
  result.nr_ptes = machine.tables.parent.size();
  result.small_pages = machine.tables.small_pages;
  result.large_folios = machine.tables.large_folios;
  // Warm-up: the first fork write-protects the parent and clears PG_anon_exclusive, as in the
  // kernel; from then on every round sees the steady state of a parent that forks repeatedly.
  for (const Variant* variant : selected) {
    result.large_batches_per_walk = fork_and_exit(machine, *variant).large_batches;
  }
  std::vector<VariantResult> results(selected.size());
  std::vector<std::size_t> order(selected.size());
  for (std::size_t i = 0; i < selected.size(); ++i) {
    results[i].variant = selected[i];
    order[i] = i;
  }
  std::mt19937_64 rng(options.seed);
  const double setup_s = std::chrono::duration<double>(Clock::now() - started).count();
  for (unsigned round = 0; round < options.rounds; ++round) {
    if (before_round) {
      before_round(round + 1, options.rounds,
                   std::chrono::duration<double>(Clock::now() - started).count(), setup_s);
    }
    std::shuffle(order.begin(), order.end(), rng);
    for (const std::size_t index : order) {
      const WalkTimes times = fork_and_exit(machine, *selected[index]);
      results[index].copy_ns_per_pte.push_back(times.copy_ns_per_pte);
      results[index].zap_ns_per_pte.push_back(times.zap_ns_per_pte);
    }
  }
  for (VariantResult& entry : results) {
    entry.copy = median_interval(entry.copy_ns_per_pte, kConfidenceLevel);
    entry.zap = median_interval(entry.zap_ns_per_pte, kConfidenceLevel);
  }
  result.coverage = results.front().copy.coverage;
  result.variants = std::move(results);
  result.elapsed_s = std::chrono::duration<double>(Clock::now() - started).count();
  return result;
}

}  // namespace clonebench::model

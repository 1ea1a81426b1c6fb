#pragma once
// From the runs of a sweep to its summary: one row per size with the per-run samples, and one
// line fit per phase (create, reap, total). Pure, so stored runs can be re-analysed.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "record/run_record.hpp"
#include "record/sweep_summary.hpp"
#include "sweep/cost_model_fit.hpp"
#include "sweep/sweep_design.hpp"

namespace clonebench {

struct SweepSettings {
  std::string stressor;
  ParentKind rss_kind = ParentKind::kAnon;
  std::vector<std::uint64_t> vmas = {1};  // --vmas, as given
  std::vector<std::uint64_t> folios;      // --folio in bytes, as given; empty: no folio axis
  std::uint32_t rounds = 5;
  std::uint32_t instances = 1;
  double timeout_per_point_s = 1.0;
  std::uint64_t seed = 0;
  std::vector<std::uint64_t> sizes;  // bytes, as given
  // `--precision P --max-time D`: rounds (then a cap) go on until the per-page interval of the
  // total cost is at most ±P of its estimate, or until one more round would end after D.
  std::optional<double> precision;  // relative half-width: 0.03 = ±3 %
  std::optional<double> max_time_s;
  // The design points (every combination of sizes, vmas and folios); SweepSample::point indexes
  // this list.
  std::vector<SweepPoint> design() const { return full_factorial(sizes, vmas, folios); }
};

// The three costs of one run in nanoseconds: mean create latency, mean reap latency, and total =
// CPU time (usr + sys, children included) per bogo op.
struct PhaseCosts {
  double create_ns = 0, reap_ns = 0, total_ns = 0;
};

// What the analysis needs of one run: a few numbers, not its histograms, so that a long sweep
// holds little memory however many runs it makes.
struct SweepRun {
  ParentMemory parent;
  std::uint64_t requested_bytes = 0;  // --rss (RunOptions::rss_bytes)
  std::uint64_t bogo_ops = 0;
  std::uint64_t create_count = 0;
  PhaseCosts costs;
};
SweepRun sweep_run_of(const RunResult& result);

struct SweepSample {
  std::size_t point = 0;  // index into SweepSettings::design()
  std::uint32_t round = 0;
  std::uint32_t order = 0;  // position within its round (the shuffled order)
  SweepRun run;
};

// The x of the fit: 4 KiB pages of the region that the parent really populated (region Rss / 4
// KiB), except `zero`, whose entries map the shared zero page and are not resident: its requested
// size in 4 KiB pages. For anon this is the number of entries fork copies.
double sweep_pages(const ParentMemory& parent, std::uint64_t requested_bytes);
// Entries fork really copies for this parent (docs/sweep.md): 4 KiB anon entries plus one
// per PMD-mapped THP; none for shared and file (no anon_vma); one per hugetlb page; for zero,
// its anonymous pages (none where a read maps the zero page, every page where the kernel
// allocates one).
double entries_copied(const ParentMemory& parent);

PhaseCosts phase_costs(const RunResult& result);

// The regressors of the cost model for one run: the pages of sweep_pages() that a PTE maps
// (PMD-mapped THP left out), the VMAs asked for (none without a region), and
// the folios holding the pages as the sampled folio orders say (pages / folio pages when nothing
// was sampled and a folio size was asked for; pages otherwise).
ShapeX shape_of(const ParentMemory& parent, std::uint64_t requested_bytes);

// The folio sizes a point's runs really got, added up over its runs.
FolioObtained folio_obtained(const std::vector<const ParentMemory*>& runs);

// Half the width of the per-page slope's interval of the total cost, relative to the slope:
// 0.03 is ±3 %. Infinite when the slope is 0 or the samples span fewer than 2 sizes.
double per_page_half_width(const std::vector<SweepSample>& samples);

// The sweep's analysis: settings, points and fits, and the cost model or why it was not fitted
// (docs/sweep.md; run_sweep adds why it stopped). Throws RuntimeError when a run produced no
// operations (nothing to fit).
SweepSummary analyze_sweep(const SweepSettings& settings, const std::vector<SweepSample>& samples,
                           double elapsed_s);

}  // namespace clonebench

#pragma once
// The analysis behind `compare` and `ab`: per metric, a Hodges–Lehmann estimate of B relative
// to A on the log scale with a rank-test CI, p-value, Holm adjustment across metrics, verdict,
// runs needed and minimum detectable effect, and per-side diagnostics. Pure functions of the
// samples; renderers turn the report into text.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compare/boot_design.hpp"
#include "compare/verdict.hpp"
#include "record/metric_table.hpp"
#include "stats/descriptive.hpp"
#include "stats/median_interval.hpp"

namespace clonebench {

struct CompareOptions {
  double alpha = 0.05;
  double threshold = 0.01;  // fraction: 0.01 = 1 %
  // A and B were measured alternately though not in pairs (kernels' boots, ABBA/BAAB): drift of
  // the machine is balanced between them, and the drift warning says so instead of advising ab.
  bool interleaved = false;
};

// What a metric's row is for (docs/statistics.md, "Primary and secondary metrics"). A primary
// metric (the default one, or each named with --metric) decides: Holm's adjustment spans the
// primary metrics alone, and only they set the summary, the exit codes of --fail-on and
// --bisect. A secondary metric is shown beside them, described: its p is its own, unadjusted,
// and nothing is gated on it.
enum class MetricRole { kPrimary, kSecondary };

// The values of one metric on each side (for paired analysis, a[i] and b[i] form pair i).
struct MetricSamples {
  std::string name;
  MetricInfo info;
  std::vector<double> a, b;
  // The boot each value was measured in (parallel to a and b); empty when the inputs do not say
  // (analyze_with_boots, compare/boot_analysis.hpp).
  std::vector<std::string> a_boots = {}, b_boots = {};
  MetricRole role = MetricRole::kPrimary;
  // False for a metric nobody defined (another tool's misc metric): its verdict says whether B is
  // higher or lower, never faster or slower, and it never counts as a regression.
  bool direction_known = true;
};

struct SideSummary {
  std::size_t n = 0;
  double median = 0, mean = 0;
  ValueInterval median_ci;  // benchstat's order-statistic CI at 1 − alpha
  double cv = 0;            // exp(sd(ln x)) − 1
  double robust_cv = 0;     // 1.4826·MAD/median
  OutlierCounts outliers;
  Drift drift;  // Spearman ρ of value vs order taken
};

struct Effect {
  double estimate_pct = 0;                 // B relative to A, percent of the metric (+ = B higher)
  double ci_low_pct = 0, ci_high_pct = 0;  // 1 − alpha; ±inf when unbounded
  double ci90_low_pct = 0, ci90_high_pct = 0;  // 1 − 2·alpha, for equivalence
  double p = 1, p_holm = 1;
  bool exact = true;           // exact null distribution used
  bool enough_samples = true;  // the rank test can reach alpha at these sizes
  std::size_t min_runs = 0;    // runs per side (or pairs) the test needs to reach alpha at all
  Verdict verdict = Verdict::kInconclusive;
  std::size_t runs_needed = 0;  // per side (pairs when paired) to detect ±threshold, power 0.8
  double mde_pct = 0;           // smallest change detectable 80 % of the time with these runs
  double sigma_log = 0;         // the noise used for runs_needed/mde (log scale)
};

struct MetricComparison {
  std::string name;
  MetricInfo info;
  SideSummary a, b;
  Effect effect;  // with boots as the units when boots->design is kBootLevel
  std::optional<BootAnalysis> boots =
      std::nullopt;  // absent when the inputs do not say which boot a run had
  MetricRole role = MetricRole::kPrimary;
  bool direction_known = true;  // MetricSamples::direction_known
};

// True for a metric that decides (MetricRole::kPrimary).
bool is_primary(const MetricComparison& metric) noexcept;

// Where one side's runs came from, for the JSON output: the input's format, how many runs, the
// stored run ids among them and, for an `ab` arm, which arm with its options (an arm lists its
// run ids even when none was stored).
struct SideSource {
  std::string format;
  std::optional<std::string> arm, arm_options;
  std::size_t runs = 0;
  std::vector<std::int64_t> run_ids;
};

struct ComparisonResult {
  std::string a_name, b_name;  // what the user passed: labels, run ids or file names
  std::optional<SideSource> a_source, b_source;  // absent: the caller did not say
  bool paired = false;
  CompareOptions options;
  std::vector<MetricComparison> metrics;
  std::vector<std::string> warnings;  // environment differences, drift, ...
};

// Unpaired (two independent samples per metric): Mann–Whitney U, HL of all differences. Holm's
// adjustment spans the primary metrics; a secondary one keeps its own p (p_holm = p).
// Throws UsageError when a metric has a non-positive value (ratios need positive values) or a
// side has no values.
ComparisonResult analyze_unpaired(const std::vector<MetricSamples>& metrics,
                                  const CompareOptions& options);

// Paired (a[i], b[i] measured together): Wilcoxon signed-rank and HL of ln b[i] − ln a[i].
// Throws UsageError when a metric's sides differ in length.
ComparisonResult analyze_paired(const std::vector<MetricSamples>& metrics,
                                const CompareOptions& options);

}  // namespace clonebench

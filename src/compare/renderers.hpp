#pragma once
// Renderers of a comparison report: pure functions, same report → same bytes.

#include <string>

#include "compare/comparison.hpp"

namespace clonebench {

// The "schema" of the comparison document; `clonebench --version` names it too.
inline constexpr const char* kCompareSchema = "clonebench-compare/1";

// The human table: estimate, CI, p, verdict per metric, noise lines, warnings, summary.
std::string render_compare_table(const ComparisonResult& report);
// benchstat's table (medians ± order-statistic CI, delta of medians or "~", p and n).
std::string render_compare_benchstat(const ComparisonResult& report);
// A Markdown table (hyperfine-like) plus the summary sentence.
std::string render_compare_markdown(const ComparisonResult& report);
// The clonebench-compare/1 document: compare_json.hpp.

}  // namespace clonebench

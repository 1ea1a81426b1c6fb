#pragma once
// How a comparison ends a process: the chosen output format and, with --fail-on, the exit
// code a CI job can gate on. 0 by default, so a comparison alone never fails a pipeline.

#include <string>
#include <vector>

#include "compare/comparison.hpp"

namespace clonebench {

inline constexpr int kExitSlower = 3;        // --fail-on slower: some metric is slower (beyond θ)
inline constexpr int kExitInconclusive = 4;  // --fail-on inconclusive: some metric undecided

// "table" | "benchstat" | "markdown" | "json"; throws UsageError naming --format otherwise.
std::string render_report(const ComparisonResult& report, const std::string& format);

// True when render_report() in `format` prints the report's warnings itself (every format but
// benchstat's, whose layout is benchstat's own).
bool format_shows_warnings(const std::string& format) noexcept;

// `fail_on` holds "slower" and/or "inconclusive"; slower wins when both apply.
int gate_exit_code(const ComparisonResult& report, const std::vector<std::string>& fail_on);

// "1%", "0.5 %", "2" (all percent) → fraction; throws UsageError naming `flag`.
double parse_threshold(const std::string& text, const std::string& flag);

}  // namespace clonebench

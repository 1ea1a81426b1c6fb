#pragma once
// `clonebench report` formats. Pure: the same input always gives the same bytes (no clock, no
// environment), so both are golden-tested.

#include <string>
#include <vector>

#include "report/document.hpp"
#include "report/report_input.hpp"

namespace clonebench {

// Tables for GitHub and mailing lists: runs, throughput over time, latency, the trend across
// labels with CIs, the comparison of the first and last label (or the experiment's analysis),
// the verdict sentences, warnings, and the environment side by side with differences in bold.
std::string render_markdown_report(const ReportInput& input);

// The report as a document (report/document.hpp), which the markdown and the HTML are written
// from: the title, the lead (the answer, which the HTML puts above its plots) and the body.
ReportDocument report_document(const ReportInput& input);

// Plain text for a Launchpad bug's "[Test Plan]" and "[Test Results]": the commands, the
// kernels, the table of the metric with medians and n, the effect with its CI, p and verdict
// in one sentence, the noise and the runs that would settle an inconclusive result, and the
// environment lines that matter.
std::string render_sru_report(const ReportInput& input);

// One self-contained HTML file: the report's document as HTML, the plots (`svgs`, inline SVG
// elements drawn from plot_script(), captioned by `titles`) first, inline CSS, no script, and
// a Content-Security-Policy forbidding every fetch.
std::string render_html_report(const ReportInput& input, const std::vector<std::string>& titles,
                               const std::vector<std::string>& svgs);

}  // namespace clonebench

#pragma once
// A stored `clonebench trace` census (experiment kind trace) in the report's formats: the
// report section, its sru text and the HTML report's plots (parent RSS at creation, time by kind,
// a timeline of creations). Pure: they take the census the store decoded once, with the fork
// prediction stored with it.

#include <string>

#include "record/trace_summary.hpp"
#include "report/document.hpp"
#include "report/plot_script.hpp"

namespace clonebench {

// The census as a report's section: the command, the runs, time by kind, creations by the
// parent's RSS and by program, and the fork model's predictions when the census holds a model.
Blocks trace_section(const TraceCensus& census);
// The census alone as Markdown, titled by its tag, ending at its last line.
std::string trace_markdown_report(const std::string& tag, const TraceCensus& census);
std::string trace_sru_report(const TraceCensus& census);
// Every number goes into datablocks; no text of the census (program names, the command) enters
// the script.
PlotScript trace_plot_script(const TraceCensus& census);

}  // namespace clonebench

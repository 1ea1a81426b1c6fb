#pragma once
// A stored `clonebench trace` census (experiment kind "trace") in the report's formats: the
// markdown and sru sections and the HTML report's plots (parent RSS at creation, time by kind,
// a timeline of creations). Pure; the census is decoded from the experiment's summary.

#include <string>

#include "report/plot_script.hpp"
#include "store/store.hpp"

namespace clonebench {

std::string trace_markdown_report(const Experiment& experiment);
std::string trace_sru_report(const Experiment& experiment);
// Every number goes into datablocks; no text of the census (program names, the command) enters
// the script.
PlotScript trace_plot_script(const Experiment& experiment);

}  // namespace clonebench

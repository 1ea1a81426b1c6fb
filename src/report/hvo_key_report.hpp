#pragma once
// A stored `ab --preset hvo-key` experiment (kind hvo-key) in the report's formats: its section
// (the two paired effects at the large size, the attribution, the per-page slopes, the discarded
// runs), its SRU text, whose test plan runs the preset again, and its plots. Pure: they take the
// typed summary the store decoded (record/hvo_key_summary.hpp).

#include <string>

#include "record/experiment.hpp"
#include "report/document.hpp"
#include "report/script_builder.hpp"

namespace clonebench {

// `sudo clonebench ab --preset hvo-key SPEC --seed 0x…`: the same arms, sizes and pair orders.
std::string hvo_key_command(const HvoKeySummary& summary);

Blocks hvo_key_section(const Experiment& experiment, const HvoKeySummary& summary);

// "[Test Plan]" and "[Test Results]" (the environment lines are the caller's).
std::string hvo_key_sru_report(const HvoKeySummary& summary);

// The two effects with their 95 % CIs around zero, and the per-page slopes of every arm with
// theirs. Only numbers enter the script; the slopes' names go through gp_text().
void hvo_key_plots(ScriptBuilder& builder, const HvoKeySummary& summary);

}  // namespace clonebench

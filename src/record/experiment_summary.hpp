#pragma once
// The one codec of an experiment's stored analysis, of any kind: the typed summary of
// record/experiment.hpp from the stored document, checked (summary_field.hpp says what is
// checked). Each kind's own codec is in its *_json.hpp; this picks it by the kind.

#include <nlohmann/json.hpp>
#include <optional>

#include "record/ab_summary_json.hpp"
#include "record/experiment.hpp"
#include "record/scale_summary_json.hpp"
#include "record/summary_field.hpp"
#include "record/sweep_summary_json.hpp"

namespace clonebench {

// The summary an experiment of `kind` stored; none for the empty object of one that is running
// or was stopped before its analysis. Throws SummaryError naming the first malformed field.
std::optional<ExperimentSummary> experiment_summary_from_json(ExperimentKind kind,
                                                              const nlohmann::json& summary);

}  // namespace clonebench

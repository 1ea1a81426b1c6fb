#pragma once
// The one codec of a run's "options" object (record/run_options.hpp, docs/schema.md).

#include <nlohmann/json.hpp>

#include "record/run_options.hpp"

namespace clonebench {

// Every present field, and nothing for an absent one; a stress-ng run's workload adds
// "seed_given" (when known) and stress-ng's options.
nlohmann::json run_options_to_json(const RunOptions& options);

// Tolerant, as readers of stored runs always were: a field that is missing, null or of another
// type than its writer gives is absent; a command-line word that is not text is kept as its JSON
// text; a workload this version does not know reads as none recorded. Anything but an object
// reads as no options at all. The exception is stress-ng's options of a stress-ng run, read by
// their own checked codec (stress_ng_options_json.hpp): a malformed one throws SummaryError
// naming it, since the command they rebuild would be wrong.
RunOptions run_options_from_json(const nlohmann::json& options);

}  // namespace clonebench

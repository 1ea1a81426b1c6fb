#pragma once
// The one JSON codec of the stored hvo-key summary (hvo_key_summary.hpp) and of the document
// `ab --preset hvo-key --json` writes. The decoder reads untrusted stored text: every field a
// renderer uses is checked (type, finite numbers) and a malformed one is a SummaryError naming
// it.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "record/hvo_key_summary.hpp"

namespace clonebench {

nlohmann::json hvo_key_summary_json(const HvoKeySummary& summary);
// Throws SummaryError naming the first malformed field.
HvoKeySummary hvo_key_summary_from_json(const nlohmann::json& json);

// {"format": "clonebench-hvo-key/1", "summary", "experiment": its tag, or null when not stored}.
nlohmann::json hvo_key_document_json(const HvoKeySummary& summary,
                                     const std::optional<std::string>& experiment);

}  // namespace clonebench

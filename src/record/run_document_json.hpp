#pragma once
// The clonebench/1 JSON document (docs/schema.md, "2. JSON: clonebench/1"), both ways: the
// record's own codec, so the exporters write and the tests read back the same field names.

#include <nlohmann/json.hpp>
#include <string>

#include "record/run_record.hpp"

namespace clonebench {

// The "schema" of the run document; `clonebench --version` names it too.
inline constexpr const char* kRunSchema = "clonebench/1";

// The document of docs/schema.md, "2. JSON: clonebench/1" (names are a contract).
nlohmann::json to_json(const RunDocument& document);
// The document as `--json` writes it: indented by 2, a line break at the end.
std::string run_document_text(const RunDocument& document);
// Reads a document back (docs/schema.md, "2.3 Reading back"); throws UsageError naming `source`.
RunDocument run_document_from_json(const nlohmann::json& json, const std::string& source);

}  // namespace clonebench

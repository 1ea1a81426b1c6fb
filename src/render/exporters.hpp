#pragma once
// Pure exporters: the same document always renders to the same bytes. No I/O, no clock.

#include <string>
#include <vector>

#include "record/environment.hpp"
#include "record/run_record.hpp"

namespace clonebench {

// The clonebench/1 document is not rendered here: it is the record codec's own text
// (run_document_text), written where a document leaves the program.

// stress-ng's YAML layout and key names (docs/schema.md, "3. YAML"), clonebench values.
std::string render_yaml(const RunDocument& document);

// One flat summary row per run (CSV cannot carry nested data).
// The last columns, kernel_release, hostname and timeout_s, come from `run_environments[i]` for
// run i when given (an export of runs from several kernels), else from the document's.
std::string render_csv(const RunDocument& document,
                       const std::vector<Environment>& run_environments = {});

// The human table on stdout.
std::string render_table(const RunDocument& document);

// stress-ng's --metrics table with prefix "clonebench: metrc: [PID] " (exact column formats in
// docs/schema.md, "5. --metrics"), then a latency table in the same prefix.
std::string render_metrics(const RunDocument& document, int pid);

}  // namespace clonebench

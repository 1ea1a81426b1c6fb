#pragma once
// Where a command's documents go: one row per output flag (--json, --yaml, --csv), each with the
// exporter that renders it. Rendered only when the flag was given; "-" is stdout, which then
// carries that document instead of the text report.

#include <functional>
#include <string>
#include <vector>

namespace clonebench {

struct OutputRow {
  std::string path;  // empty: the flag was not given
  std::string flag;  // "--json"
  std::function<std::string()> render;
};

using OutputTable = std::vector<OutputRow>;

// Before anything runs (also with --no-store): every given path can be written, at most one is
// stdout, and none is the database at `database_path` (render/output_file.hpp).
void check_outputs(const OutputTable& outputs, const std::string& database_path);

// Writes every given output in the table's order. True when none went to stdout, so the text
// report is the caller's to print.
bool write_outputs(const OutputTable& outputs);

}  // namespace clonebench

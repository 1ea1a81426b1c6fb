#include "experiment/output_table.hpp"

#include "render/output_file.hpp"

namespace clonebench {

void check_outputs(const OutputTable& outputs, const std::string& database_path) {
  std::vector<OutputTarget> targets;
  for (const OutputRow& row : outputs) {
    targets.push_back({row.path, row.flag});
  }
  check_output_targets(targets, database_path);
}

bool write_outputs(const OutputTable& outputs) {
  bool text_report = true;
  for (const OutputRow& row : outputs) {
    if (!row.path.empty()) {
      write_output(row.path, row.render(), row.flag);
    }
    text_report = text_report && row.path != "-";
  }
  return text_report;
}

}  // namespace clonebench

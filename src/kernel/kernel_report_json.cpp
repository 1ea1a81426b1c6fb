#include "kernel/kernel_report_json.hpp"

#include "kernel/kernel_path_json.hpp"

namespace clonebench {

nlohmann::json kernel_report_json(const KernelReport& report) {
  return {
      {"schema", "clonebench-kernel/1"},
      {"kernel_release", report.kernel_release},
      {"kernel_path", kernel_path_to_json(report.facts)},
      {"hvo_key_on", report.hvo_key_on ? nlohmann::json(*report.hvo_key_on) : nullptr},
      {"hvo_key_on_basis", report.hvo_key_basis},
      {"config_hugetlb_page_optimize_vmemmap",
       report.config_optimize_vmemmap ? nlohmann::json(*report.config_optimize_vmemmap) : nullptr},
      {"compound_head_world",
       {{"world", head_world_name(report.head_world.world)},
        {"certainty", certainty_name(report.head_world.certainty)},
        {"basis", report.head_world.basis}}},
      {"meaning", explain_fork_cost(report)}};
}

}  // namespace clonebench

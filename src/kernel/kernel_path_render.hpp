#pragma once
// `clonebench kernel`: the facts of kernel/kernel_path.hpp with the HVO key and the config option
// as the environment has them, and what they mean for the cost of fork and clone.

#include <optional>
#include <string>

#include "kernel/compound_head_world.hpp"
#include "kernel/kernel_path.hpp"

namespace clonebench {

struct KernelReport {
  std::string kernel_release;
  KernelPathFacts facts;
  std::optional<bool> hvo_key_on;  // hugetlb_optimize_vmemmap_key, as `env` derives it
  std::string hvo_key_basis;
  std::optional<std::string> config_optimize_vmemmap;  // CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP
  HeadWorldVerdict head_world;                         // decided from the fields above
};

// What decide_head_world() needs, from the report's facts.
HeadWorldEvidence head_world_evidence(const KernelReport& report);

// `report` with its head_world decided from its other fields, which the caller fills from an
// environment (machine/kernel_report_source.hpp).
KernelReport decide_kernel_report(KernelReport report);

// One paragraph: what these facts mean for a fork or clone without CLONE_VM, pointing at
// `clonebench model` for the size of the effect.
std::string explain_fork_cost(const KernelReport& report);

std::string render_kernel_report(const KernelReport& report);

}  // namespace clonebench

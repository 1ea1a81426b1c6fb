#include "machine/kernel_report_source.hpp"

namespace clonebench {

KernelReport kernel_report_from_environment(const Environment& environment) {
  KernelReport report;
  report.kernel_release = environment.kernel_release.value_or("unknown");
  report.facts = environment.kernel_path.value_or(unknown_kernel_path());
  const HvoFacts hvo = environment.hvo.value_or(HvoFacts{});
  report.hvo_key_on = hvo.key_on.optional();
  report.hvo_key_basis = hvo.key_on_basis.value_or("not recorded");
  if (environment.config) {
    const auto option = environment.config->find("CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP");
    report.config_optimize_vmemmap = option == environment.config->end() ? "n" : option->second;
  }
  return decide_kernel_report(std::move(report));
}

}  // namespace clonebench

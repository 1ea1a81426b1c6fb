#include "readiness/readiness_render.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "core/word_wrap.hpp"
#include "sys/cpu_list.hpp"

namespace clonebench {

const char* status_name(FindingStatus status) noexcept {
  switch (status) {
    case FindingStatus::kOk:
      return "ok";
    case FindingStatus::kNote:
      return "note";
    case FindingStatus::kDisturbs:
      return "disturbs";
    case FindingStatus::kUnknown:
      return "unknown";
  }
  return "unknown";
}

std::size_t ReadinessReport::disturbing() const noexcept {
  return static_cast<std::size_t>(
      std::count_if(findings.begin(), findings.end(),
                    [](const Finding& f) { return f.status == FindingStatus::kDisturbs; }));
}

ReadinessReport assess_machine(const MachineSnapshot& snapshot, const std::vector<int>& pin) {
  ReadinessReport report;
  report.root = snapshot.root;
  report.cpus_from_pin = !pin.empty();
  if (pin.empty()) {
    for (const CpuFiles& files : snapshot.cpus) {
      report.cpus_used.push_back(files.cpu);
    }
  } else {
    report.cpus_used = pin;
  }
  report.findings = assess_cpus(snapshot, report.cpus_used);
  for (Finding& finding : assess_system(snapshot)) {
    report.findings.push_back(std::move(finding));
  }
  return report;
}

std::string render_readiness(const ReadinessReport& report) {
  const std::size_t disturbing = report.disturbing();
  std::string out = fmt::format(
      "clonebench check of {} for CPUs {} ({}): {}\n", report.root,
      format_cpu_list(report.cpus_used), report.cpus_from_pin ? "--pin" : "every online CPU",
      disturbing == 0 ? "nothing would disturb a measurement"
                      : fmt::format("{} finding(s) would disturb a measurement", disturbing));
  for (const Finding& finding : report.findings) {
    out += fmt::format("\n[{}] {}\n", status_name(finding.status), finding.id);
    out += word_wrap(finding.summary, 100, "  ");
    for (const std::string& evidence : finding.evidence) {
      out += "  evidence: " + evidence + "\n";
    }
    for (const std::string& command : finding.commands) {
      out += "  tune: " + command + "\n";
    }
  }
  out += "\nclonebench check changes nothing; the 'tune' lines are for you to run (as root).\n";
  return out;
}

}  // namespace clonebench

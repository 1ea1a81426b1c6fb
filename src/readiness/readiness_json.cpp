#include "readiness/readiness_json.hpp"

namespace clonebench {

nlohmann::json readiness_json(const ReadinessReport& report) {
  nlohmann::json findings = nlohmann::json::array();
  for (const Finding& finding : report.findings) {
    findings.push_back({{"id", finding.id},
                        {"status", status_name(finding.status)},
                        {"summary", finding.summary},
                        {"evidence", finding.evidence},
                        {"commands", finding.commands}});
  }
  return {{"schema", "clonebench-check/1"},    {"root", report.root},
          {"cpus_used", report.cpus_used},     {"cpus_from_pin", report.cpus_from_pin},
          {"disturbing", report.disturbing()}, {"exit_code", report.exit_code()},
          {"findings", std::move(findings)}};
}

}  // namespace clonebench

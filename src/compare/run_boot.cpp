#include "compare/run_boot.hpp"

#include "record/environment_json.hpp"

namespace clonebench {

std::string run_boot(const nlohmann::json& environment, const std::string& label) {
  const Environment facts = environment_from_json(environment);
  if (facts.boot_id && !facts.boot_id->empty()) {
    return *facts.boot_id;
  }
  return "unknown boot of " + label + " on " + facts.hostname.value_or("an unknown host");
}

}  // namespace clonebench

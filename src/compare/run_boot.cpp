#include "compare/run_boot.hpp"

namespace clonebench {

std::string run_boot(const Environment& facts, const std::string& label) {
  if (facts.boot_id && !facts.boot_id->empty()) {
    return *facts.boot_id;
  }
  return "unknown boot of " + label + " on " + facts.hostname.value_or("an unknown host");
}

}  // namespace clonebench

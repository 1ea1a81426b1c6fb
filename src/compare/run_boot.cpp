#include "compare/run_boot.hpp"

namespace clonebench {

std::string run_boot(const nlohmann::json& environment, const std::string& label) {
  if (environment.is_object()) {
    const auto id = environment.find("boot_id");
    if (id != environment.end() && id->is_string() && !id->get<std::string>().empty()) {
      return id->get<std::string>();
    }
  }
  std::string host = "an unknown host";
  if (environment.is_object()) {
    const auto name = environment.find("hostname");
    if (name != environment.end() && name->is_string()) {
      host = name->get<std::string>();
    }
  }
  return "unknown boot of " + label + " on " + host;
}

}  // namespace clonebench

#include "record/stress_ng_options_json.hpp"

#include "record/summary_field.hpp"

namespace clonebench {

void add_stress_ng_options_json(const StressNgOptions& stress_ng, nlohmann::json& options) {
  options["fork_max"] = stress_ng.fork_max;
  options["vfork_max"] = stress_ng.vfork_max;
  options["fork_vm"] = stress_ng.fork_vm != 0;
  options["fork_pageout"] = stress_ng.fork_pageout != 0;
  options["fork_unmap"] = stress_ng.fork_unmap != 0;
}

StressNgOptions stress_ng_options_from_json(const nlohmann::json& options) {
  const SummaryField root(options, "options");
  StressNgOptions stress_ng;
  const auto count = [&root](const char* key, std::uint32_t& out) {
    if (const std::optional<SummaryField> field = root.find(key)) {
      out = field->count32();
    }
  };
  const auto flag = [&root](const char* key, std::uint8_t& out) {
    if (const std::optional<SummaryField> field = root.find(key)) {
      out = field->boolean() ? 1 : 0;
    }
  };
  count("fork_max", stress_ng.fork_max);
  count("vfork_max", stress_ng.vfork_max);
  flag("fork_vm", stress_ng.fork_vm);
  flag("fork_pageout", stress_ng.fork_pageout);
  flag("fork_unmap", stress_ng.fork_unmap);
  return stress_ng;
}

}  // namespace clonebench

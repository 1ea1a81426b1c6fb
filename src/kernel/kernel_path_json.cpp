#include "kernel/kernel_path_json.hpp"

namespace clonebench {

nlohmann::json kernel_path_to_json(const KernelPathFacts& facts) {
  return {{"kallsyms", {{"access", facts.kallsyms_access}, {"detail", facts.kallsyms_detail}}},
          {"compound_head", facts.compound_head},
          {"out_of_line", facts.out_of_line},
          {"listed_as", facts.listed_as},
          {"data_symbols", facts.data_symbols},
          {"return_thunk",
           {{"kind", facts.return_thunk.kind},
            {"description", facts.return_thunk.description},
            {"evidence", facts.return_thunk.evidence}}}};
}

KernelPathFacts kernel_path_from_json(const nlohmann::json& json) {
  KernelPathFacts facts;
  if (!json.is_object()) {
    return unknown_kernel_path();
  }
  const nlohmann::json kallsyms = json.value("kallsyms", nlohmann::json::object());
  facts.kallsyms_access = kallsyms.value("access", "");
  facts.kallsyms_detail = kallsyms.value("detail", "");
  facts.compound_head = json.value("compound_head", "unknown");
  facts.out_of_line = json.value("out_of_line", std::map<std::string, bool>{});
  facts.listed_as = json.value("listed_as", std::map<std::string, std::string>{});
  facts.data_symbols = json.value("data_symbols", std::map<std::string, bool>{});
  const nlohmann::json thunk = json.value("return_thunk", nlohmann::json::object());
  facts.return_thunk.kind = thunk.value("kind", "unknown");
  facts.return_thunk.path = return_path_of_kind(facts.return_thunk.kind);
  facts.return_thunk.description = thunk.value("description", "");
  facts.return_thunk.evidence = thunk.value("evidence", std::map<std::string, std::string>{});
  return facts;
}

}  // namespace clonebench

// `clonebench list`: the stressors, what each creates and what its "start" latency means.
#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "core/error.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {

void add_list_command(CLI::App& app, CommandList& commands) {
  CLI::App* list = app.add_subcommand("list", "describe the stressors");
  auto as_json = std::make_shared<bool>(false);
  list->add_flag("--json", *as_json, "print the list as JSON");
  commands.push_back(Command{list, [as_json] {
                               if (*as_json) {
                                 nlohmann::json out = nlohmann::json::array();
                                 for (const StressorDef* def : all_stressors()) {
                                   out.push_back({{"name", def->info.name},
                                                  {"summary", def->info.summary},
                                                  {"start", def->info.child_start}});
                                 }
                                 fmt::print("{}\n", out.dump(2));
                                 return kExitOk;
                               }
                               for (const StressorDef* def : all_stressors()) {
                                 fmt::print("{:<8} {}\n{:<8} start = {}\n", def->info.name,
                                            def->info.summary, "", def->info.child_start);
                               }
                               return kExitOk;
                             }});
}

}  // namespace clonebench

#include "cli/cli_description.hpp"

#include <CLI/CLI.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cli/ab_arguments.hpp"
#include "cli/run_spec.hpp"
#include "core/experiment_kind.hpp"
#include "record/parent.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {
namespace {

using Json = nlohmann::ordered_json;

// Values that clonebench's own parsers check (CLI11 sees plain text), so the definition cannot
// list them.
std::vector<std::string> own_parser_values(std::string_view name) {
  std::vector<std::string> values;
  if (name == "--rss-kind") {
    for (const std::string_view kind : parent_kind_names()) {
      values.emplace_back(kind);
    }
  } else if (name == "SELECTION") {  // report: the newest experiment of a kind
    for (const ExperimentKind kind : experiment_kinds()) {
      values.emplace_back(experiment_kind_name(kind));
    }
  } else if (name == "stressors" || name == "STRESSOR") {
    for (const StressorDef* def : all_stressors()) {
      values.emplace_back(def->info.name);
    }
  }
  return values;
}

// Values CLI11 checks itself: an IsMember validator appends ":{a,b,c}" to the type name.
std::vector<std::string> member_values(const CLI::Option& option) {
  std::vector<std::string> values;
  const std::string type = option.get_type_name();
  const std::size_t open = type.find(":{");
  const std::size_t close = type.find('}', open);
  if (open == std::string::npos || close == std::string::npos) {
    return values;
  }
  const std::string members = type.substr(open + 2, close - open - 2);
  std::size_t begin = 0;
  while (begin <= members.size()) {
    const std::size_t comma = std::min(members.find(',', begin), members.size());
    values.push_back(members.substr(begin, comma - begin));
    begin = comma + 1;
  }
  return values;
}

// How a shell completes a value that has no fixed list: "files", "labels" (stored run labels,
// asked of the tool itself) or "" (nothing to offer).
std::string completion_of(std::string_view command, std::string_view name) {
  static const std::set<std::string_view> kPathOptions = {"--json", "--yaml", "--csv", "--db"};
  if (kPathOptions.contains(name)) {
    return "files";
  }
  if ((command == "compare" && (name == "A" || name == "B")) ||
      (command == "report" && name == "SELECTION")) {
    return "labels";
  }
  if (command == "kernels" && (name == "--a" || name == "--b")) {
    return "files";  // kernel images
  }
  if (command == "trace" && name == "--model") {
    return "files";  // a model file (or a sweep's experiment id, typed)
  }
  return "";
}

Json values_of(const CLI::Option& option, std::string_view name) {
  std::vector<std::string> values = member_values(option);
  if (values.empty()) {
    values = own_parser_values(name);
  }
  return values;
}

Json describe_option(const CLI::Option& option, std::string_view command) {
  Json names = Json::array();
  for (const std::string& name : option.get_snames()) {
    names.push_back("-" + name);
  }
  for (const std::string& name : option.get_lnames()) {
    names.push_back("--" + name);
  }
  const std::string main_name = names.back();
  return Json{{"names", names},
              {"takes_value", option.get_expected_max() > 0},
              {"description", option.get_description()},
              {"values", values_of(option, main_name)},
              {"complete", completion_of(command, main_name)}};
}

Json describe_positional(const CLI::Option& option, std::string_view command) {
  const std::string name = option.get_name(true, false);
  return Json{{"name", name},
              {"many", option.get_items_expected_max() > 1},
              {"required", option.get_required()},
              {"description", option.get_description()},
              {"values", values_of(option, name)},
              {"complete", completion_of(command, name)}};
}

// Options and positionals of one command definition.
void describe_arguments(const CLI::App& definition, std::string_view command, Json& out) {
  out["options"] = Json::array();
  out["positionals"] = Json::array();
  for (const CLI::Option* option : definition.get_options()) {
    if (option->nonpositional()) {
      out["options"].push_back(describe_option(*option, command));
    } else {
      out["positionals"].push_back(describe_positional(*option, command));
    }
  }
}

// A subcommand that parses its own arguments (a CLI11 prefix command) has its options defined
// elsewhere: describe that definition instead.
void describe_own_parser(const std::string& name, Json& out) {
  const auto describe = [&](CLI::App& definition) { describe_arguments(definition, name, out); };
  if (name == "run") {
    with_run_definition(describe);
  } else if (name == "ab") {
    CLI::App definition{"clonebench ab"};
    AbArguments arguments;
    define_ab_options(definition, arguments);
    describe(definition);
  } else {
    throw std::logic_error("describe_cli: subcommand '" + name +
                           "' parses its own arguments; add its definition to describe_own_parser");
  }
}

}  // namespace

Json describe_cli(CLI::App& app) {
  Json out{{"name", app.get_name().empty() ? "clonebench" : app.get_name()},
           {"description", app.get_description()}};
  describe_arguments(app, "", out);
  out.erase("positionals");
  out["subcommands"] = Json::array();
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    if (sub->get_group().empty()) {
      continue;
    }
    Json command{{"name", sub->get_name()}, {"description", sub->get_description()}};
    if (sub->get_prefix_command()) {
      describe_own_parser(sub->get_name(), command);
    } else {
      describe_arguments(*sub, sub->get_name(), command);
    }
    out["subcommands"].push_back(std::move(command));
  }
  return out;
}

}  // namespace clonebench

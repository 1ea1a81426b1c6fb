#include "cli/option_values.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "core/error.hpp"

namespace clonebench {
namespace {

// "--json" or "--json=x" names an option of `app`.
bool names_an_option(const CLI::App& app, const std::string& value) {
  if (!value.starts_with("--")) {
    return false;
  }
  const std::string name = value.substr(0, value.find('='));
  for (const CLI::Option* option : app.get_options()) {
    if (option->check_lname(name.substr(2))) {
      return true;
    }
  }
  return false;
}

}  // namespace

namespace {

// What a value of each option is, by the option's long name (or a positional's name).
std::string value_type_of(const std::string& name) {
  static const std::map<std::string, std::string, std::less<>> kTypes = {
      {"instances", "N"},
      {"ops", "N"},
      {"seq", "N"},
      {"runs", "N"},
      {"vmas", "N"},
      {"clone-max", "N"},
      {"phase-every", "N"},
      {"fork-max", "N"},
      {"vfork-max", "N"},
      {"pairs", "N"},
      {"warmup", "N"},
      {"rounds", "N"},
      {"limit", "N"},
      {"seed", "NUMBER"},
      {"alpha", "NUMBER"},
      {"timeout", "DURATION"},
      {"warm-up", "DURATION"},
      {"max-time", "DURATION"},
      {"timeout-per-point", "DURATION"},
      {"window", "DURATION"},
      {"pin", "CPUS"},
      {"rss", "SIZE"},
      {"mem", "SIZE"},
      {"region", "SIZE"},
      {"rss-kind", "KIND"},
      {"workload", "WORKLOAD"},
      {"json", "FILE|-"},
      {"yaml", "FILE|-"},
      {"csv", "FILE|-"},
      {"db", "PATH"},
      {"label", "LABEL"},
      {"threshold", "PERCENT"},
      {"precision", "PERCENT"},
      {"metric", "METRIC"},
      {"a", "OPTIONS"},
      {"b", "OPTIONS"},
      {"setup-a", "COMMAND"},
      {"setup-b", "COMMAND"},
      {"restore", "COMMAND"},
      {"command", "COMMAND"},
      {"SPEC", "SPEC"},
      {"A", "FILE|LABEL|IDS"},
      {"B", "FILE|LABEL|IDS"},
      {"stressors", "STRESSOR"},
      {"STRESSOR", "STRESSOR"},
      {"root", "DIR"},
      {"folio", "SIZES"},
      {"preset", "NAME|list"},
      {"predict", "SHAPE"},
      {"from", "FILE"},
      {"what-if", "NAME=CHANGE"},
      {"claim", "PERCENT"},
      {"repeat", "N"},
      {"output", "FILE"},
      {"boots", "N"},
      {"runs-per-boot", "N"},
      {"append", "CMDLINE"},
      {"cpus", "N"},
      {"memory", "MIB"},
      {"COMMAND", "COMMAND"}};
  if (const auto found = kTypes.find(name); found != kTypes.end()) {
    return found->second;
  }
  return "";
}

}  // namespace

void name_value_types(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_name() != "TEXT") {
      continue;  // named already, or CLI11's own ("TEXT:{a,b}" lists the allowed values)
    }
    std::string name;
    if (!option->nonpositional()) {
      name = option->get_name();
    } else if (!option->get_lnames().empty()) {
      name = option->get_lnames().front();
    }
    // --fork N and --fork-ops N: a stressor's instances and its bogo-op limit.
    if (option->nonpositional() && value_type_of(name).empty() && !name.empty() &&
        (name.ends_with("-ops") ||
         option->get_description().find(" with N instances") != std::string::npos)) {
      name = "instances";
    }
    if (const std::string type = value_type_of(name); !type.empty()) {
      option->type_name(type);
    }
  }
  for (CLI::App* command : app.get_subcommands({})) {
    name_value_types(*command);
  }
}

void check_given_values(const CLI::App& app) {
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() == 0 || option->get_expected_min() == 0) {
      continue;  // not given, or a flag
    }
    const std::string flag = option->get_name();
    for (const std::string& value : option->results()) {
      if (value.empty()) {
        throw UsageError(
            fmt::format("{}: empty value; give a value or leave the option out", flag));
      }
      if (names_an_option(app, value)) {
        throw UsageError(fmt::format("{} needs a value, but the next argument is the option {}",
                                     flag, value.substr(0, value.find('='))));
      }
    }
  }
}

void parse_own_arguments(CLI::App& app, const std::vector<std::string>& args) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them last first
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& error) {
    throw UsageError(error.what());
  }
  check_given_values(app);
}

bool asks_for_help(const std::vector<std::string>& args) {
  return std::find(args.begin(), args.end(), "--help") != args.end() ||
         std::find(args.begin(), args.end(), "-h") != args.end();
}

}  // namespace clonebench

// hyperfine --export-json (statistics.md §2.3): results[] with per-run wall times in seconds.

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "compare/input_readers.hpp"
#include "core/error.hpp"

namespace clonebench {
namespace {

std::string command_list(const nlohmann::json& results) {
  std::string list;
  for (const auto& result : results) {
    list += fmt::format("{}'{}'", list.empty() ? "" : ", ", result.value("command", "?"));
  }
  return list;
}

const nlohmann::json& pick_result(const std::string& path, const nlohmann::json& results,
                                  const ReadOptions& options) {
  if (options.hyperfine_command) {
    for (const auto& result : results) {
      if (result.value("command", std::string()) == *options.hyperfine_command) {
        return result;
      }
    }
    throw UsageError(fmt::format("{}: no hyperfine result for --command '{}' (commands: {})", path,
                                 *options.hyperfine_command, command_list(results)));
  }
  if (results.size() > 1) {
    throw UsageError(fmt::format("{}: {} hyperfine results; choose one with --command (one of {})",
                                 path, results.size(), command_list(results)));
  }
  return results.front();
}

}  // namespace

SampleSet read_hyperfine_json(const std::string& path, const std::string& text,
                              const ReadOptions& options) {
  nlohmann::json document;
  try {
    document = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    throw UsageError(fmt::format("{}: not valid JSON: {}", path, error.what()));
  }
  if (!document.contains("results") || !document["results"].is_array() ||
      document["results"].empty()) {
    throw UsageError(fmt::format("{}: hyperfine JSON without results", path));
  }
  const nlohmann::json& result = pick_result(path, document["results"], options);
  if (!result.contains("times") || !result["times"].is_array()) {
    throw UsageError(
        fmt::format("{}: hyperfine result '{}' has no times", path, result.value("command", "?")));
  }
  SampleSet set{path, "hyperfine-json", {}};
  const nlohmann::json& times = result["times"];
  for (std::size_t i = 0; i < times.size(); ++i) {
    if (!times[i].is_number()) {
      throw UsageError(fmt::format("{}: times[{}] of '{}' is not a number", path, i,
                                   result.value("command", "?")));
    }
    RunObservation run;
    run.metrics["time_s"] = times[i].get<double>();
    set.runs.push_back(std::move(run));
  }
  return set;
}

}  // namespace clonebench

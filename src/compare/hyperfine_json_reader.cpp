// hyperfine --export-json (docs/compare-inputs.md, "hyperfine"): results[] with per-run wall
// times in seconds.

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "compare/input_readers.hpp"
#include "compare/json_input.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

std::string command_of(const std::string& path, const nlohmann::json& result, std::size_t i) {
  return optional_string(result, "command", path, fmt::format("results[{}]", i)).value_or("?");
}

std::string command_list(const std::string& path, const nlohmann::json& results) {
  std::string list;
  for (std::size_t i = 0; i < results.size(); ++i) {
    list +=
        fmt::format("{}'{}'", list.empty() ? "" : ", ", printable(command_of(path, results[i], i)));
  }
  return list;
}

std::size_t pick_result(const std::string& path, const nlohmann::json& results,
                        const ReadOptions& options) {
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!results[i].is_object()) {
      throw UsageError(fmt::format("{}: results[{}]: expected an object, found {}", path, i,
                                   results[i].type_name()));
    }
  }
  if (options.hyperfine_command) {
    for (std::size_t i = 0; i < results.size(); ++i) {
      if (command_of(path, results[i], i) == *options.hyperfine_command) {
        return i;
      }
    }
    throw UsageError(fmt::format("{}: no hyperfine result for --command '{}' (commands: {})", path,
                                 shortened(*options.hyperfine_command, kQuotedChars),
                                 command_list(path, results)));
  }
  if (results.size() > 1) {
    throw UsageError(fmt::format("{}: {} hyperfine results; choose one with --command (one of {})",
                                 path, results.size(), command_list(path, results)));
  }
  return 0;
}

}  // namespace

SampleSet read_hyperfine_json(const std::string& path, const std::string& text,
                              const ReadOptions& options) {
  return read_hyperfine_document(path, parse_json_input(path, text), options);
}

SampleSet read_hyperfine_document(const std::string& path, const nlohmann::json& document,
                                  const ReadOptions& options) {
  const auto results = document.is_object() ? document.find("results") : document.end();
  if (!document.is_object() || results == document.end() || !results->is_array() ||
      results->empty()) {
    throw UsageError(fmt::format("{}: hyperfine JSON without results", path));
  }
  const std::size_t index = pick_result(path, *results, options);
  const nlohmann::json& result = (*results)[index];
  const std::string where = fmt::format("results[{}]", index);
  const auto times = result.find("times");
  if (times == result.end() || !times->is_array() || times->empty()) {
    throw UsageError(fmt::format("{}: {}.times: hyperfine result '{}' has no times", path, where,
                                 printable(command_of(path, result, index))));
  }
  SampleSet set{path, "hyperfine-json", {}};
  set.runs.reserve(times->size());
  for (std::size_t i = 0; i < times->size(); ++i) {
    RunObservation run;
    run.metrics["time_s"] = number_value((*times)[i], path, fmt::format("{}.times[{}]", where, i));
    set.runs.push_back(std::move(run));
  }
  return set;
}

}  // namespace clonebench

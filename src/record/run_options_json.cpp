#include "record/run_options_json.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "record/stress_ng_options_json.hpp"

namespace clonebench {
namespace {

template <typename T>
void put(nlohmann::json& object, const char* key, const std::optional<T>& value) {
  if (value) {
    object[key] = *value;
  }
}

const nlohmann::json* member(const nlohmann::json& object, const char* key) {
  const auto found = object.find(key);
  return found == object.end() || found->is_null() ? nullptr : &*found;
}

std::optional<double> number_at(const nlohmann::json& object, const char* key) {
  const nlohmann::json* value = member(object, key);
  return value != nullptr && value->is_number() ? std::optional(value->get<double>())
                                                : std::nullopt;
}

std::optional<std::uint64_t> count_at(const nlohmann::json& object, const char* key) {
  const nlohmann::json* value = member(object, key);
  // A whole number ≥ 0, however it was parsed: `8192` built in C++ is a signed integer.
  const bool whole = value != nullptr &&
                     (value->is_number_unsigned() || (value->is_number_integer() && *value >= 0));
  return whole ? std::optional(value->get<std::uint64_t>()) : std::nullopt;
}

std::optional<std::uint32_t> count32_at(const nlohmann::json& object, const char* key) {
  const std::optional<std::uint64_t> value = count_at(object, key);
  return value && *value <= UINT32_MAX ? std::optional(static_cast<std::uint32_t>(*value))
                                       : std::nullopt;
}

std::optional<bool> flag_at(const nlohmann::json& object, const char* key) {
  const nlohmann::json* value = member(object, key);
  return value != nullptr && value->is_boolean() ? std::optional(value->get<bool>()) : std::nullopt;
}

std::optional<std::string> text_at(const nlohmann::json& object, const char* key) {
  const nlohmann::json* value = member(object, key);
  return value != nullptr && value->is_string() ? std::optional(value->get<std::string>())
                                                : std::nullopt;
}

std::optional<std::vector<int>> cpus_at(const nlohmann::json& object, const char* key) {
  const nlohmann::json* value = member(object, key);
  if (value == nullptr || !value->is_array()) {
    return std::nullopt;
  }
  std::vector<int> cpus;
  for (const nlohmann::json& cpu : *value) {
    if (!cpu.is_number_integer() || cpu.get<std::int64_t>() < 0 ||
        cpu.get<std::int64_t>() > INT32_MAX) {
      return std::nullopt;
    }
    cpus.push_back(cpu.get<int>());
  }
  return cpus;
}

std::optional<std::vector<std::string>> words_at(const nlohmann::json& object, const char* key) {
  const nlohmann::json* value = member(object, key);
  if (value == nullptr || !value->is_array()) {
    return std::nullopt;
  }
  std::vector<std::string> words;
  for (const nlohmann::json& word : *value) {
    words.push_back(word.is_string() ? word.get<std::string>() : word.dump());
  }
  return words;
}

}  // namespace

nlohmann::json run_options_to_json(const RunOptions& options) {
  nlohmann::json object = nlohmann::json::object();
  put(object, "timeout_s", options.timeout_s);
  put(object, "warm_up_s", options.warm_up_s);
  put(object, "max_ops", options.max_ops);
  put(object, "rss_bytes", options.rss_bytes);
  put(object, "rss_kind", options.rss_kind);
  put(object, "vmas", options.vmas);
  put(object, "seed", options.seed);
  put(object, "pin_cpus", options.pin_cpus);
  put(object, "phase_every", options.phase_every);
  put(object, "clone_max", options.clone_max);
  put(object, "clone_max_effective", options.clone_max_effective);
  if (options.workload) {
    object["workload"] = workload_name(workload_of(options));
  }
  if (const StressNgWorkloadOptions* stress_ng = stress_ng_options_of(options)) {
    put(object, "seed_given", stress_ng->seed_given);
    add_stress_ng_options_json(stress_ng->stress_ng, object);
  }
  put(object, "command_line", options.command_line);
  return object;
}

RunOptions run_options_from_json(const nlohmann::json& object) {
  RunOptions options;
  if (!object.is_object()) {
    return options;
  }
  options.timeout_s = number_at(object, "timeout_s");
  options.warm_up_s = number_at(object, "warm_up_s");
  options.max_ops = count_at(object, "max_ops");
  options.rss_bytes = count_at(object, "rss_bytes");
  options.rss_kind = text_at(object, "rss_kind");
  options.vmas = count_at(object, "vmas");
  options.seed = count_at(object, "seed");
  options.pin_cpus = cpus_at(object, "pin_cpus");
  options.phase_every = count32_at(object, "phase_every");
  options.clone_max = count32_at(object, "clone_max");
  options.clone_max_effective = count_at(object, "clone_max_effective");
  const std::optional<std::string> workload = text_at(object, "workload");
  const std::optional<Workload> known =
      workload ? workload_from_name(*workload) : std::optional<Workload>();
  if (known == Workload::kClean) {
    options.workload = CleanWorkloadOptions{};
  } else if (known == Workload::kStressNg) {
    options.workload =
        StressNgWorkloadOptions{flag_at(object, "seed_given"), stress_ng_options_from_json(object)};
  }
  options.command_line = words_at(object, "command_line");
  return options;
}

std::vector<OptionText> option_texts(const RunOptions& options) {
  std::vector<OptionText> texts;
  const nlohmann::json object = run_options_to_json(options);
  for (const auto& [name, value] : object.items()) {
    if (name != "command_line") {
      texts.push_back({name, value.is_string() ? value.get<std::string>() : value.dump()});
    }
  }
  return texts;
}

}  // namespace clonebench

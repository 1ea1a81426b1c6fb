#include "record/environment_json.hpp"

#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <type_traits>

#include "core/text_safety.hpp"
#include "kernel/kernel_path_json.hpp"
#include "record/environment_fields.hpp"
#include "record/summary_field.hpp"

namespace clonebench {
namespace {

using environment_keys::Described;
using environment_keys::fields;

// ---- encoding -------------------------------------------------------------------------------

nlohmann::json value_json(const std::string& value) {
  return value;
}
nlohmann::json value_json(const std::int64_t value) {
  return value;
}
nlohmann::json value_json(const std::uint64_t value) {
  return value;
}
nlohmann::json value_json(const double value) {
  return value;
}
nlohmann::json value_json(const bool value) {
  return value;
}
nlohmann::json value_json(const std::vector<std::string>& values) {
  return values;
}
nlohmann::json value_json(const std::map<std::string, std::string>& values) {
  return values;
}
nlohmann::json value_json(const KernelPathFacts& facts) {
  return kernel_path_to_json(facts);
}
nlohmann::json value_json(const NprocLimit& limit);
nlohmann::json value_json(const std::map<std::string, HugetlbPoolFacts>& pools);
template <Described Part>
nlohmann::json value_json(const Part& part);

// `fact` under `key` when it was recorded: its value, or null when it could not be read.
template <typename T>
void put(nlohmann::json& object, const char* key, const Fact<T>& fact) {
  if (fact.recorded()) {
    object[key] = fact ? value_json(*fact) : nlohmann::json(nullptr);
  }
}

template <Described Part>
nlohmann::json value_json(const Part& part) {
  nlohmann::json json = nlohmann::json::object();
  fields(part, [&json](const char* key, const auto& fact) { put(json, key, fact); });
  return json;
}

// An RLIMIT_NPROC limit: its value, or "unlimited".
nlohmann::json value_json(const NprocLimit& limit) {
  nlohmann::json json = nlohmann::json::object();
  for (const auto& [key, value] :
       {std::pair{"soft", &limit.soft}, std::pair{"hard", &limit.hard}}) {
    if (value->recorded()) {
      json[key] = *value ? nlohmann::json(**value) : nlohmann::json("unlimited");
    }
  }
  return json;
}

nlohmann::json value_json(const std::map<std::string, HugetlbPoolFacts>& pools) {
  nlohmann::json json = nlohmann::json::object();
  for (const auto& [name, pool] : pools) {
    json[name] = value_json(pool);
  }
  return json;
}

// ---- decoding -------------------------------------------------------------------------------

// A member of a decoded object: the raw JSON (to tell a missing key from null) and its path.
// Each fact is checked on its own (SummaryField), and one of the wrong shape reads as not
// recorded without costing its neighbours: the readers before this codec ignored such values
// (a hand-written file may say "smt": true), and the environment only informs.
class Member {
 public:
  Member(const nlohmann::json& object, std::string path) : object_(object), path_(std::move(path)) {
    if (!object_.is_object()) {
      SummaryField(object_, path_).fail("expected an object");
    }
  }

  // Not recorded when `key` is missing, unknown when it is null, else what `read` makes of it.
  template <typename T>
  Fact<T> fact(const char* key, const std::function<T(const SummaryField&)>& read) const {
    const auto found = object_.find(key);
    if (found == object_.end()) {
      return {};
    }
    if (found->is_null()) {
      return std::nullopt;
    }
    try {
      return read(SummaryField(*found, path_ + "." + key));
    } catch (const SummaryError&) {
      return {};  // of another shape than clonebench writes: not a fact this reader can use
    }
  }
  Fact<std::string> text(const char* key) const {
    return fact<std::string>(key, [](const SummaryField& field) { return field.text(); });
  }
  Fact<bool> boolean(const char* key) const {
    return fact<bool>(key, [](const SummaryField& field) { return field.boolean(); });
  }
  Fact<double> number(const char* key) const {
    return fact<double>(key, [](const SummaryField& field) { return field.number(); });
  }
  Fact<std::uint64_t> count(const char* key) const {
    return fact<std::uint64_t>(key, [](const SummaryField& field) { return field.count(); });
  }
  Fact<std::int64_t> integer(const char* key) const {
    return fact<std::int64_t>(key, [this, key](const SummaryField& field) {
      const nlohmann::json& value = object_.at(key);
      if (!value.is_number_integer() ||
          (value.is_number_unsigned() &&
           value.get<std::uint64_t>() >
               static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))) {
        field.fail("expected a whole number");
      }
      return value.get<std::int64_t>();
    });
  }
  Fact<std::map<std::string, std::string>> texts(const char* key) const {
    return fact<std::map<std::string, std::string>>(key, [this, key](const SummaryField&) {
      const Member map(object_.at(key), path_ + "." + key);  // checks that it is an object
      std::map<std::string, std::string> texts;
      for (const auto& item : map.json().items()) {
        texts[item.key()] = SummaryField(item.value(), map.path() + "." + item.key()).text();
      }
      return texts;
    });
  }
  // The object member `key`, decoded by `read`.
  template <typename T>
  Fact<T> object(const char* key, const std::function<T(const Member&)>& read) const {
    return fact<T>(key, [this, key, &read](const SummaryField&) {
      return read(Member(object_.at(key), path_ + "." + key));
    });
  }
  const nlohmann::json& json() const { return object_; }
  const std::string& path() const { return path_; }

 private:
  const nlohmann::json& object_;
  std::string path_;
};

void read(const Member& in, const char* key, Fact<std::string>& fact) {
  fact = in.text(key);
}
void read(const Member& in, const char* key, Fact<bool>& fact) {
  fact = in.boolean(key);
}
void read(const Member& in, const char* key, Fact<double>& fact) {
  fact = in.number(key);
}
void read(const Member& in, const char* key, Fact<std::uint64_t>& fact) {
  fact = in.count(key);
}
void read(const Member& in, const char* key, Fact<std::int64_t>& fact) {
  fact = in.integer(key);
}
void read(const Member& in, const char* key, Fact<std::map<std::string, std::string>>& fact) {
  fact = in.texts(key);
}
void read(const Member& in, const char* key, Fact<std::vector<std::string>>& fact);
void read(const Member& in, const char* key, Fact<KernelPathFacts>& fact);
void read(const Member& in, const char* key, Fact<NprocLimit>& fact);
void read(const Member& in, const char* key, Fact<std::map<std::string, HugetlbPoolFacts>>& fact);
template <Described Part>
void read(const Member& in, const char* key, Fact<Part>& fact);

// Every fact of `part` from the object `in`.
template <Described Part>
void read_fields(const Member& in, Part& part) {
  fields(part, [&in](const char* key, auto& fact) { read(in, key, fact); });
}

template <Described Part>
void read(const Member& in, const char* key, Fact<Part>& fact) {
  fact = in.object<Part>(key, [](const Member& object) {
    Part part;
    read_fields(object, part);
    return part;
  });
}

void read(const Member& in, const char* key, Fact<std::vector<std::string>>& fact) {
  fact = in.fact<std::vector<std::string>>(key, [](const SummaryField& field) {
    std::vector<std::string> texts;
    for (const SummaryField& item : field.items()) {
      texts.push_back(item.text());
    }
    return texts;
  });
}

// The kernel_path codec (kernel/kernel_path_json.hpp) reads what it knows and defaults the rest;
// a member of another type is named here.
void read(const Member& in, const char* key, Fact<KernelPathFacts>& fact) {
  fact = in.object<KernelPathFacts>(key, [](const Member& path) {
    try {
      return kernel_path_from_json(path.json());
    } catch (const nlohmann::json::exception& error) {
      SummaryField(path.json(), path.path()).fail(error.what());
    }
  });
}

Fact<std::uint64_t> limit_from(const Member& limits, const char* key) {
  const auto found = limits.json().find(key);
  if (found != limits.json().end() && found->is_string() && *found == "unlimited") {
    return std::nullopt;
  }
  return limits.count(key);
}

void read(const Member& in, const char* key, Fact<NprocLimit>& fact) {
  fact = in.object<NprocLimit>(key, [](const Member& limits) {
    return NprocLimit{limit_from(limits, "soft"), limit_from(limits, "hard")};
  });
}

void read(const Member& in, const char* key, Fact<std::map<std::string, HugetlbPoolFacts>>& fact) {
  fact = in.object<std::map<std::string, HugetlbPoolFacts>>(key, [](const Member& pools) {
    std::map<std::string, HugetlbPoolFacts> decoded;
    for (const auto& item : pools.json().items()) {
      read_fields(Member(item.value(), pools.path() + "." + item.key()), decoded[item.key()]);
    }
    return decoded;
  });
}

}  // namespace

nlohmann::json environment_to_json(const Environment& env) {
  return value_json(env);
}

Environment environment_from_json(const nlohmann::json& json) {
  Environment env;
  if (json.is_object()) {
    read_fields(Member(json, "environment"), env);
  }
  return env;
}

std::string environment_text(const SmtFacts& smt) {
  return dump_json(value_json(smt));
}
std::string environment_text(const VirtualizationFacts& virtualization) {
  return dump_json(value_json(virtualization));
}
std::string environment_text(const HvoFacts& hvo) {
  return dump_json(value_json(hvo));
}
std::string environment_text(const std::map<std::string, std::string>& texts) {
  return dump_json(nlohmann::json(texts));
}
std::string environment_text(const std::map<std::string, bool>& flags) {
  return dump_json(nlohmann::json(flags));
}
std::string environment_text(double number) {
  return dump_json(nlohmann::json(number));
}

namespace {

void flatten(const nlohmann::json& object, std::vector<std::string>& path,
             std::vector<EnvironmentLine>& lines) {
  for (const auto& [key, value] : object.items()) {
    path.push_back(key);
    if (value.is_object() && !value.empty()) {
      flatten(value, path, lines);
    } else if (value.is_null()) {
      lines.push_back({path, "n/a"});
    } else {
      lines.push_back({path, value.is_string() ? value.get<std::string>() : dump_json(value)});
    }
    path.pop_back();
  }
}

}  // namespace

std::vector<EnvironmentLine> environment_fact_lines(const Environment& environment) {
  std::vector<EnvironmentLine> lines;
  std::vector<std::string> path;
  flatten(environment_to_json(environment), path, lines);
  return lines;
}

}  // namespace clonebench

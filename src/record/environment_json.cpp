#include "record/environment_json.hpp"

#include <cstdint>
#include <functional>
#include <limits>

#include "core/text_safety.hpp"
#include "kernel/kernel_path_json.hpp"
#include "record/summary_field.hpp"

namespace clonebench {
namespace {

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
nlohmann::json value_json(const LoadAverages& load);
nlohmann::json value_json(const NprocLimit& limit);
nlohmann::json value_json(const HugetlbPoolFacts& pool);
nlohmann::json value_json(const std::map<std::string, HugetlbPoolFacts>& pools);
nlohmann::json value_json(const HvoFacts& hvo);
nlohmann::json value_json(const CpuFacts& cpu);
nlohmann::json value_json(const SmtFacts& smt);
nlohmann::json value_json(const VirtualizationFacts& virtualization);
nlohmann::json value_json(const GuestFacts& guest);

// `fact` under `key` when it was recorded: its value, or null when it could not be read.
template <typename T>
void put(nlohmann::json& object, const char* key, const Fact<T>& fact) {
  if (fact.recorded()) {
    object[key] = fact ? value_json(*fact) : nlohmann::json(nullptr);
  }
}

nlohmann::json value_json(const LoadAverages& load) {
  nlohmann::json json = nlohmann::json::object();
  put(json, "1m", load.one_min);
  put(json, "5m", load.five_min);
  put(json, "15m", load.fifteen_min);
  return json;
}

// An RLIMIT_NPROC limit: its value, or "unlimited".
nlohmann::json limit_json(const Fact<std::uint64_t>& limit) {
  return limit ? nlohmann::json(*limit) : nlohmann::json("unlimited");
}

nlohmann::json value_json(const NprocLimit& limit) {
  nlohmann::json json = nlohmann::json::object();
  for (const auto& [key, value] :
       {std::pair{"soft", &limit.soft}, std::pair{"hard", &limit.hard}}) {
    if (value->recorded()) {
      json[key] = limit_json(*value);
    }
  }
  return json;
}

nlohmann::json value_json(const HugetlbPoolFacts& pool) {
  nlohmann::json json = nlohmann::json::object();
  put(json, "nr_hugepages", pool.nr_hugepages);
  put(json, "surplus_hugepages", pool.surplus_hugepages);
  return json;
}

nlohmann::json value_json(const std::map<std::string, HugetlbPoolFacts>& pools) {
  nlohmann::json json = nlohmann::json::object();
  for (const auto& [name, pool] : pools) {
    json[name] = value_json(pool);
  }
  return json;
}

nlohmann::json value_json(const HvoFacts& hvo) {
  nlohmann::json json = nlohmann::json::object();
  put(json, "sysctl", hvo.sysctl);
  put(json, "nr_hugepages", hvo.nr_hugepages);
  put(json, "pools", hvo.pools);
  put(json, "boot_param", hvo.boot_param);
  put(json, "key_on", hvo.key_on);
  put(json, "key_on_basis", hvo.key_on_basis);
  return json;
}

nlohmann::json value_json(const CpuFacts& cpu) {
  nlohmann::json json = nlohmann::json::object();
  put(json, "vendor", cpu.vendor);
  put(json, "family", cpu.family);
  put(json, "model", cpu.model);
  put(json, "stepping", cpu.stepping);
  put(json, "microcode", cpu.microcode);
  return json;
}

nlohmann::json value_json(const SmtFacts& smt) {
  nlohmann::json json = nlohmann::json::object();
  put(json, "control", smt.control);
  put(json, "active", smt.active);
  return json;
}

nlohmann::json value_json(const VirtualizationFacts& virtualization) {
  nlohmann::json json = nlohmann::json::object();
  put(json, "in_vm", virtualization.in_vm);
  put(json, "hypervisor_flag", virtualization.hypervisor_flag);
  put(json, "hypervisor_type", virtualization.hypervisor_type);
  put(json, "dmi_product_name", virtualization.dmi_product_name);
  put(json, "dmi_sys_vendor", virtualization.dmi_sys_vendor);
  put(json, "kind", virtualization.kind);
  put(json, "accelerator", virtualization.accelerator);
  put(json, "emulated", virtualization.emulated);
  return json;
}

nlohmann::json value_json(const GuestFacts& guest) {
  nlohmann::json json = nlohmann::json::object();
  put(json, "image", guest.image);
  put(json, "image_sha256", guest.image_sha256);
  put(json, "qemu", guest.qemu);
  put(json, "cpus", guest.cpus);
  put(json, "memory_mb", guest.memory_mb);
  put(json, "append", guest.append);
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

LoadAverages load_from(const Member& load) {
  return {load.number("1m"), load.number("5m"), load.number("15m")};
}

Fact<std::uint64_t> limit_from(const Member& limits, const char* key) {
  const auto found = limits.json().find(key);
  if (found != limits.json().end() && found->is_string() && *found == "unlimited") {
    return std::nullopt;
  }
  return limits.count(key);
}

NprocLimit nproc_from(const Member& limits) {
  return {limit_from(limits, "soft"), limit_from(limits, "hard")};
}

HugetlbPoolFacts pool_from(const Member& pool) {
  return {pool.integer("nr_hugepages"), pool.integer("surplus_hugepages")};
}

std::map<std::string, HugetlbPoolFacts> pools_from(const Member& pools) {
  std::map<std::string, HugetlbPoolFacts> decoded;
  for (const auto& item : pools.json().items()) {
    decoded[item.key()] = pool_from(Member(item.value(), pools.path() + "." + item.key()));
  }
  return decoded;
}

HvoFacts hvo_from(const Member& hvo) {
  HvoFacts facts;
  facts.sysctl = hvo.integer("sysctl");
  facts.nr_hugepages = hvo.integer("nr_hugepages");
  facts.pools = hvo.object<std::map<std::string, HugetlbPoolFacts>>("pools", pools_from);
  facts.boot_param = hvo.text("boot_param");
  facts.key_on = hvo.boolean("key_on");
  facts.key_on_basis = hvo.text("key_on_basis");
  return facts;
}

CpuFacts cpu_from(const Member& cpu) {
  return {cpu.text("vendor"), cpu.text("family"), cpu.text("model"), cpu.text("stepping"),
          cpu.text("microcode")};
}

SmtFacts smt_from(const Member& smt) {
  return {smt.text("control"), smt.boolean("active")};
}

VirtualizationFacts virtualization_from(const Member& in) {
  return {in.boolean("in_vm"),         in.boolean("hypervisor_flag"), in.text("hypervisor_type"),
          in.text("dmi_product_name"), in.text("dmi_sys_vendor"),     in.text("kind"),
          in.text("accelerator"),      in.boolean("emulated")};
}

GuestFacts guest_from(const Member& guest) {
  return {guest.text("image"),  guest.text("image_sha256"), guest.text("qemu"),
          guest.text("append"), guest.count("cpus"),        guest.count("memory_mb")};
}

// The kernel_path codec (kernel/kernel_path_json.hpp) reads what it knows and defaults the rest;
// a member of another type is named here.
KernelPathFacts kernel_path_from(const Member& path) {
  try {
    return kernel_path_from_json(path.json());
  } catch (const nlohmann::json::exception& error) {
    SummaryField(path.json(), path.path()).fail(error.what());
  }
}

std::vector<std::string> texts_from(const SummaryField& field) {
  std::vector<std::string> texts;
  for (const SummaryField& item : field.items()) {
    texts.push_back(item.text());
  }
  return texts;
}

void decode_kernel(const Member& in, Environment& env) {
  env.captured_at = in.text("captured_at");
  env.kernel_release = in.text("kernel_release");
  env.kernel_version = in.text("kernel_version");
  env.machine = in.text("machine");
  env.hostname = in.text("hostname");
  env.glibc_version = in.text("glibc_version");
  env.config = in.texts("config");
  env.config_source = in.text("config_source");
  env.config_error = in.text("config_error");
  env.cmdline = in.text("cmdline");
  env.aslr = in.integer("aslr");
  env.pid_max = in.integer("pid_max");
  env.threads_max = in.integer("threads_max");
  env.boot_id = in.text("boot_id");
  env.uptime_s = in.number("uptime_s");
  env.kernel_path = in.object<KernelPathFacts>("kernel_path", kernel_path_from);
  env.hvo = in.object<HvoFacts>("hvo", hvo_from);
}

void decode_machine(const Member& in, Environment& env) {
  env.thp = in.text("thp");
  env.thp_defrag = in.text("thp_defrag");
  env.page_size = in.integer("page_size");
  env.mem_total_kb = in.integer("mem_total_kb");
  env.mem_available_kb = in.integer("mem_available_kb");
  env.cpu_model = in.text("cpu_model");
  env.cpu = in.object<CpuFacts>("cpu", cpu_from);
  env.cpus = in.integer("cpus");
  env.cpus_configured = in.integer("cpus_configured");
  env.governor = in.text("governor");
  env.smt = in.object<SmtFacts>("smt", smt_from);
  env.mitigations = in.texts("mitigations");
  env.virtualization = in.object<VirtualizationFacts>("virtualization", virtualization_from);
  env.rlimit_nproc = in.object<NprocLimit>("rlimit_nproc", nproc_from);
  env.loadavg_before = in.object<LoadAverages>("loadavg_before", load_from);
  env.loadavg_after = in.object<LoadAverages>("loadavg_after", load_from);
  env.stability_warnings = in.fact<std::vector<std::string>>("stability_warnings", texts_from);
  env.guest = in.object<GuestFacts>("guest", guest_from);
}

}  // namespace

nlohmann::json environment_to_json(const Environment& env) {
  nlohmann::json json = nlohmann::json::object();
  put(json, "captured_at", env.captured_at);
  put(json, "kernel_release", env.kernel_release);
  put(json, "kernel_version", env.kernel_version);
  put(json, "machine", env.machine);
  put(json, "hostname", env.hostname);
  put(json, "glibc_version", env.glibc_version);
  put(json, "config", env.config);
  put(json, "config_source", env.config_source);
  put(json, "config_error", env.config_error);
  put(json, "cmdline", env.cmdline);
  put(json, "aslr", env.aslr);
  put(json, "pid_max", env.pid_max);
  put(json, "threads_max", env.threads_max);
  put(json, "boot_id", env.boot_id);
  put(json, "uptime_s", env.uptime_s);
  put(json, "kernel_path", env.kernel_path);
  put(json, "hvo", env.hvo);
  put(json, "thp", env.thp);
  put(json, "thp_defrag", env.thp_defrag);
  put(json, "page_size", env.page_size);
  put(json, "mem_total_kb", env.mem_total_kb);
  put(json, "mem_available_kb", env.mem_available_kb);
  put(json, "cpu_model", env.cpu_model);
  put(json, "cpu", env.cpu);
  put(json, "cpus", env.cpus);
  put(json, "cpus_configured", env.cpus_configured);
  put(json, "governor", env.governor);
  put(json, "smt", env.smt);
  put(json, "mitigations", env.mitigations);
  put(json, "virtualization", env.virtualization);
  put(json, "rlimit_nproc", env.rlimit_nproc);
  put(json, "loadavg_before", env.loadavg_before);
  put(json, "loadavg_after", env.loadavg_after);
  put(json, "stability_warnings", env.stability_warnings);
  put(json, "guest", env.guest);
  return json;
}

Environment environment_from_json(const nlohmann::json& json) {
  Environment env;
  if (!json.is_object()) {
    return env;
  }
  const Member in(json, "environment");
  decode_kernel(in, env);
  decode_machine(in, env);
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

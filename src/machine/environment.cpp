#include "machine/environment.hpp"

#include <gnu/libc-version.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <set>
#include <string>

#include "machine/cpu_info.hpp"
#include "machine/hvo_state.hpp"
#include "machine/kernel_config.hpp"
#include "machine/kernel_path_probe.hpp"
#include "sys/meminfo_text.hpp"
#include "sys/proc_text.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

template <typename T>
nlohmann::json or_null(const std::optional<T>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

std::optional<std::string> read_trimmed(const std::filesystem::path& path) {
  auto text = read_text_file(path);
  return text ? std::optional<std::string>(trim(*text)) : std::nullopt;
}

std::optional<std::int64_t> read_integer(const std::filesystem::path& path) {
  const auto text = read_text_file(path);
  return text ? parse_integer_text(*text) : std::nullopt;
}

std::optional<std::string> read_choice(const std::filesystem::path& path) {
  const auto text = read_text_file(path);
  return text ? parse_selected_choice(*text) : std::nullopt;
}

std::string utc_now_iso8601() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

void add_kernel(nlohmann::json& env, const std::string& release) {
  KernelConfigSource source = read_running_kernel_config(release);
  env["config"] = source.config ? nlohmann::json(select_config_options(*source.config))
                                : nlohmann::json(nullptr);
  env["config_source"] = source.config ? nlohmann::json(source.path) : nlohmann::json(nullptr);
  env["config_error"] = source.config ? nlohmann::json(nullptr) : nlohmann::json(source.error);
  env["cmdline"] = or_null(read_trimmed("/proc/cmdline"));
  env["aslr"] = or_null(read_integer("/proc/sys/kernel/randomize_va_space"));
  env["pid_max"] = or_null(read_integer("/proc/sys/kernel/pid_max"));
  env["threads_max"] = or_null(read_integer("/proc/sys/kernel/threads-max"));
  env["boot_id"] = or_null(read_trimmed("/proc/sys/kernel/random/boot_id"));
  const auto uptime = read_text_file("/proc/uptime");
  env["uptime_s"] =
      uptime ? nlohmann::json(std::strtod(uptime->c_str(), nullptr)) : nlohmann::json(nullptr);
}

// Every pool under /sys/kernel/mm/hugepages: its page count and surplus, and their sum.
std::optional<std::int64_t> add_hugetlb_pools(nlohmann::json& hvo) {
  const auto pools = list_directory("/sys/kernel/mm/hugepages");
  if (!pools) {
    hvo["pools"] = nullptr;
    return std::nullopt;
  }
  std::int64_t total = 0;
  bool complete = true;
  hvo["pools"] = nlohmann::json::object();
  for (const auto& pool : *pools) {
    const auto pages = read_integer(pool / "nr_hugepages");
    const auto surplus = read_integer(pool / "surplus_hugepages");
    hvo["pools"][pool.filename().string()] = {{"nr_hugepages", or_null(pages)},
                                              {"surplus_hugepages", or_null(surplus)}};
    complete = complete && pages && surplus;
    total += pages.value_or(0) + surplus.value_or(0);
  }
  return complete ? std::optional<std::int64_t>(total) : std::nullopt;
}

void add_hvo(nlohmann::json& env, const std::string& cmdline) {
  const std::string sysctl_path = "/proc/sys/vm/hugetlb_optimize_vmemmap";
  nlohmann::json hvo;
  HvoObservation observation;
  observation.sysctl = read_integer(sysctl_path);
  std::error_code error;
  observation.sysctl_file_exists = std::filesystem::exists(sysctl_path, error);
  observation.hugetlb_pages = add_hugetlb_pools(hvo);
  if (env["config"].is_object()) {
    observation.config_optimize_vmemmap =
        env["config"].value("CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP", "n");
  }
  hvo["sysctl"] = or_null(observation.sysctl);
  hvo["nr_hugepages"] = or_null(read_integer("/proc/sys/vm/nr_hugepages"));
  hvo["boot_param"] = or_null(parse_cmdline_parameter(cmdline, "hugetlb_free_vmemmap"));
  const HvoKeyState key = derive_hvo_key_state(observation);
  hvo["key_on"] = or_null(key.key_on);
  hvo["key_on_basis"] = key.basis;
  env["hvo"] = std::move(hvo);
}

void add_memory(nlohmann::json& env) {
  const std::string thp = "/sys/kernel/mm/transparent_hugepage/";
  env["thp"] = or_null(read_choice(thp + "enabled"));
  env["thp_defrag"] = or_null(read_choice(thp + "defrag"));
  env["page_size"] = sysconf(_SC_PAGESIZE);
  const auto meminfo_text = read_text_file("/proc/meminfo");
  const auto meminfo = parse_meminfo(meminfo_text.value_or(""));
  const auto kb = [&meminfo](const char* name) {
    const auto found = meminfo.find(name);
    return found == meminfo.end() ? nlohmann::json(nullptr) : nlohmann::json(found->second);
  };
  env["mem_total_kb"] = kb("MemTotal");
  env["mem_available_kb"] = kb("MemAvailable");
}

// The governors of all CPUs: one name when they agree, else the distinct names joined by ",".
nlohmann::json read_governor() {
  std::set<std::string> governors;
  for (const auto& entry :
       list_directory("/sys/devices/system/cpu").value_or(std::vector<std::filesystem::path>{})) {
    if (auto governor = read_trimmed(entry / "cpufreq/scaling_governor")) {
      governors.insert(std::move(*governor));
    }
  }
  if (governors.empty()) {
    return nullptr;
  }
  std::string joined;
  for (const auto& governor : governors) {
    joined += (joined.empty() ? "" : ",") + governor;
  }
  return joined;
}

void add_cpu(nlohmann::json& env) {
  const CpuInfo cpu = parse_cpuinfo(read_text_file("/proc/cpuinfo").value_or(""));
  env["cpu_model"] = or_null(cpu.model_name);
  env["cpu"] = {{"vendor", or_null(cpu.vendor)},
                {"family", or_null(cpu.family)},
                {"model", or_null(cpu.model)},
                {"stepping", or_null(cpu.stepping)},
                {"microcode", or_null(cpu.microcode)}};
  const auto online = read_text_file("/sys/devices/system/cpu/online");
  env["cpus"] = or_null(online ? parse_cpu_list_count(*online) : std::nullopt);
  env["cpus_configured"] = sysconf(_SC_NPROCESSORS_CONF);
  env["governor"] = read_governor();
  const auto smt_active = read_integer("/sys/devices/system/cpu/smt/active");
  env["smt"] = {
      {"control", or_null(read_trimmed("/sys/devices/system/cpu/smt/control"))},
      {"active", smt_active ? nlohmann::json(*smt_active != 0) : nlohmann::json(nullptr)}};
  const auto vulnerabilities = read_directory_files("/sys/devices/system/cpu/vulnerabilities");
  env["mitigations"] =
      vulnerabilities ? nlohmann::json(parse_vulnerabilities(*vulnerabilities)) : nlohmann::json();
  const auto hypervisor_type = read_trimmed("/sys/hypervisor/type");
  const bool flag = cpu.hypervisor();
  env["virtualization"] = {
      {"in_vm", flag || hypervisor_type.has_value()},
      {"hypervisor_flag", flag},
      {"hypervisor_type", or_null(hypervisor_type)},
      {"dmi_product_name", or_null(read_trimmed("/sys/class/dmi/id/product_name"))},
      {"dmi_sys_vendor", or_null(read_trimmed("/sys/class/dmi/id/sys_vendor"))}};
}

nlohmann::json read_rlimit_nproc() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NPROC, &limit) != 0) {
    return nullptr;
  }
  const auto value = [](rlim_t v) {
    return v == RLIM_INFINITY ? nlohmann::json("unlimited") : nlohmann::json(v);
  };
  return {{"soft", value(limit.rlim_cur)}, {"hard", value(limit.rlim_max)}};
}

}  // namespace

nlohmann::json read_loadavg() {
  const auto text = read_text_file("/proc/loadavg");
  const auto load = text ? parse_loadavg(*text) : std::nullopt;
  if (!load) {
    return nullptr;
  }
  return {{"1m", load->one_min}, {"5m", load->five_min}, {"15m", load->fifteen_min}};
}

nlohmann::json capture_environment() {
  nlohmann::json env = nlohmann::json::object();
  env["captured_at"] = utc_now_iso8601();
  utsname name{};
  const bool have_uname = uname(&name) == 0;
  const auto field = [have_uname](const char* value) {
    return have_uname ? nlohmann::json(value) : nlohmann::json(nullptr);
  };
  env["kernel_release"] = field(name.release);
  env["kernel_version"] = field(name.version);
  env["machine"] = field(name.machine);
  env["hostname"] = field(name.nodename);
  env["glibc_version"] = gnu_get_libc_version();
  add_kernel(env, have_uname ? name.release : "");
  add_hvo(env, env["cmdline"].is_string() ? env["cmdline"].get<std::string>() : "");
  add_memory(env);
  add_cpu(env);
  env["kernel_path"] = capture_kernel_path();
  env["rlimit_nproc"] = read_rlimit_nproc();
  env["loadavg_before"] = read_loadavg();
  return env;
}

}  // namespace clonebench

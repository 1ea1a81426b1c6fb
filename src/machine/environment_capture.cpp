#include "machine/environment_capture.hpp"

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

void add_kernel(Environment& env, const std::string& release) {
  KernelConfigSource source = read_running_kernel_config(release);
  if (source.config) {
    env.config = select_config_options(*source.config);
    env.config_source = source.path;
    env.config_error = std::nullopt;
  } else {
    env.config = std::nullopt;
    env.config_source = std::nullopt;
    env.config_error = source.error;
  }
  env.cmdline = read_trimmed("/proc/cmdline");
  env.aslr = read_integer("/proc/sys/kernel/randomize_va_space");
  env.pid_max = read_integer("/proc/sys/kernel/pid_max");
  env.threads_max = read_integer("/proc/sys/kernel/threads-max");
  env.boot_id = read_trimmed("/proc/sys/kernel/random/boot_id");
  const auto uptime = read_text_file("/proc/uptime");
  env.uptime_s =
      uptime ? std::optional<double>(std::strtod(uptime->c_str(), nullptr)) : std::nullopt;
}

// Every pool under /sys/kernel/mm/hugepages: its page count and surplus, and their sum.
std::optional<std::int64_t> add_hugetlb_pools(HvoFacts& hvo) {
  const auto pools = list_directory("/sys/kernel/mm/hugepages");
  if (!pools) {
    hvo.pools = std::nullopt;
    return std::nullopt;
  }
  std::int64_t total = 0;
  bool complete = true;
  std::map<std::string, HugetlbPoolFacts> facts;
  for (const auto& pool : *pools) {
    const auto pages = read_integer(pool / "nr_hugepages");
    const auto surplus = read_integer(pool / "surplus_hugepages");
    facts[pool.filename().string()] = {pages, surplus};
    complete = complete && pages && surplus;
    total += pages.value_or(0) + surplus.value_or(0);
  }
  hvo.pools = std::move(facts);
  return complete ? std::optional<std::int64_t>(total) : std::nullopt;
}

void add_hvo(Environment& env) {
  const std::string sysctl_path = "/proc/sys/vm/hugetlb_optimize_vmemmap";
  HvoFacts hvo;
  HvoObservation observation;
  observation.sysctl = read_integer(sysctl_path);
  std::error_code error;
  observation.sysctl_file_exists = std::filesystem::exists(sysctl_path, error);
  observation.hugetlb_pages = add_hugetlb_pools(hvo);
  if (env.config) {
    const auto option = env.config->find("CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP");
    observation.config_optimize_vmemmap = option == env.config->end() ? "n" : option->second;
  }
  hvo.sysctl = observation.sysctl;
  hvo.nr_hugepages = read_integer("/proc/sys/vm/nr_hugepages");
  hvo.boot_param = parse_cmdline_parameter(env.cmdline.value_or(""), "hugetlb_free_vmemmap");
  const HvoKeyState key = derive_hvo_key_state(observation);
  hvo.key_on = key.key_on;
  hvo.key_on_basis = key.basis;
  env.hvo = std::move(hvo);
}

void add_memory(Environment& env) {
  const std::string thp = "/sys/kernel/mm/transparent_hugepage/";
  env.thp = read_choice(thp + "enabled");
  env.thp_defrag = read_choice(thp + "defrag");
  env.page_size = std::int64_t{sysconf(_SC_PAGESIZE)};
  const auto meminfo_text = read_text_file("/proc/meminfo");
  const auto meminfo = parse_meminfo(meminfo_text.value_or(""));
  const auto kb = [&meminfo](const char* name) {
    const auto found = meminfo.find(name);
    return found == meminfo.end() ? std::nullopt : std::optional<std::int64_t>(found->second);
  };
  env.mem_total_kb = kb("MemTotal");
  env.mem_available_kb = kb("MemAvailable");
}

// The governors of all CPUs: one name when they agree, else the distinct names joined by ",".
std::optional<std::string> read_governor() {
  std::set<std::string> governors;
  for (const auto& entry :
       list_directory("/sys/devices/system/cpu").value_or(std::vector<std::filesystem::path>{})) {
    if (auto governor = read_trimmed(entry / "cpufreq/scaling_governor")) {
      governors.insert(std::move(*governor));
    }
  }
  if (governors.empty()) {
    return std::nullopt;
  }
  std::string joined;
  for (const auto& governor : governors) {
    joined += (joined.empty() ? "" : ",") + governor;
  }
  return joined;
}

VirtualizationFacts read_virtualization(const CpuInfo& cpu) {
  const auto hypervisor_type = read_trimmed("/sys/hypervisor/type");
  const bool flag = cpu.hypervisor();
  VirtualizationFacts facts;
  facts.in_vm = flag || hypervisor_type.has_value();
  facts.hypervisor_flag = flag;
  facts.hypervisor_type = hypervisor_type;
  facts.dmi_product_name = read_trimmed("/sys/class/dmi/id/product_name");
  facts.dmi_sys_vendor = read_trimmed("/sys/class/dmi/id/sys_vendor");
  return facts;
}

void add_cpu(Environment& env) {
  const CpuInfo cpu = parse_cpuinfo(read_text_file("/proc/cpuinfo").value_or(""));
  env.cpu_model = cpu.model_name;
  env.cpu = CpuFacts{cpu.vendor, cpu.family, cpu.model, cpu.stepping, cpu.microcode};
  const auto online = read_text_file("/sys/devices/system/cpu/online");
  const auto online_count = online ? parse_cpu_list_count(*online) : std::nullopt;
  env.cpus = online_count ? std::optional<std::int64_t>(*online_count) : std::nullopt;
  env.cpus_configured = std::int64_t{sysconf(_SC_NPROCESSORS_CONF)};
  env.governor = read_governor();
  const auto smt_active = read_integer("/sys/devices/system/cpu/smt/active");
  env.smt = SmtFacts{read_trimmed("/sys/devices/system/cpu/smt/control"),
                     smt_active ? std::optional<bool>(*smt_active != 0) : std::nullopt};
  const auto vulnerabilities = read_directory_files("/sys/devices/system/cpu/vulnerabilities");
  env.mitigations =
      vulnerabilities ? std::optional(parse_vulnerabilities(*vulnerabilities)) : std::nullopt;
  env.virtualization = read_virtualization(cpu);
}

std::optional<NprocLimit> read_rlimit_nproc() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NPROC, &limit) != 0) {
    return std::nullopt;
  }
  const auto value = [](rlim_t v) -> Fact<std::uint64_t> {
    return v == RLIM_INFINITY ? std::nullopt : std::optional<std::uint64_t>(v);
  };
  return NprocLimit{value(limit.rlim_cur), value(limit.rlim_max)};
}

}  // namespace

std::optional<LoadAverages> read_loadavg() {
  const auto text = read_text_file("/proc/loadavg");
  const auto load = text ? parse_loadavg(*text) : std::nullopt;
  if (!load) {
    return std::nullopt;
  }
  return LoadAverages{load->one_min, load->five_min, load->fifteen_min};
}

Environment capture_environment() {
  Environment env;
  env.captured_at = utc_now_iso8601();
  utsname name{};
  const bool have_uname = uname(&name) == 0;
  const auto field = [have_uname](const char* value) {
    return have_uname ? std::optional<std::string>(value) : std::nullopt;
  };
  env.kernel_release = field(name.release);
  env.kernel_version = field(name.version);
  env.machine = field(name.machine);
  env.hostname = field(name.nodename);
  env.glibc_version = std::string(gnu_get_libc_version());
  add_kernel(env, have_uname ? name.release : "");
  add_hvo(env);
  add_memory(env);
  add_cpu(env);
  env.kernel_path = probe_kernel_path();
  env.rlimit_nproc = read_rlimit_nproc();
  env.loadavg_before = read_loadavg();
  return env;
}

}  // namespace clonebench

#pragma once
// The keys of each part of the environment, once for both directions of its codec
// (environment_json.cpp): fields(part, field) calls field(key, fact) for every fact of the part,
// in the JSON's key order (nlohmann::json sorts keys, so the order only makes the lists easy to
// check). A key written here is both written and read; none can be one without the other.

#include <concepts>
#include <type_traits>

#include "record/environment.hpp"

namespace clonebench::environment_keys {

template <typename Self, typename Part>
concept PartOf = std::same_as<std::remove_const_t<Self>, Part>;

void fields(PartOf<LoadAverages> auto& load, auto&& field) {
  field("1m", load.one_min);
  field("5m", load.five_min);
  field("15m", load.fifteen_min);
}

void fields(PartOf<HugetlbPoolFacts> auto& pool, auto&& field) {
  field("nr_hugepages", pool.nr_hugepages);
  field("surplus_hugepages", pool.surplus_hugepages);
}

void fields(PartOf<HvoFacts> auto& hvo, auto&& field) {
  field("sysctl", hvo.sysctl);
  field("nr_hugepages", hvo.nr_hugepages);
  field("pools", hvo.pools);
  field("boot_param", hvo.boot_param);
  field("key_on", hvo.key_on);
  field("key_on_basis", hvo.key_on_basis);
}

void fields(PartOf<CpuFacts> auto& cpu, auto&& field) {
  field("vendor", cpu.vendor);
  field("family", cpu.family);
  field("model", cpu.model);
  field("stepping", cpu.stepping);
  field("microcode", cpu.microcode);
}

void fields(PartOf<SmtFacts> auto& smt, auto&& field) {
  field("control", smt.control);
  field("active", smt.active);
}

void fields(PartOf<VirtualizationFacts> auto& virtualization, auto&& field) {
  field("in_vm", virtualization.in_vm);
  field("hypervisor_flag", virtualization.hypervisor_flag);
  field("hypervisor_type", virtualization.hypervisor_type);
  field("dmi_product_name", virtualization.dmi_product_name);
  field("dmi_sys_vendor", virtualization.dmi_sys_vendor);
  field("kind", virtualization.kind);
  field("accelerator", virtualization.accelerator);
  field("emulated", virtualization.emulated);
}

void fields(PartOf<GuestFacts> auto& guest, auto&& field) {
  field("image", guest.image);
  field("image_sha256", guest.image_sha256);
  field("qemu", guest.qemu);
  field("cpus", guest.cpus);
  field("memory_mb", guest.memory_mb);
  field("append", guest.append);
  field("measure", guest.measure);
  field("boot_index", guest.boot_index);
  field("boot_seed", guest.boot_seed);
  field("guest_boot_id", guest.guest_boot_id);
}

void fields(PartOf<Environment> auto& env, auto&& field) {
  field("captured_at", env.captured_at);
  field("kernel_release", env.kernel_release);
  field("kernel_version", env.kernel_version);
  field("machine", env.machine);
  field("hostname", env.hostname);
  field("glibc_version", env.glibc_version);
  field("config", env.config);
  field("config_source", env.config_source);
  field("config_error", env.config_error);
  field("cmdline", env.cmdline);
  field("aslr", env.aslr);
  field("pid_max", env.pid_max);
  field("threads_max", env.threads_max);
  field("boot_id", env.boot_id);
  field("uptime_s", env.uptime_s);
  field("kernel_path", env.kernel_path);
  field("hvo", env.hvo);
  field("thp", env.thp);
  field("thp_defrag", env.thp_defrag);
  field("page_size", env.page_size);
  field("mem_total_kb", env.mem_total_kb);
  field("mem_available_kb", env.mem_available_kb);
  field("cpu_model", env.cpu_model);
  field("cpu", env.cpu);
  field("cpus", env.cpus);
  field("cpus_configured", env.cpus_configured);
  field("governor", env.governor);
  field("smt", env.smt);
  field("mitigations", env.mitigations);
  field("virtualization", env.virtualization);
  field("rlimit_nproc", env.rlimit_nproc);
  field("loadavg_before", env.loadavg_before);
  field("loadavg_after", env.loadavg_after);
  field("stability_warnings", env.stability_warnings);
  field("guest", env.guest);
}

// A part described by fields().
template <typename T>
concept Described = requires(T& part) {
  fields(part, [](const char*, auto&) {});
};

}  // namespace clonebench::environment_keys

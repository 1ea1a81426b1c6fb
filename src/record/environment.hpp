#pragma once
// What the machine and kernel were when runs were measured (docs/schema.md, "2.5 environment"),
// typed: capture_environment() (machine/environment_capture.hpp) fills it,
// record/environment_json.hpp is its one codec, and every reader of a stored or imported
// environment decodes it into this.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernel/kernel_path.hpp"

namespace clonebench {

// One fact of an environment in the three states a document can hold it in: not recorded (an
// older or foreign document has no such key), recorded as unknown (null: it could not be read),
// or recorded with a value. Reads like std::optional; recorded() tells the first two apart, so
// that a document decodes and encodes back to the same keys.
template <typename T>
class Fact {
 public:
  Fact() = default;
  Fact(std::nullopt_t) : recorded_(true) {}  // implicit, like std::optional's
  Fact(T value) : recorded_(true), value_(std::move(value)) {}
  Fact(std::optional<T> value) : recorded_(true), value_(std::move(value)) {}

  bool recorded() const noexcept { return recorded_; }
  bool has_value() const noexcept { return value_.has_value(); }
  explicit operator bool() const noexcept { return value_.has_value(); }
  const T& operator*() const { return *value_; }
  T& operator*() { return *value_; }
  const T* operator->() const { return &*value_; }
  T* operator->() { return &*value_; }
  const std::optional<T>& optional() const noexcept { return value_; }
  template <typename U>
  T value_or(U&& fallback) const {
    return value_.value_or(std::forward<U>(fallback));
  }
  bool operator==(const Fact&) const = default;

 private:
  bool recorded_ = false;
  std::optional<T> value_;
};

// The 1, 5 and 15 minute load averages of /proc/loadavg ("1m", "5m", "15m").
struct LoadAverages {
  Fact<double> one_min, five_min, fifteen_min;
  bool operator==(const LoadAverages&) const = default;
};

// One HugeTLB pool of /sys/kernel/mm/hugepages, by its directory name.
struct HugetlbPoolFacts {
  Fact<std::int64_t> nr_hugepages, surplus_hugepages;
  bool operator==(const HugetlbPoolFacts&) const = default;
};

// HugeTLB vmemmap optimization ("hvo"): the sysctl, the pools, the boot parameter and the key.
struct HvoFacts {
  Fact<std::int64_t> sysctl;        // vm.hugetlb_optimize_vmemmap
  Fact<std::int64_t> nr_hugepages;  // vm.nr_hugepages
  Fact<std::map<std::string, HugetlbPoolFacts>> pools;
  Fact<std::string> boot_param;  // hugetlb_free_vmemmap=
  Fact<bool> key_on;
  Fact<std::string> key_on_basis;  // "exact: ..." | "inferred: ..." | "unknown: ..."
  bool operator==(const HvoFacts&) const = default;
};

// The CPU's identity from /proc/cpuinfo ("cpu"), each as the text the file gives.
struct CpuFacts {
  Fact<std::string> vendor, family, model, stepping, microcode;
  bool operator==(const CpuFacts&) const = default;
};

// "smt": /sys/devices/system/cpu/smt.
struct SmtFacts {
  Fact<std::string> control;
  Fact<bool> active;
  bool operator==(const SmtFacts&) const = default;
};

// "virtualization": what the host says about a hypervisor, or, for the runs of a `kernels`
// guest, which QEMU ran it.
struct VirtualizationFacts {
  Fact<bool> in_vm, hypervisor_flag;
  Fact<std::string> hypervisor_type, dmi_product_name, dmi_sys_vendor;
  Fact<std::string> kind, accelerator;  // a guest's: "qemu", "kvm" | "tcg"
  Fact<bool> emulated;                  // a guest's: TCG, timings of an emulator
  bool operator==(const VirtualizationFacts&) const = default;
};

// "rlimit_nproc": RLIMIT_NPROC; a limit without a value is "unlimited".
struct NprocLimit {
  Fact<std::uint64_t> soft, hard;
  bool operator==(const NprocLimit&) const = default;
};

// "guest": the image and QEMU a `kernels` guest was booted with.
struct GuestFacts {
  Fact<std::string> image, image_sha256, qemu, append;
  Fact<std::uint64_t> cpus, memory_mb;
  // What the guest's clock counted ("time", or "instructions" under icount), the boot's place
  // in its experiment's order, the seed its randomness came from (16 hex digits), and the boot
  // id the guest's kernel drew (the run's boot_id is the experiment's name for the boot).
  Fact<std::string> measure;
  Fact<std::uint64_t> boot_index;
  Fact<std::string> boot_seed, guest_boot_id;
  bool operator==(const GuestFacts&) const = default;
};

struct Environment {
  // kernel
  Fact<std::string> captured_at;  // ISO-8601 UTC
  Fact<std::string> kernel_release, kernel_version, machine, hostname, glibc_version;
  Fact<std::map<std::string, std::string>> config;  // selected CONFIG_* options
  Fact<std::string> config_source, config_error;
  Fact<std::string> cmdline;
  Fact<std::int64_t> aslr, pid_max, threads_max;
  Fact<std::string> boot_id;
  Fact<double> uptime_s;
  Fact<KernelPathFacts> kernel_path;
  Fact<HvoFacts> hvo;
  // memory
  Fact<std::string> thp, thp_defrag;
  Fact<std::int64_t> page_size, mem_total_kb, mem_available_kb;
  // CPU
  Fact<std::string> cpu_model;
  Fact<CpuFacts> cpu;
  Fact<std::int64_t> cpus, cpus_configured;
  Fact<std::string> governor;  // the distinct governors, comma-separated
  Fact<SmtFacts> smt;
  Fact<std::map<std::string, std::string>> mitigations;  // vulnerability file -> text
  Fact<VirtualizationFacts> virtualization;
  // limits and load
  Fact<NprocLimit> rlimit_nproc;
  Fact<LoadAverages> loadavg_before, loadavg_after;
  Fact<std::vector<std::string>> stability_warnings;  // machine/stability_warning.hpp
  Fact<GuestFacts> guest;
  bool operator==(const Environment&) const = default;
};

}  // namespace clonebench

#include "trace/census_probe.hpp"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>
#include <cstring>
#include <string>

#include "core/error.hpp"
#include "sys/capabilities.hpp"
#include "trace/census.skel.h"

namespace clonebench {
namespace {

constexpr int kCapBpf = 39;
constexpr std::size_t kMaxLibbpfLog = 4096;

// libbpf's messages are kept, not printed: the last of them explains a failed load.
std::string& libbpf_log() {
  static std::string log;
  return log;
}

int keep_libbpf_message(enum libbpf_print_level level, const char* format, va_list args) {
  if (level == LIBBPF_DEBUG) {
    return 0;
  }
  char line[512];
  const int length = std::vsnprintf(line, sizeof(line), format, args);
  std::string& log = libbpf_log();
  log += line;
  if (log.size() > kMaxLibbpfLog) {
    log.erase(0, log.size() - kMaxLibbpfLog);
  }
  return length;
}

// The last non-empty line libbpf wrote, which names what failed.
std::string last_libbpf_line() {
  std::string log = libbpf_log();
  while (!log.empty() && log.back() == '\n') {
    log.pop_back();
  }
  const std::size_t start = log.rfind('\n');
  return start == std::string::npos ? log : log.substr(start + 1);
}

int keep_event(void* context, void* data, std::size_t size) {
  auto* events = static_cast<std::vector<census_event>*>(context);
  if (size >= sizeof(census_event)) {
    census_event event;
    std::memcpy(&event, data, sizeof(event));
    events->push_back(event);
  }
  return 0;
}

}  // namespace

std::string census_unavailable_reason() {
  const bool bpf = has_effective_capability(kCapBpf) || has_effective_capability(kCapSysAdmin);
  const bool perfmon =
      has_effective_capability(kCapPerfmon) || has_effective_capability(kCapSysAdmin);
  if (!bpf || !perfmon) {
    std::string missing = !bpf && !perfmon ? "CAP_BPF and CAP_PERFMON"
                          : !bpf           ? "CAP_BPF"
                                           : "CAP_PERFMON";
    return fmt::format(
        "trace needs root or the capabilities CAP_BPF and CAP_PERFMON ({} missing): run it as "
        "root, e.g. with sudo",
        missing);
  }
  if (::access("/sys/kernel/btf/vmlinux", R_OK) != 0) {
    return "trace needs a kernel with BTF (/sys/kernel/btf/vmlinux is missing): a kernel built "
           "with CONFIG_DEBUG_INFO_BTF=y";
  }
  return {};
}

CensusProbe::CensusProbe() {
  libbpf_log().clear();
  libbpf_set_print(keep_libbpf_message);
  skeleton_ = census::open();
  if (skeleton_ == nullptr) {
    throw_errno("trace: cannot open the BPF census");
  }
  const int cpus = libbpf_num_possible_cpus();
  skeleton_->rodata->nr_cpus = cpus > 0 ? static_cast<__u32>(cpus) : 1;
  if (const int error = census::load(skeleton_); error != 0) {
    census::destroy(skeleton_);
    skeleton_ = nullptr;
    throw RuntimeError(fmt::format("trace: the kernel refused the BPF census: {} ({})",
                                   std::strerror(-error), last_libbpf_line()));
  }
  ring_ = ring_buffer__new(bpf_map__fd(skeleton_->maps.events), keep_event, &events_, nullptr);
  if (ring_ == nullptr) {
    const int error = errno;
    census::destroy(skeleton_);
    skeleton_ = nullptr;
    throw_errno("trace: cannot read the census's ring buffer", error);
  }
}

CensusProbe::~CensusProbe() {
  if (ring_ != nullptr) {
    ring_buffer__free(ring_);
  }
  if (skeleton_ != nullptr) {
    census::destroy(skeleton_);
  }
}

void CensusProbe::add_member(pid_t tgid) {
  const __u32 key = static_cast<__u32>(tgid);
  const __u8 member = 1;
  if (bpf_map_update_elem(bpf_map__fd(skeleton_->maps.tree), &key, &member, BPF_ANY) != 0) {
    throw_errno("trace: cannot add the command to the traced tree");
  }
}

void CensusProbe::attach() {
  if (const int error = census::attach(skeleton_); error != 0) {
    throw RuntimeError(fmt::format("trace: cannot attach the BPF census: {} ({})",
                                   std::strerror(-error), last_libbpf_line()));
  }
}

void CensusProbe::detach() noexcept {
  census::detach(skeleton_);
}

void CensusProbe::drain() {
  ring_buffer__consume(ring_);
}

std::vector<census_event> CensusProbe::take_events() noexcept {
  return std::move(events_);
}

std::uint64_t CensusProbe::lost_counter(std::uint32_t which) const {
  const int cpus = libbpf_num_possible_cpus();
  std::vector<__u64> per_cpu(static_cast<std::size_t>(cpus > 0 ? cpus : 1));
  if (bpf_map_lookup_elem(bpf_map__fd(skeleton_->maps.lost), &which, per_cpu.data()) != 0) {
    throw_errno("trace: cannot read the census's count of lost events");
  }
  std::uint64_t total = 0;
  for (const __u64 count : per_cpu) {
    total += count;
  }
  return total;
}

std::uint64_t CensusProbe::dropped_events() const {
  return lost_counter(0);
}
std::uint64_t CensusProbe::dropped_calls() const {
  return lost_counter(1);
}

std::vector<pid_t> CensusProbe::members() const {
  std::vector<pid_t> tgids;
  const int fd = tree_fd();
  __u32 key = 0;
  const void* previous = nullptr;
  while (bpf_map_get_next_key(fd, previous, &key) == 0 && tgids.size() < 65536) {
    tgids.push_back(static_cast<pid_t>(key));
    previous = &key;
  }
  return tgids;
}

int CensusProbe::tree_fd() const noexcept {
  return bpf_map__fd(skeleton_->maps.tree);
}

}  // namespace clonebench

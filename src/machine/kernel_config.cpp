#include "machine/kernel_config.hpp"

#include <fmt/core.h>
#include <zlib.h>

#include <array>
#include <memory>
#include <sstream>

#include "sys/text_file.hpp"

namespace clonebench {

// Why each is here (docs/model.md, "Kernel facts the model follows"): HUGETLB_* decide whether
// the fake-head check of _compound_head() is compiled in and the HVO static key can turn on
// ("The HVO static key"); mitigation options decide what a call and return cost ("Return thunks
// and SRSO safe RET"); preemption model, HZ, SCHED_* and NUMA shape how the creating and
// created tasks are scheduled; MEMCG charges every page-table page; debug options (KASAN,
// DEBUG_VM, LOCKDEP, SLUB_DEBUG, KFENCE, init-on-alloc/free) multiply the cost of the copy and
// teardown and make a kernel unfit for comparison.
const std::vector<std::string_view> kSelectedConfigOptions = {
    "CONFIG_HUGETLB_PAGE",
    "CONFIG_HUGETLBFS",
    "CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP",
    "CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP_DEFAULT_ON",
    "CONFIG_ARCH_WANT_OPTIMIZE_HUGETLB_VMEMMAP",
    "CONFIG_SPARSEMEM_VMEMMAP",
    "CONFIG_HZ",
    "CONFIG_MEMCG",
    "CONFIG_NUMA",
    "CONFIG_NUMA_BALANCING",
    "CONFIG_PER_VMA_LOCK",
    "CONFIG_KASAN",
    "CONFIG_KFENCE",
    "CONFIG_DEBUG_VM",
    "CONFIG_DEBUG_PAGEALLOC",
    "CONFIG_LOCKDEP",
    "CONFIG_PROVE_LOCKING",
    "CONFIG_SLUB_DEBUG",
    "CONFIG_SLUB_DEBUG_ON",
    "CONFIG_INIT_ON_ALLOC_DEFAULT_ON",
    "CONFIG_INIT_ON_FREE_DEFAULT_ON",
    "CONFIG_KSM",
    "CONFIG_CGROUPS",
};

// Names that 6.8/6.9 renamed to CONFIG_MITIGATION_*: reporting them as "n" on a newer kernel
// would claim a mitigation is off when only its name changed.
const std::vector<std::string_view> kSelectedConfigOldNames = {
    "CONFIG_RETPOLINE",
    "CONFIG_RETHUNK",
    "CONFIG_CPU_SRSO",
    "CONFIG_CPU_UNRET_ENTRY",
    "CONFIG_CALL_DEPTH_TRACKING",
    "CONFIG_PAGE_TABLE_ISOLATION",
};

const std::vector<std::string_view> kSelectedConfigPrefixes = {
    "CONFIG_TRANSPARENT_HUGEPAGE", "CONFIG_PREEMPT", "CONFIG_HZ_", "CONFIG_NO_HZ",
    "CONFIG_MITIGATION_",          "CONFIG_SCHED_",
};

namespace {

constexpr std::string_view kConfigPrefix = "CONFIG_";
constexpr std::string_view kNotSetSuffix = " is not set";
constexpr std::string_view kUnsetValue = "n";

bool is_option_name(std::string_view name) {
  if (name.size() <= kConfigPrefix.size() || !name.starts_with(kConfigPrefix)) {
    return false;
  }
  for (const char c : name) {
    const bool allowed =
        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (!allowed) {
      return false;
    }
  }
  return true;
}

std::string unquote(std::string_view value) {
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
    return std::string(value.substr(1, value.size() - 2));
  }
  return std::string(value);
}

void parse_config_line(std::string_view line, KernelConfig& config) {
  if (line.starts_with("# ") && line.ends_with(kNotSetSuffix)) {
    const auto name = line.substr(2, line.size() - 2 - kNotSetSuffix.size());
    if (is_option_name(name)) {
      // insert_or_assign with a std::string: assigning the literal trips GCC 12's false
      // -Wrestrict on basic_string::_M_replace (GCC bug 105329).
      config.insert_or_assign(std::string(name), std::string(kUnsetValue));
    }
    return;
  }
  const auto equals = line.find('=');
  if (equals == std::string_view::npos || equals + 1 == line.size()) {
    return;
  }
  const auto name = line.substr(0, equals);
  if (is_option_name(name)) {
    config[std::string(name)] = unquote(line.substr(equals + 1));
  }
}

KernelConfigSource parsed_or_error(std::string path, std::string_view text) {
  KernelConfig config = parse_kernel_config(text);
  if (config.empty()) {
    return {std::nullopt, std::move(path), "no CONFIG_ line in the file"};
  }
  return {std::move(config), std::move(path), ""};
}

}  // namespace

KernelConfig parse_kernel_config(std::string_view text) {
  KernelConfig config;
  std::istringstream stream{std::string(text)};
  for (std::string line; std::getline(stream, line);) {
    parse_config_line(trim(line), config);
  }
  return config;
}

KernelConfig select_config_options(const KernelConfig& config) {
  KernelConfig selected;
  for (const auto name : kSelectedConfigOptions) {
    const auto found = config.find(std::string(name));
    selected.insert_or_assign(std::string(name),
                              found == config.end() ? std::string(kUnsetValue) : found->second);
  }
  for (const auto name : kSelectedConfigOldNames) {
    if (const auto found = config.find(std::string(name)); found != config.end()) {
      selected.insert(*found);
    }
  }
  for (const auto& [name, value] : config) {
    for (const auto prefix : kSelectedConfigPrefixes) {
      if (std::string_view(name).starts_with(prefix)) {
        selected[name] = value;
      }
    }
  }
  return selected;
}

KernelConfigSource read_gzip_kernel_config(const std::filesystem::path& path) {
  const std::string name = path.string();
  std::unique_ptr<gzFile_s, decltype(&gzclose)> file(gzopen(name.c_str(), "rb"), &gzclose);
  if (!file) {
    return {std::nullopt, name, "cannot open"};
  }
  std::string text;
  std::array<char, 1 << 16> buffer{};
  int count = 0;
  while ((count = gzread(file.get(), buffer.data(), buffer.size())) > 0) {
    text.append(buffer.data(), static_cast<std::size_t>(count));
  }
  // zlib reads a file without a gzip header "transparently" as plain bytes; for config.gz that
  // means a corrupt file, not a config.
  if (gzdirect(file.get()) != 0) {
    return {std::nullopt, name, "not gzip data"};
  }
  int error_number = Z_OK;
  const char* message = gzerror(file.get(), &error_number);
  if (count < 0 || (error_number != Z_OK && error_number != Z_STREAM_END)) {
    return {std::nullopt, name, fmt::format("corrupt gzip data ({})", message)};
  }
  return parsed_or_error(name, text);
}

KernelConfigSource read_text_kernel_config(const std::filesystem::path& path) {
  const auto text = read_text_file(path);
  if (!text) {
    return {std::nullopt, path.string(), "cannot read"};
  }
  return parsed_or_error(path.string(), *text);
}

KernelConfigSource read_running_kernel_config(const std::string& kernel_release) {
  const std::filesystem::path proc_config = "/proc/config.gz";
  const std::filesystem::path boot_config = "/boot/config-" + kernel_release;
  KernelConfigSource from_proc = read_gzip_kernel_config(proc_config);
  if (from_proc.config) {
    return from_proc;
  }
  KernelConfigSource from_boot = read_text_kernel_config(boot_config);
  if (from_boot.config) {
    return from_boot;
  }
  from_boot.error = fmt::format("{}: {}; {}: {}", from_proc.path, from_proc.error, from_boot.path,
                                from_boot.error);
  return from_boot;
}

}  // namespace clonebench

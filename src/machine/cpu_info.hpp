#pragma once
// What /proc/cpuinfo says about the processor: model, identity and flags. The mitigation a
// kernel picks (SRSO safe-RET, call-depth tracking, ...) depends on the exact CPU, so the
// family/model/stepping and microcode are kept next to the marketing name.

#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace clonebench {

struct CpuInfo {
  std::optional<std::string> model_name;  // "model name" (x86), else "Processor"/"cpu model"
  std::optional<std::string> vendor;      // "vendor_id" (x86) or "CPU implementer" (arm64)
  std::optional<std::string> family;
  std::optional<std::string> model;
  std::optional<std::string> stepping;
  std::optional<std::string> microcode;
  std::set<std::string> flags;  // of the first processor ("flags", or "Features" on arm64)
  int processors = 0;           // "processor" entries: the online CPUs the kernel listed
  bool hypervisor() const { return flags.contains("hypervisor"); }
};

// Fields are taken from the first processor block; lines without "key : value" are ignored.
CpuInfo parse_cpuinfo(std::string_view text);

}  // namespace clonebench

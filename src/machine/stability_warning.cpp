#include "machine/stability_warning.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

namespace clonebench {
namespace {

// The value at `pointer` when it is of the wanted kind; nullptr otherwise.
const nlohmann::json* find_pointer_value(const nlohmann::json& object, const char* pointer) {
  const nlohmann::json::json_pointer path(pointer);
  if (!object.contains(path)) {
    return nullptr;
  }
  const auto& value = object.at(path);
  return value.is_null() ? nullptr : &value;
}

void check_governor(const nlohmann::json& environment, std::vector<StabilityWarning>& warnings) {
  const auto* governor = find_pointer_value(environment, "/governor");
  if (governor == nullptr || !governor->is_string() || *governor == "performance") {
    return;
  }
  warnings.push_back(
      {fmt::format("CPU frequency governor is '{}', not 'performance'",
                   governor->get<std::string>()),
       "run `cpupower frequency-set --governor performance` (as root) before measuring"});
}

void check_smt(const nlohmann::json& environment, std::vector<StabilityWarning>& warnings) {
  const auto* active = find_pointer_value(environment, "/smt/active");
  if (active == nullptr || !active->is_boolean() || !active->get<bool>()) {
    return;
  }
  warnings.push_back(
      {"SMT (hyper-threading) is active: sibling threads share a core's caches "
       "and execution units",
       "run `echo off > /sys/devices/system/cpu/smt/control` (as root), or pin "
       "with --pin to one thread per core and keep the siblings idle"});
}

void check_load(const nlohmann::json& environment, std::vector<StabilityWarning>& warnings) {
  const auto* load = find_pointer_value(environment, "/loadavg_before/1m");
  const auto* cpus = find_pointer_value(environment, "/cpus");
  if (load == nullptr || cpus == nullptr || !load->is_number() || !cpus->is_number()) {
    return;
  }
  const double load_1m = load->get<double>();
  const double limit = kHighLoadPerCpu * cpus->get<double>();
  if (load_1m <= limit) {
    return;
  }
  warnings.push_back(
      {fmt::format("1-minute load average is {:.2f} on {} CPUs (above {:.2f})", load_1m,
                   cpus->get<int>(), limit),
       "stop other work on the machine (builds, browsers, cron jobs) and measure again"});
}

void check_virtualization(const nlohmann::json& environment,
                          std::vector<StabilityWarning>& warnings) {
  const auto* in_vm = find_pointer_value(environment, "/virtualization/in_vm");
  if (in_vm == nullptr || !in_vm->is_boolean() || !in_vm->get<bool>()) {
    return;
  }
  warnings.push_back(
      {"running in a virtual machine: page-table updates go through the "
       "hypervisor and other guests steal CPU time",
       "compare kernels only on the same host and VM size, with more runs; "
       "measure on bare metal for absolute figures"});
}

void check_thp(const nlohmann::json& environment, std::vector<StabilityWarning>& warnings) {
  const auto* thp = find_pointer_value(environment, "/thp");
  if (thp == nullptr || !thp->is_string() || *thp != "always") {
    return;
  }
  warnings.push_back(
      {"transparent huge pages are 'always': the parent's memory may be backed "
       "by 2 MiB pages, which fork copies very differently from 4 KiB pages",
       "run `echo madvise > /sys/kernel/mm/transparent_hugepage/enabled` (as root) "
       "to measure the 4 KiB path, or record this with the results"});
}

}  // namespace

std::vector<StabilityWarning> stability_warnings(const nlohmann::json& environment) {
  std::vector<StabilityWarning> warnings;
  check_governor(environment, warnings);
  check_smt(environment, warnings);
  check_load(environment, warnings);
  check_virtualization(environment, warnings);
  check_thp(environment, warnings);
  return warnings;
}

std::vector<std::string> stability_problems(const nlohmann::json& environment) {
  std::vector<std::string> problems;
  for (const StabilityWarning& warning : stability_warnings(environment)) {
    problems.push_back(warning.problem);
  }
  return problems;
}

std::string noisy_machine_line(const std::vector<std::string>& problems) {
  if (problems.empty()) {
    return "";
  }
  return fmt::format("noisy machine: {} (`clonebench env` says what to do)",
                     fmt::join(problems, "; "));
}

}  // namespace clonebench

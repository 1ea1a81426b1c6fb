#include "machine/stability_warning.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

namespace clonebench {
namespace {

void check_governor(const Environment& environment, std::vector<StabilityWarning>& warnings) {
  if (!environment.governor || *environment.governor == "performance") {
    return;
  }
  warnings.push_back(
      {fmt::format("CPU frequency governor is '{}', not 'performance'", *environment.governor),
       "run `cpupower frequency-set --governor performance` (as root) before measuring"});
}

void check_smt(const Environment& environment, std::vector<StabilityWarning>& warnings) {
  if (!environment.smt || !environment.smt->active.value_or(false)) {
    return;
  }
  warnings.push_back(
      {"SMT (hyper-threading) is active: sibling threads share a core's caches "
       "and execution units",
       "run `echo off > /sys/devices/system/cpu/smt/control` (as root), or pin "
       "with --pin to one thread per core and keep the siblings idle"});
}

void check_load(const Environment& environment, std::vector<StabilityWarning>& warnings) {
  if (!environment.loadavg_before || !environment.loadavg_before->one_min || !environment.cpus) {
    return;
  }
  const double load_1m = *environment.loadavg_before->one_min;
  const double limit = kHighLoadPerCpu * static_cast<double>(*environment.cpus);
  if (load_1m <= limit) {
    return;
  }
  warnings.push_back(
      {fmt::format("1-minute load average is {:.2f} on {} CPUs (above {:.2f})", load_1m,
                   *environment.cpus, limit),
       "stop other work on the machine (builds, browsers, cron jobs) and measure again"});
}

void check_virtualization(const Environment& environment, std::vector<StabilityWarning>& warnings) {
  if (!environment.virtualization || !environment.virtualization->in_vm.value_or(false)) {
    return;
  }
  warnings.push_back(
      {"running in a virtual machine: page-table updates go through the "
       "hypervisor and other guests steal CPU time",
       "compare kernels only on the same host and VM size, with more runs; "
       "measure on bare metal for absolute figures"});
}

void check_thp(const Environment& environment, std::vector<StabilityWarning>& warnings) {
  if (environment.thp.value_or("") != "always") {
    return;
  }
  warnings.push_back(
      {"transparent huge pages are 'always': the parent's memory may be backed "
       "by 2 MiB pages, which fork copies very differently from 4 KiB pages",
       "run `echo madvise > /sys/kernel/mm/transparent_hugepage/enabled` (as root) "
       "to measure the 4 KiB path, or record this with the results"});
}

}  // namespace

std::vector<StabilityWarning> stability_warnings(const Environment& environment) {
  std::vector<StabilityWarning> warnings;
  check_governor(environment, warnings);
  check_smt(environment, warnings);
  check_load(environment, warnings);
  check_virtualization(environment, warnings);
  check_thp(environment, warnings);
  return warnings;
}

std::vector<std::string> stability_problems(const Environment& environment) {
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

#pragma once
// Warnings about a machine that makes measurements noisy, each with what to do about it
// (in the spirit of nanobench's and Google Benchmark's start-up warnings).

#include <string>
#include <vector>

#include "record/environment.hpp"

namespace clonebench {

struct StabilityWarning {
  std::string problem;  // what is wrong, with the observed value
  std::string advice;   // what to do about it
};

// A 1-minute load average above this share of the online CPUs means other work competes with
// the stressor for CPU time; 0.2 keeps an idle desktop quiet and flags a build in progress.
inline constexpr double kHighLoadPerCpu = 0.2;

// Checks an environment as made by capture_environment(): governor not "performance", SMT
// active, high load average, running under a hypervisor, THP "always". Facts that are unknown
// or not recorded raise no warning.
std::vector<StabilityWarning> stability_warnings(const Environment& environment);

// The problems of stability_warnings() in one line, for a measuring command's stderr and the
// reports: "noisy machine: P1; P2 (`clonebench env` says what to do)"; "" when there are none.
std::string noisy_machine_line(const std::vector<std::string>& problems);

// The problems alone, as stored with a run ("stability_warnings" of its environment).
std::vector<std::string> stability_problems(const Environment& environment);

}  // namespace clonebench

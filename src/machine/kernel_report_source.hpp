#pragma once
// `clonebench kernel`'s report from the facts an environment holds: its kernel_path, the HVO key
// and the config option (kernel/kernel_path_render.hpp says what they mean).

#include "kernel/kernel_path_render.hpp"
#include "record/environment.hpp"

namespace clonebench {

// Missing facts stay unknown: a kernel_path not recorded reads as unknown_kernel_path().
KernelReport kernel_report_from_environment(const Environment& environment);

}  // namespace clonebench

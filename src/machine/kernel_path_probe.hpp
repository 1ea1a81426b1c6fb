#pragma once
// Reads what kernel/kernel_path.hpp interprets: /proc/kallsyms (streamed, never held whole),
// kernel.kptr_restrict, this process's privilege and the vulnerability files.

#include <filesystem>

#include "kernel/kernel_path.hpp"

namespace clonebench {

// Feeds the file to `scanner` line by line. Returns "" when it was read to the end, else why
// not ("Permission denied").
std::string scan_kallsyms_file(const std::filesystem::path& path, KallsymsScanner& scanner);

KernelPathFacts probe_kernel_path();

}  // namespace clonebench

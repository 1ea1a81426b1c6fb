#pragma once
// The parts of the fork/exit page-table path a profile reports on (docs/kernel.md). A sample
// belongs to a group when its kernel call chain passes through one of the group's functions
// (inclusive, as perf's "children" column), so nested groups overlap: copy_page_range is part
// of dup_mm.

#include <string_view>
#include <vector>

namespace clonebench {

struct PathGroup {
  std::string_view name;
  std::string_view description;
  std::vector<std::string_view> functions;  // base names (kernel/kallsyms_scan.hpp)
  bool idle = false;                        // instead: samples of pid 0, the idle task
};

// dup_mm, copy_page_range, anon_vma_fork, exit_mmap, zap, _compound_head, idle — in this order.
const std::vector<PathGroup>& fork_path_groups();

}  // namespace clonebench

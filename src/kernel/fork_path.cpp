#include "kernel/fork_path.hpp"

namespace clonebench {

const std::vector<PathGroup>& fork_path_groups() {
  static const std::vector<PathGroup> groups = {
      {"dup_mm",
       "fork: copying the address space (dup_mm, dup_mmap and all they call)",
       {"dup_mm", "dup_mmap"}},
      {"copy_page_range",
       "fork: copying page tables (copy_page_range, copy_pte_range, copy_present_ptes, ...)",
       {"copy_page_range"}},
      {"anon_vma_fork", "fork: linking anonymous reverse maps (anon_vma_fork)", {"anon_vma_fork"}},
      {"exit_mmap",
       "exit: tearing the address space down (exit_mmap and all it calls)",
       {"exit_mmap"}},
      {"zap",
       "exit and munmap: unmapping pages (unmap_vmas, unmap_page_range, zap_pte_range, ...)",
       {"unmap_vmas", "unmap_page_range", "zap_pmd_range", "zap_pte_range", "zap_present_ptes"}},
      {"_compound_head",
       "page_folio() as a call (only a kernel with it out of line)",
       {"_compound_head"}},
      {"idle", "idle: a CPU with nothing to run", {}, true},
  };
  return groups;
}

}  // namespace clonebench

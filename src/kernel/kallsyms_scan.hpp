#pragma once
// What /proc/kallsyms says about a list of kernel functions: whether each exists as a function of
// its own (out of line), and whether the addresses are shown. Pure: it sees the file line by line
// ("ffffffff815f98a0 T vm_normal_page", "... t copy_present_ptes.constprop.0 [module]"), so the
// 5 MiB file never has to be held whole.

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

struct KallsymsScan {
  std::size_t lines = 0;           // symbol lines seen
  bool addresses_visible = false;  // some address was not zero (kptr_restrict lets us see them)
  // Every wanted function that exists, and the name it is listed under (a compiler clone such
  // as copy_present_ptes.constprop.0 counts: it is still a call).
  std::map<std::string, std::string> found;
  // Every wanted data symbol (types d, D, b, B, r, R) that is listed, by its exact name. Data
  // symbols are listed only by kernels built with CONFIG_KALLSYMS_ALL.
  std::set<std::string> data_found;
};

class KallsymsScanner {
 public:
  explicit KallsymsScanner(std::vector<std::string> wanted,
                           std::vector<std::string> wanted_data = {});
  void add_line(std::string_view line);
  const KallsymsScan& result() const noexcept { return scan_; }

 private:
  std::vector<std::string> wanted_;
  std::vector<std::string> wanted_data_;
  KallsymsScan scan_;
};

// The function a text symbol belongs to: "copy_present_ptes.constprop.0" -> "copy_present_ptes",
// "zap_pte_range.isra.0" -> "zap_pte_range". GCC's ".cold" split parts are not functions of their
// own and give "" (so they never count as an out-of-line copy).
std::string_view base_function_name(std::string_view symbol);

}  // namespace clonebench

// libFuzzer harness: the small /proc and /sys texts of the environment capture (loadavg, choice
// files, CPU lists, integers, the kernel command line), the kernel config and cgroup files.
// They never throw: a format we have not seen is an absent value.
#include "fuzz_support.hpp"
#include "machine/kernel_config.hpp"
#include "memory/cgroup_memory.hpp"
#include "sys/proc_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace clonebench;
  const std::string text = fuzz::text_of(data, size);
  if (const auto load = parse_loadavg(text)) {
    fuzz::require(std::isfinite(load->one_min) && std::isfinite(load->fifteen_min));
  }
  parse_selected_choice(text);
  if (const auto count = parse_cpu_list_count(text)) {
    fuzz::require(*count >= 0);
  }
  parse_integer_text(text);
  parse_cmdline_parameter(text, "hugetlb_free_vmemmap");
  select_config_options(parse_kernel_config(text));
  const std::vector<std::string> parts = fuzz::parts_of(data, size);
  if (parts.size() >= 2) {
    for (const bool v2 : {true, false}) {
      memory_cgroup_directories(parts[0], parts[1], v2);
    }
  }
  return 0;
}

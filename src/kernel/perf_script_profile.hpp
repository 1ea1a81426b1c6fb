#pragma once
// Builds a KernelProfile from the text of `perf script -F comm,pid,ip,sym,dso` over a recording
// with kernel call chains (pure; fed line by line). A sample is a header line ("clonebench 4711")
// followed by its kernel frames, innermost first ("\tffffffff81600670 copy_page_range
// ([kernel.kallsyms])"), and a blank line; a sample taken in user mode has no frame.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/kernel_profile.hpp"

namespace clonebench {

// How many kernel symbols a stored profile keeps.
inline constexpr std::size_t kStoredTopSymbols = 50;

class PerfScriptProfile {
 public:
  PerfScriptProfile();
  void add_line(std::string_view line);
  // The counts so far (event, frequency and window are the caller's to fill in), with the
  // `top` kernel symbols that have the most samples and the `top` that have the most in
  // clonebench's processes (one list, each symbol once, most samples first).
  KernelProfile finish(std::size_t top = kStoredTopSymbols);
  // Lines that were neither a header, a frame nor blank.
  std::size_t unparsed_lines() const noexcept { return unparsed_lines_; }

 private:
  void begin_sample(std::string_view header);
  void add_frame(std::string_view frame);
  void end_sample();

  bool in_sample_ = false;
  bool frames_seen_ = false;
  bool own_sample_ = false;
  std::vector<bool> sample_groups_;
  KernelProfile counts_;
  std::vector<ProfileCount> groups_;
  std::unordered_map<std::string, ProfileCount> self_samples_;
  std::size_t unparsed_lines_ = 0;
};

// Whether an address is in the kernel half of the address space (x86-64, arm64: top bit set).
bool is_kernel_address(std::uint64_t address) noexcept;

}  // namespace clonebench

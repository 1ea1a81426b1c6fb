#include "kernel/profile_merge.hpp"

#include <algorithm>
#include <map>

namespace clonebench {
namespace {

void add_counts(const std::vector<ProfileCount>& counts, std::map<std::string, ProfileCount>& sums,
                std::vector<std::string>& order) {
  for (const ProfileCount& count : counts) {
    if (!sums.contains(count.name)) {
      order.push_back(count.name);
    }
    sums[count.name].samples += count.samples;
    sums[count.name].own_samples += count.own_samples;
  }
}

}  // namespace

KernelProfile merge_profiles(const std::vector<const KernelProfile*>& profiles) {
  KernelProfile merged;
  std::map<std::string, ProfileCount> symbols, paths;
  std::vector<std::string> symbol_order, path_order;
  for (const KernelProfile* profile : profiles) {
    if (merged.event.empty()) {
      merged.event = profile->event;
      merged.frequency_hz = profile->frequency_hz;
    }
    merged.window_s += profile->window_s;
    merged.samples += profile->samples;
    merged.kernel_samples += profile->kernel_samples;
    merged.idle_samples += profile->idle_samples;
    merged.own_samples += profile->own_samples;
    add_counts(profile->top_kernel_symbols, symbols, symbol_order);
    add_counts(profile->paths, paths, path_order);
  }
  for (const std::string& name : symbol_order) {
    merged.top_kernel_symbols.push_back({name, symbols[name].samples, symbols[name].own_samples});
  }
  std::stable_sort(merged.top_kernel_symbols.begin(), merged.top_kernel_symbols.end(),
                   [](const ProfileCount& a, const ProfileCount& b) {
                     return a.samples != b.samples ? a.samples > b.samples : a.name < b.name;
                   });
  for (const std::string& name : path_order) {
    merged.paths.push_back({name, paths[name].samples, paths[name].own_samples});
  }
  return merged;
}

}  // namespace clonebench

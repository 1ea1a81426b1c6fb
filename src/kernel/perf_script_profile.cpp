#include "kernel/perf_script_profile.hpp"

#include <algorithm>
#include <charconv>

#include "core/text_split.hpp"
#include "kernel/fork_path.hpp"
#include "kernel/kallsyms_scan.hpp"

namespace clonebench {
namespace {

// clonebench's own processes: the driver, supervisors, workers and their children inherit the
// command name; exec'd helpers are named clonebench-helper (cut to 15 characters by the kernel).
constexpr std::string_view kOwnCommandPrefix = "clonebench";

std::string_view profile_trimmed(std::string_view text) {
  return trim_any(text, " \t\r");
}

bool parse_number(std::string_view text, int base, std::uint64_t& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

}  // namespace

bool is_kernel_address(std::uint64_t address) noexcept {
  return (address >> 63) != 0;
}

PerfScriptProfile::PerfScriptProfile() : sample_groups_(fork_path_groups().size()) {
  for (const PathGroup& group : fork_path_groups()) {
    groups_.push_back({std::string(group.name), 0, 0});
  }
}

void PerfScriptProfile::add_line(std::string_view line) {
  if (profile_trimmed(line).empty()) {
    end_sample();
  } else if (line.front() == ' ' || line.front() == '\t') {
    add_frame(profile_trimmed(line));
  } else {
    end_sample();
    begin_sample(profile_trimmed(line));
  }
}

void PerfScriptProfile::begin_sample(std::string_view header) {
  in_sample_ = true;
  frames_seen_ = false;
  own_sample_ = false;
  std::fill(sample_groups_.begin(), sample_groups_.end(), false);
  ++counts_.samples;
  // "<comm> <pid>": the command name may hold spaces, the pid is the last word.
  const std::size_t space = header.find_last_of(" \t");
  const std::string_view comm = space == std::string_view::npos
                                    ? std::string_view()
                                    : profile_trimmed(header.substr(0, space));
  std::uint64_t pid = 0;
  const bool has_pid =
      space != std::string_view::npos && parse_number(header.substr(space + 1), 10, pid);
  if (!has_pid) {
    ++unparsed_lines_;
    return;
  }
  const auto& groups = fork_path_groups();
  for (std::size_t i = 0; i < groups.size(); ++i) {
    sample_groups_[i] = groups[i].idle && pid == 0;
  }
  if (pid == 0) {
    ++counts_.idle_samples;
  } else if (comm.starts_with(kOwnCommandPrefix)) {
    own_sample_ = true;
    ++counts_.own_samples;
  }
}

void PerfScriptProfile::add_frame(std::string_view frame) {
  if (!in_sample_) {
    ++unparsed_lines_;
    return;
  }
  const std::size_t space = frame.find(' ');
  std::uint64_t address = 0;
  if (space == std::string_view::npos || !parse_number(frame.substr(0, space), 16, address)) {
    ++unparsed_lines_;
    return;
  }
  if (!is_kernel_address(address)) {
    return;
  }
  std::string_view symbol = profile_trimmed(frame.substr(space + 1));
  if (const std::size_t object = symbol.rfind(" (");
      object != std::string_view::npos && symbol.ends_with(")")) {
    symbol = profile_trimmed(symbol.substr(0, object));
  }
  if (!frames_seen_) {
    frames_seen_ = true;
    ++counts_.kernel_samples;
    ProfileCount& count = self_samples_[std::string(symbol)];
    ++count.samples;
    count.own_samples += own_sample_ ? 1 : 0;
  }
  const std::string_view base = base_function_name(symbol);
  const auto& groups = fork_path_groups();
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const auto& functions = groups[i].functions;
    if (!base.empty() && std::find(functions.begin(), functions.end(), base) != functions.end()) {
      sample_groups_[i] = true;
    }
  }
}

void PerfScriptProfile::end_sample() {
  if (!in_sample_) {
    return;
  }
  in_sample_ = false;
  for (std::size_t i = 0; i < sample_groups_.size(); ++i) {
    groups_[i].samples += sample_groups_[i] ? 1 : 0;
    groups_[i].own_samples += sample_groups_[i] && own_sample_ ? 1 : 0;
  }
}

KernelProfile PerfScriptProfile::finish(std::size_t top) {
  end_sample();
  KernelProfile profile = counts_;
  std::vector<ProfileCount> all;
  for (const auto& [name, count] : self_samples_) {
    all.push_back({name, count.samples, count.own_samples});
  }
  const auto by = [](std::uint64_t ProfileCount::*field) {
    return [field](const ProfileCount& a, const ProfileCount& b) {
      return a.*field != b.*field ? a.*field > b.*field : a.name < b.name;
    };
  };
  // The most sampled in clonebench's processes first, then the machine's; each symbol once.
  std::sort(all.begin(), all.end(), by(&ProfileCount::own_samples));
  std::vector<ProfileCount> kept(all.begin(), all.begin() + std::min(top, all.size()));
  std::sort(all.begin(), all.end(), by(&ProfileCount::samples));
  for (std::size_t i = 0; i < std::min(top, all.size()); ++i) {
    if (std::none_of(kept.begin(), kept.end(),
                     [&](const ProfileCount& k) { return k.name == all[i].name; })) {
      kept.push_back(all[i]);
    }
  }
  std::sort(kept.begin(), kept.end(), by(&ProfileCount::samples));
  profile.top_kernel_symbols = std::move(kept);
  profile.paths = groups_;
  return profile;
}

}  // namespace clonebench

#include "readiness/process_activity.hpp"

#include <algorithm>
#include <sstream>

namespace clonebench {

std::optional<ProcessCpuTime> parse_process_stat(std::string_view text) {
  const std::size_t open = text.find('(');
  const std::size_t close = text.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
    return std::nullopt;
  }
  // After ")": state is field 3, utime field 14 and stime field 15 of the whole line.
  std::istringstream fields{std::string(text.substr(close + 1))};
  std::string field;
  std::uint64_t utime = 0, stime = 0;
  for (int index = 3; index <= 15; ++index) {
    if (!(fields >> field)) {
      return std::nullopt;
    }
    try {
      if (index == 14) {
        utime = std::stoull(field);
      } else if (index == 15) {
        stime = std::stoull(field);
      }
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  return ProcessCpuTime{std::string(text.substr(open + 1, close - open - 1)), utime + stime};
}

std::vector<ProcessUse> busy_processes(const ProcessStats& stats, double window_s, long ticks_per_s,
                                       int self_pid, double threshold) {
  std::vector<ProcessUse> busy;
  if (window_s <= 0 || ticks_per_s <= 0) {
    return busy;
  }
  for (const auto& [pid, after_text] : stats.after) {
    const auto before_text = stats.before.find(pid);
    if (pid == self_pid || before_text == stats.before.end()) {
      continue;
    }
    const auto before = parse_process_stat(before_text->second);
    const auto after = parse_process_stat(after_text);
    if (!before || !after || after->ticks < before->ticks) {
      continue;
    }
    const double share = static_cast<double>(after->ticks - before->ticks) /
                         static_cast<double>(ticks_per_s) / window_s;
    if (share > threshold) {
      busy.push_back({pid, after->command, share});
    }
  }
  std::sort(busy.begin(), busy.end(), [](const ProcessUse& a, const ProcessUse& b) {
    return a.cpu_share != b.cpu_share ? a.cpu_share > b.cpu_share : a.pid < b.pid;
  });
  return busy;
}

namespace {

// The fields of the aggregate "cpu " line.
std::optional<std::vector<std::uint64_t>> cpu_line(std::string_view text) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    if (line.starts_with("cpu ")) {
      std::istringstream stream{std::string(line.substr(4))};
      std::vector<std::uint64_t> values;
      std::uint64_t value = 0;
      while (stream >> value) {
        values.push_back(value);
      }
      return values.size() >= 8 ? std::optional(values) : std::nullopt;
    }
    at = end + 1;
  }
  return std::nullopt;
}

}  // namespace

std::optional<double> steal_share(std::string_view stat_before, std::string_view stat_after) {
  const auto before = cpu_line(stat_before);
  const auto after = cpu_line(stat_after);
  if (!before || !after) {
    return std::nullopt;
  }
  std::uint64_t total = 0;
  // user nice system idle iowait irq softirq steal: guest time is already in user time.
  for (std::size_t i = 0; i < 8; ++i) {
    total += (*after)[i] >= (*before)[i] ? (*after)[i] - (*before)[i] : 0;
  }
  const std::uint64_t steal = (*after)[7] >= (*before)[7] ? (*after)[7] - (*before)[7] : 0;
  return total > 0 ? static_cast<double>(steal) / static_cast<double>(total) : 0.0;
}

}  // namespace clonebench

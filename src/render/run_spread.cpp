#include "render/run_spread.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/number_text.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

// Runs of one stressor, instance count and comparable options, in the document's order.
struct RunGroup {
  const RunResult* first = nullptr;
  std::vector<double> real, cpu;  // ops/s
};

bool same_group(const RunResult& a, const RunResult& b) {
  return a.stressor == b.stressor && a.instances == b.instances &&
         comparable_options(a.options) == comparable_options(b.options);
}

std::vector<RunGroup> groups_of(const RunDocument& document) {
  std::vector<RunGroup> groups;
  for (const RunRecord& record : document.runs) {
    const RunResult& result = record.result;
    auto group = std::find_if(groups.begin(), groups.end(), [&](const RunGroup& candidate) {
      return same_group(*candidate.first, result);
    });
    if (group == groups.end()) {
      groups.push_back({&result, {}, {}});
      group = groups.end() - 1;
    }
    group->real.push_back(result.ops_per_sec_real());
    group->cpu.push_back(result.ops_per_sec_cpu());
  }
  return groups;
}

// "6120 ± 25, range 6080 … 6150": the mean and σ with the digits σ vouches for (the number rule
// of core/number_text.hpp), the extremes with the same digits.
std::string spread_text(const std::vector<double>& values) {
  const double n = static_cast<double>(values.size());
  double sum = 0;
  for (const double value : values) {
    sum += value;
  }
  const double mean = sum / n;
  double squares = 0;
  for (const double value : values) {
    squares += (value - mean) * (value - mean);
  }
  const double sigma = std::sqrt(squares / (n - 1));
  // σ is the spread's half-width: its digits, rounded to tens or hundreds when it is that wide
  // ("3900 ± 2300"); equal values (σ = 0) show whole numbers.
  const int decimals = interval_decimals(mean - sigma, mean + sigma).value_or(0);
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  return fmt::format("{} ± {}, range {} … {}", fixed_text(mean, decimals),
                     fixed_text(sigma, decimals), fixed_text(*low, decimals),
                     fixed_text(*high, decimals));
}

// "fork x1", and when another group has the same stressor and instances, the settings that set
// this one apart from it ("fork x1 rss_bytes 67108864"), so that no two lines read alike.
std::string group_name(const RunGroup& group, const std::vector<RunGroup>& groups) {
  const RunResult& first = *group.first;
  std::string name = fmt::format("{} x{}", printable(first.stressor), first.instances);
  for (const RunGroup& other : groups) {
    const RunResult& them = *other.first;
    if (&other == &group || them.stressor != first.stressor || them.instances != first.instances) {
      continue;
    }
    const std::vector<OptionText> theirs = option_texts(comparable_options(them.options));
    for (const OptionText& option : option_texts(comparable_options(first.options))) {
      if (std::find(theirs.begin(), theirs.end(), option) == theirs.end() &&
          name.find(" " + option.name + " ") == std::string::npos) {
        name += fmt::format(" {} {}", printable(option.name), printable(option.text));
      }
    }
  }
  return name;
}

}  // namespace

std::string render_run_spread(const RunDocument& document) {
  std::string out;
  const std::vector<RunGroup> groups = groups_of(document);
  for (const RunGroup& group : groups) {
    if (group.real.size() < 2) {
      continue;
    }
    out += fmt::format("{}, {} runs: ops/s real {}; ops/s cpu {}\n", group_name(group, groups),
                       group.real.size(), spread_text(group.real), spread_text(group.cpu));
  }
  return out.empty() ? out : "spread (mean ± σ, range min … max):\n" + out;
}

}  // namespace clonebench

#include "trace/trace_analysis.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

#include "core/error.hpp"
#include "core/name_table.hpp"
#include "stats/descriptive.hpp"

namespace clonebench {
namespace {

constexpr std::array<std::pair<TraceComponent, const char*>, 8> kComponentNames{{
    {TraceComponent::kClone, "clone"},
    {TraceComponent::kCreate, "create"},
    {TraceComponent::kFork, "fork"},
    {TraceComponent::kVfork, "vfork"},
    {TraceComponent::kThread, "thread"},
    {TraceComponent::kExec, "exec"},
    {TraceComponent::kExit, "exit"},
    {TraceComponent::kKernel, "kernel"},
}};

constexpr std::uint64_t kMiB = 1024;  // in kB

bool counts_as(const Creation& creation, TraceComponent component) {
  switch (component) {
    case TraceComponent::kClone:
      return creation.kind != CreationKind::kThread;
    case TraceComponent::kCreate:
      return true;
    case TraceComponent::kFork:
      return creation.kind == CreationKind::kFork;
    case TraceComponent::kVfork:
      return creation.kind == CreationKind::kVfork;
    case TraceComponent::kThread:
      return creation.kind == CreationKind::kThread;
    default:
      return false;
  }
}

void fill_shares(ComponentUse& use, const TraceRun& run) {
  const std::int64_t cpu_ns = run.user_ns + run.sys_ns;
  const double total = static_cast<double>(use.time.total_ns);
  use.wall_share = run.wall_ns > 0 ? total / static_cast<double>(run.wall_ns) : 0;
  use.cpu_share = cpu_ns > 0 ? total / static_cast<double>(cpu_ns) : 0;
}

ComponentUse use_of(const TraceRun& run, TraceComponent component) {
  ComponentUse use;
  use.component = component;
  std::vector<double> durations;
  if (component == TraceComponent::kExec) {
    for (const ExecCall& exec : run.execs) {
      durations.push_back(static_cast<double>(exec.duration_ns));
      use.failed += exec.error != 0 ? 1 : 0;
    }
  } else if (component == TraceComponent::kExit) {
    for (const ProcessExit& exit : run.exits) {
      if (exit.teardown_ns >= 0) {
        durations.push_back(static_cast<double>(exit.teardown_ns));
      }
    }
  } else if (component == TraceComponent::kKernel) {
    use.time.total_ns = run.sys_ns;
    fill_shares(use, run);
    return use;
  } else {
    for (const Creation& creation : run.creations) {
      if (counts_as(creation, component)) {
        durations.push_back(static_cast<double>(creation.duration_ns));
        use.failed += creation.error != 0 ? 1 : 0;
      }
    }
  }
  use.count = component == TraceComponent::kExit ? run.exits.size() : durations.size();
  use.time = summarize_times(std::move(durations));
  fill_shares(use, run);
  return use;
}

std::vector<SizeBucket> size_buckets(const TraceRun& run) {
  std::vector<SizeBucket> buckets = parent_size_buckets();
  std::vector<std::vector<double>> durations(buckets.size());
  for (const Creation& creation : run.creations) {
    if (creation.kind == CreationKind::kThread || creation.error != 0) {
      continue;
    }
    const std::uint64_t rss_kb = creation.parent.rss_kb();
    for (std::size_t i = 0; i < buckets.size(); ++i) {
      if (buckets[i].holds(rss_kb)) {
        durations[i].push_back(static_cast<double>(creation.duration_ns));
        buckets[i].max_vmas = std::max(buckets[i].max_vmas, creation.parent.vmas);
      }
    }
  }
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    buckets[i].time = summarize_times(std::move(durations[i]));
  }
  return buckets;
}

}  // namespace

std::vector<SizeBucket> parent_size_buckets() {
  return {{"< 4 MiB", 0, 4 * kMiB, 0, {}},
          {"4-32 MiB", 4 * kMiB, 32 * kMiB, 0, {}},
          {">= 32 MiB", 32 * kMiB, 0, 0, {}}};
}

const char* trace_component_name(TraceComponent component) noexcept {
  return name_in(kComponentNames, component, "create");
}

bool parse_trace_component(const std::string& name, TraceComponent& component) noexcept {
  const std::optional<TraceComponent> named = value_named(kComponentNames, name);
  component = named.value_or(component);
  return named.has_value();
}

const std::vector<TraceComponent>& all_trace_components() {
  static const std::vector<TraceComponent> components = [] {
    std::vector<TraceComponent> all;
    for (const auto& [each, name] : kComponentNames) {
      all.push_back(each);
    }
    return all;
  }();
  return components;
}

TimeSummary summarize_times(std::vector<double> durations_ns) {
  TimeSummary summary;
  summary.count = durations_ns.size();
  if (durations_ns.empty()) {
    return summary;
  }
  double total = 0;
  for (const double duration : durations_ns) {
    total += duration;
  }
  // Saturates: a sum past the range of int64 must not be converted (undefined behaviour).
  constexpr double kLargestTotal = 9.2e18;
  summary.total_ns = static_cast<std::int64_t>(std::min(total, kLargestTotal));
  summary.p50_ns = quantile(durations_ns, 0.5);
  summary.p90_ns = quantile(durations_ns, 0.9);
  summary.p99_ns = quantile(durations_ns, 0.99);
  summary.max_ns = *std::max_element(durations_ns.begin(), durations_ns.end());
  return summary;
}

RunSummary summarize_run(const TraceRun& run) {
  RunSummary summary;
  summary.wall_ns = run.wall_ns;
  summary.cpu_ns = run.user_ns + run.sys_ns;
  for (const TraceComponent component : all_trace_components()) {
    summary.components.push_back(use_of(run, component));
  }
  summary.buckets = size_buckets(run);
  for (const Creation& creation : run.creations) {
    summary.creations_by_comm[creation.comm] += 1;
    if (creation.error != 0) {
      summary.failures_by_errno[errno_name(creation.error)] += 1;
    }
    if (!summary.largest_parent || creation.parent.rss_kb() > summary.largest_parent->rss_kb) {
      summary.largest_parent = {creation.comm, creation.parent.rss_kb(), creation.parent.vmas};
    }
    summary.max_parent_rss_kb = std::max(summary.max_parent_rss_kb, creation.parent.rss_kb());
    summary.max_parent_vmas = std::max(summary.max_parent_vmas, creation.parent.vmas);
  }
  for (const ExecCall& exec : run.execs) {
    if (exec.error != 0) {
      summary.failures_by_errno[errno_name(exec.error)] += 1;
    }
  }
  summary.process_exits = run.exits.size();
  return summary;
}

Spread spread_of(std::vector<double> values) {
  Spread spread;
  spread.runs = values.size();
  if (values.empty()) {
    return spread;
  }
  spread.median = median(values);
  spread.low = *std::min_element(values.begin(), values.end());
  spread.high = *std::max_element(values.begin(), values.end());
  return spread;
}

TracingEffect tracing_effect(const std::vector<TraceRun>& runs) {
  std::vector<double> ratios;
  for (std::size_t i = 0; i + 1 < runs.size(); i += 2) {
    const TraceRun& first = runs[i];
    const TraceRun& second = runs[i + 1];
    if (first.traced == second.traced || first.interrupted || second.interrupted) {
      continue;
    }
    const TraceRun& traced = first.traced ? first : second;
    const TraceRun& untraced = first.traced ? second : first;
    if (untraced.wall_ns > 0) {
      ratios.push_back(static_cast<double>(traced.wall_ns) / static_cast<double>(untraced.wall_ns));
    }
  }
  TracingEffect effect;
  effect.pairs = ratios.size();
  effect.ratio = spread_of(std::move(ratios));
  return effect;
}

}  // namespace clonebench

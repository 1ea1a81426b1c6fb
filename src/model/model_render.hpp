#pragma once
// What `clonebench model` prints for people: a text table from one ModelResult plus what the
// machine is (mitigations) and, when a `sweep` of the real kernel is stored, its per-page cost
// beside the model's per-entry call overhead. model_json.hpp encodes the same as a document.

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/model_run.hpp"

namespace clonebench::model {

// The per-page cost of one phase of a stored sweep, with its 95 % interval (the caller decodes
// the sweep; model/ reads no stored document).
struct KernelFit {
  std::string phase;
  double per_page_ns = 0;
  double low = 0, high = 0;
};

struct KernelLink {
  std::string experiment_tag;
  std::string created_at;
  std::vector<KernelFit> fits;
};

// Which compound_head() world the running kernel is in, as `clonebench kernel` decides it
// (kernel/compound_head_world.hpp): "pre-c0bff412" | "c0bff412" | "ef5f379" | "fake-head-free" |
// "no-hvo" | "unknown", and why.
struct RunningWorld {
  std::string name = "unknown";
  std::string basis;
};

struct ModelContext {
  std::map<std::string, std::string> mitigations;  // /sys/devices/system/cpu/vulnerabilities
  std::optional<KernelLink> kernel;
  std::optional<RunningWorld> running;  // nullopt: not asked (tests)
};

// The four kernel eras side by side, key off (the fake-head-free kernel has none): the world's
// name, the variant that stands for it and what changed.
struct KernelWorld {
  const char* name;
  bool anon_post;
  HeadMode head_mode;
  const char* what;
};
const std::vector<KernelWorld>& kernel_worlds();

// True when the kernel returns through the SRSO safe-RET thunk on this machine.
bool machine_uses_srso_thunk(const std::map<std::string, std::string>& mitigations);

// Per key/return group that was run: the ef5f379de302 fix (post-outline / post-inline) and the
// c0bff412e67b regression (post-outline / pre-outline).
std::vector<Comparison> key_comparisons(const ModelResult& result);

// What an out-of-line _compound_head() costs per entry on this machine's return path, key off:
// per round post-outline minus post-inline (both ran in the round, so the machine's drift
// cancels), summarised as the median of those differences with its order-statistic interval,
// in ns per entry, for the copy, the zap and both (a fork and an exit).
struct CallOverhead {
  MedianInterval copy, zap, total;
};
// nullopt when either variant was not run.
std::optional<CallOverhead> call_overhead_ns(const ModelResult& result, bool srso);

// What the model's call overhead `overhead` (ns per entry) is of a measured per-page cost `fit`:
// "; model call overhead 2.6 ns/entry [1.9, 3.4] = 2.2 % of it [1.5, 3.1]", the share's
// interval from the ends of both intervals; when the overhead's interval includes 0, or the
// fit's is not above 0, no share is stated and the line says why.
std::string call_overhead_text(const MedianInterval& overhead, const KernelFit& fit);

// "out-of-line vs always-inline (the ef5f379de302 fix): A / B" and the like.
std::string comparison_label(const Comparison& comparison);

std::string render_model_text(const ModelResult& result, const ModelContext& context);

}  // namespace clonebench::model

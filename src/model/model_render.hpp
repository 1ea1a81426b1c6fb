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

// What an out-of-line _compound_head() costs per entry on this machine's return path, key off
// (post-outline minus post-inline medians): {copy, zap} ns, or nullopt when either was not run.
std::optional<std::pair<double, double>> call_overhead_ns(const ModelResult& result, bool srso);

// "out-of-line vs always-inline (the ef5f379de302 fix): A / B" and the like.
std::string comparison_label(const Comparison& comparison);

std::string render_model_text(const ModelResult& result, const ModelContext& context);

}  // namespace clonebench::model

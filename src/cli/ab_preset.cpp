#include "cli/ab_preset.hpp"

#include <fmt/core.h>

#include "cli/ab_plan_parse.hpp"
#include "cli/shared_options.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "kernel/compound_head_world.hpp"
#include "kernel/kernel_path_render.hpp"
#include "machine/environment_capture.hpp"
#include "machine/kernel_report_source.hpp"
#include "record/hvo_key_jobs.hpp"
#include "record/parent.hpp"

namespace clonebench {
namespace {

void print_presets() {
  fmt::print(
      "hvo-key  the HVO static key switched at run time: key off (no HugeTLB page) vs on (2 "
      "HugeTLB pages allocated with vm.hugetlb_optimize_vmemmap=1), and the control (the same "
      "pages with it 0), each at SPEC's --rss and a quarter of it; root; default SPEC \"{}\"\n",
      kHvoKeyDefaultSpec);
}

// The arm and setup options belong to the preset: refuse them rather than ignore them.
void refuse_arm_options(const AbArguments& args) {
  for (const auto& [value, flag] :
       {std::pair{&args.a_options, "--a"}, std::pair{&args.b_options, "--b"},
        std::pair{&args.setup_a, "--setup-a"}, std::pair{&args.setup_b, "--setup-b"},
        std::pair{&args.restore, "--restore"}}) {
    if (!value->empty()) {
      throw UsageError(fmt::format(
          "{}: not an option of --preset hvo-key (the preset sets its arms and restores itself)",
          flag));
    }
  }
  if (args.profile) {
    throw UsageError("--profile: not an option of --preset hvo-key");
  }
  if (!args.fail_on.empty()) {
    throw UsageError("--fail-on: not an option of --preset hvo-key");
  }
  if (args.format != "table" && args.format != "json") {
    throw UsageError(
        fmt::format("--format {}: --preset hvo-key writes table or json", args.format));
  }
}

// The key exists only where fake heads do: a kernel of the elimination series has neither
// (docs/kernel.md, "Kernels of every era"), and switching HVO there measures nothing of them.
void refuse_kernels_without_fake_heads() {
  const KernelReport report = kernel_report_from_environment(capture_environment());
  if (report.head_world.world == HeadWorld::kFakeHeadFree) {
    throw UsageError(fmt::format(
        "--preset hvo-key: this kernel has no fake heads and so no HVO static key to switch "
        "({})",
        report.head_world.basis));
  }
}

}  // namespace

HvoKeyPlan plan_hvo_key(const AbArguments& args) {
  refuse_arm_options(args);
  AbArguments arms = args;
  arms.spec = args.spec.empty() ? kHvoKeyDefaultSpec : args.spec;
  const AbPlan ab = plan_ab(arms);
  HvoKeyPlan plan;
  const HvoKeyJobs jobs = hvo_key_jobs(ab.arms[0].job, arms.spec);
  plan.small = jobs.small;
  plan.large = jobs.large;
  plan.warmups = ab.warmups;
  plan.stop = ab.stop;
  plan.seed = ab.seed;
  plan.options = ab.options;
  plan.spec = arms.spec;
  plan.settings_lock = machine_settings_lock_options(args.lock_wait);
  return plan;
}

int run_ab_preset(const AbArguments& args) {
  if (args.preset == "list") {
    print_presets();
    return kExitOk;
  }
  if (args.preset != "hvo-key") {
    throw UsageError(fmt::format("--preset {}: unknown (known: hvo-key; --preset list)",
                                 printable(args.preset)));
  }
  const HvoKeyPlan plan = plan_hvo_key(args);
  refuse_kernels_without_fake_heads();
  return run_hvo_key_experiment(plan, {args.label, args.db_path, args.no_store},
                                {args.json_path, args.format, {}, args.quiet});
}

}  // namespace clonebench

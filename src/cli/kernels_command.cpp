// `clonebench kernels --a IMG --b IMG SPEC`: kernel A against kernel B, booted alternately in
// QEMU, boots as the units (docs/kernels.md). Parses and checks everything first (exit 2 naming
// the flag or file), then runs the experiment and prints the result.

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <random>

#include "cli/argument_split.hpp"
#include "cli/command.hpp"
#include "cli/precision_options.hpp"
#include "cli/run_spec.hpp"
#include "cli/shared_options.hpp"
#include "compare/bisect.hpp"
#include "compare/gate.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "experiment/experiment_session.hpp"
#include "kernels/kernels_experiment.hpp"
#include "kernels/qemu_boot.hpp"
#include "render/output_file.hpp"
#include "store/store.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {
namespace {

constexpr double kGuestDefaultRunS = 2.0;

struct KernelsArguments {
  std::string a, b, spec;
  std::string boots = "4", runs_per_boot = "3", seed, accel, append, cpus = "1", memory = "512";
  std::string threshold = "1%", alpha = "0.05", precision, max_time;
  std::vector<std::string> metrics;
  std::string json_path, label, db_path;
  bool no_store = false, quiet = false, bisect = false;
};

StressorJob guest_job(const std::string& spec_text) {
  RunSpec spec;
  try {
    spec = parse_run_spec(split_arguments(spec_text, "SPEC"));
  } catch (const UsageError& error) {
    throw UsageError(fmt::format("SPEC ('{}'): {}", printable(spec_text), error.what()));
  }
  if (spec.jobs.size() != 1 || spec.runs != 1 || !spec.json_path.empty() || spec.profile) {
    throw UsageError(
        fmt::format("SPEC ('{}'): one stressor and its options (runs per boot are --runs-per-boot)",
                    printable(spec_text)));
  }
  StressorJob job = spec.jobs.front();
  if (job.instances != 1) {
    throw UsageError(
        "SPEC: --instances: the guest runs one instance (give the guest CPUs with "
        "--cpus, the runs stay single-instance)");
  }
  if (!job.pin_cpus.empty()) {
    throw UsageError("SPEC: --pin: pinning inside the guest is not supported");
  }
  if (!spec.timeout_given && job.max_ops == 0) {
    job.timeout_s = kGuestDefaultRunS;
  }
  require_stressor(job.stressor, "SPEC");
  return job;
}

KernelsPlan plan_of(const KernelsArguments& args) {
  KernelsPlan plan;
  plan.a = check_kernel_image(args.a, "--a");
  plan.b = check_kernel_image(args.b, "--b");
  plan.job = guest_job(args.spec);
  plan.spec = printable(args.spec);
  plan.boots_per_image = static_cast<std::size_t>(parse_integer(args.boots, "--boots", 1, 1000));
  plan.runs_per_boot =
      static_cast<std::size_t>(parse_integer(args.runs_per_boot, "--runs-per-boot", 1, 1000));
  plan.seed = seed_option(args.seed).value;
  if (!args.accel.empty()) {
    plan.accelerator = args.accel == "kvm" ? Accelerator::kKvm : Accelerator::kTcg;
  }
  require_clean_text(args.append, "--append");
  plan.append = args.append;
  plan.cpus = static_cast<unsigned>(parse_integer(args.cpus, "--cpus", 1, 64));
  plan.memory_mb = static_cast<unsigned>(parse_integer(args.memory, "--memory", 128, 65536));
  plan.options.threshold = parse_threshold(args.threshold, "--threshold");
  plan.options.alpha = parse_real(args.alpha, "--alpha", 0.0001, 0.5);
  plan.metrics = args.metrics;
  const PrecisionOptions precision = parse_precision_options(args.precision, args.max_time, "1h");
  if (precision.precision) {
    plan.precision_pct = *precision.precision * 100;
    plan.max_time_s = precision.max_time_s.value_or(3600);
  }
  check_label_option(args.label);
  plan.label = args.label;
  plan.db_path = args.no_store ? std::string() : database_path(args.db_path);
  plan.no_store = args.no_store;
  plan.progress = !args.quiet && ::isatty(STDERR_FILENO) == 1;
  find_qemu();  // no QEMU is bad input: exit 2 before anything else
  return plan;
}

int run_kernels_command(const KernelsArguments& args) {
  const KernelsPlan plan = plan_of(args);
  if (!args.json_path.empty()) {
    check_output_path(args.json_path, "--json");
  }
  // The host's load moves an emulated guest's timings most of all: say so before booting.
  warn_if_noisy(environment_before_runs());
  const KernelsResult result = run_kernels(plan);
  if (args.json_path != "-") {
    fmt::print("{}", render_kernels_table(result));
    std::fflush(stdout);
  }
  if (!args.json_path.empty()) {
    write_output(args.json_path, render_kernels_json(result), "--json");
  }
  return args.bisect ? kernels_bisect_code(result) : kExitOk;
}

int run_kernels_or_bisect(const KernelsArguments& args) {
  return args.bisect ? run_for_bisect([&] { return run_kernels_command(args); })
                     : run_kernels_command(args);
}

}  // namespace

void add_kernels_command(CLI::App& app, CommandList& commands) {
  auto [kernels, args] = define_command(
      app, commands, "kernels",
      "Kernel A against kernel B: boot each image several times in QEMU, alternately, run SPEC "
      "in every boot, and compare with boots as the units",
      &run_kernels_or_bisect);
  kernels.add_option("--a", args.a, "Kernel image A (bzImage or vmlinuz), the baseline")
      ->required()
      ->type_name("IMAGE");
  kernels.add_option("--b", args.b, "Kernel image B, the candidate")
      ->required()
      ->type_name("IMAGE");
  kernels
      .add_option("SPEC", args.spec,
                  "What to run in each boot, as for `run`: \"fork\", "
                  "\"clone --timeout 2s\"")
      ->required();
  kernels.add_option("--boots", args.boots, "Boots of each image (default 4)");
  kernels.add_option("--runs-per-boot", args.runs_per_boot, "Runs in each boot (default 3)");
  define_seed_option(kernels, args.seed, "the boot order");
  kernels.add_option("--accel", args.accel, "kvm | tcg (default: KVM when it can run the guest)")
      ->check(CLI::IsMember({"kvm", "tcg"}));
  kernels.add_option("--append", args.append, "Added to the guest kernel's command line");
  kernels.add_option("--cpus", args.cpus, "Guest CPUs (default 1)");
  kernels.add_option("--memory", args.memory, "Guest memory in MiB (default 512)");
  kernels.add_option("--metric", args.metrics, "Metric to compare (default ops_per_sec_real)");
  kernels.add_option("--threshold", args.threshold, "Smallest change that matters (default 1%)");
  kernels.add_option("--alpha", args.alpha, "Significance level, 0.0001 to 0.5 (default 0.05)");
  kernels.add_option("--precision", args.precision,
                     "Add boots (2 per image at a time) until the boot-level 95 % CI is this "
                     "narrow, e.g. 1%");
  kernels.add_option("--max-time", args.max_time, "Bound of --precision (default 1h)");
  define_json_option(kernels, args.json_path, "the result");
  define_label_option(kernels, args.label,
                      "the stored runs: LABEL:a and LABEL:b (default: the experiment's tag)");
  define_db_option(kernels, args.db_path);
  kernels.add_flag("--no-store", args.no_store, "Do not store the runs");
  kernels.add_flag("--quiet", args.quiet, "No progress lines on a terminal");
  kernels.add_flag("--bisect", args.bisect,
                   "Exit as `git bisect run` expects: 0 good, 1 bad (B slower beyond the "
                   "threshold), 125 skip (inconclusive or a failed boot), 128 on a failure");
}

}  // namespace clonebench

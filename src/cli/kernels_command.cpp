// `clonebench kernels --a IMG --b IMG SPEC`: kernel A against kernel B, booted alternately in
// QEMU, boots as the units (docs/kernels.md). Parses and checks everything first (exit 2 naming
// the flag or file), then runs the experiment and prints the result.

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>

#include "cli/command.hpp"
#include "cli/kernels_arguments.hpp"
#include "cli/shared_options.hpp"
#include "compare/bisect.hpp"
#include "core/error.hpp"
#include "experiment/experiment_session.hpp"
#include "kernels/kernels_experiment.hpp"
#include "render/output_file.hpp"

namespace clonebench {
namespace {

int run_kernels_command(const KernelsArguments& args) {
  const KernelsPlan plan = kernels_plan(args);
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
  say_where_stored(result.tag);
  return args.bisect ? kernels_bisect_code(result) : kernels_exit_code(result);
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
  kernels.add_option("--b", args.b, "Kernel image B, the candidate (required unless --preset)")
      ->type_name("IMAGE");
  kernels.add_option("SPEC", args.spec,
                     "What to run in each boot, as for `run`: \"fork\", \"clone --timeout 2s\" "
                     "(required unless --preset)");
  kernels
      .add_option("--preset", args.preset,
                  "hvo-key: boot --a with the HVO static key off (A) and on (B), SPEC (default "
                  "\"fork --rss 64M --timeout 0.3s\") at its --rss and a quarter of it; counts "
                  "instructions and gives the key's cost per 4 KiB page")
      ->check(CLI::IsMember({"hvo-key"}));
  kernels.add_option("--boots", args.boots, "Boots of each image (default 4)");
  kernels.add_option("--runs-per-boot", args.runs_per_boot, "Runs in each boot (default 3)");
  define_seed_option(kernels, args.seed, "the boot order and every boot's randomness");
  kernels.add_option("--accel", args.accel, "kvm | tcg (default: KVM when it can run the guest)")
      ->check(CLI::IsMember({"kvm", "tcg"}));
  kernels
      .add_option("--measure", args.measure,
                  "time (default) | instructions: count guest instructions per operation with "
                  "QEMU's icount (TCG, exact whatever the host's load)")
      ->check(CLI::IsMember({"time", "instructions"}));
  kernels.add_option("--append", args.append, "Added to both guest kernels' command lines")
      ->type_name("CMDLINE");
  kernels
      .add_option("--a-append", args.a_append,
                  "Added to kernel A's command line only, after --append")
      ->type_name("CMDLINE");
  kernels
      .add_option("--b-append", args.b_append,
                  "Added to kernel B's command line only, after --append")
      ->type_name("CMDLINE");
  kernels
      .add_option("--jobs", args.jobs,
                  "Boots at once (default: the host's CPUs with --measure instructions, else "
                  "1; more than 1 only with --measure instructions)")
      ->type_name("N");
  kernels
      .add_option("--warmup-runs", args.warmup_runs,
                  "Runs at the start of every boot that are shown but not compared (default "
                  "1)")
      ->type_name("N");
  kernels.add_option("--cpus", args.cpus, "Guest CPUs (default 1)");
  kernels.add_option("--memory", args.memory, "Guest memory in MiB (default 512)");
  kernels.add_option("--metric", args.metrics,
                     "Metric to compare (default ops_per_sec_real; guest_instructions_per_op "
                     "with --measure instructions)");
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

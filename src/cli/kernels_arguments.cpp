// `clonebench kernels`' checks (kernels_arguments.hpp), and --preset hvo-key's plan: one image,
// the HVO key off (A) and on (B), SPEC at its parent size and a quarter of it in every boot.

#include "cli/kernels_arguments.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include "cli/argument_split.hpp"
#include "cli/precision_options.hpp"
#include "cli/run_spec.hpp"
#include "cli/shared_options.hpp"
#include "core/error.hpp"
#include "core/size_text.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "kernels/hvo_key_kernels.hpp"
#include "kernels/qemu_boot.hpp"
#include "record/hvo_key_jobs.hpp"
#include "record/parent.hpp"
#include "store/store.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {
namespace {

constexpr double kGuestDefaultRunS = 2.0;

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

std::size_t host_cpus() {
  const long online = ::sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? static_cast<std::size_t>(online) : 1;
}

// --measure, --accel, --cpus and --jobs together: icount needs TCG and counts exactly with one
// guest CPU; boots in parallel disturb each other's timings, never their instruction counts.
void plan_measure(const KernelsArguments& args, KernelsPlan& plan) {
  const std::optional<Measure> measure =
      args.measure.empty()
          ? std::optional(args.preset.empty() ? Measure::kTime : Measure::kInstructions)
          : parse_measure(args.measure);
  if (!measure) {
    throw UsageError(
        fmt::format("--measure {}: expected time or instructions", printable(args.measure)));
  }
  plan.measure = *measure;
  if (!args.accel.empty()) {
    plan.accelerator = args.accel == "kvm" ? Accelerator::kKvm : Accelerator::kTcg;
  }
  plan.cpus = static_cast<unsigned>(parse_integer(args.cpus, "--cpus", 1, 64));
  if (plan.measure == Measure::kInstructions) {
    if (plan.accelerator == Accelerator::kKvm) {
      throw UsageError(
          "--accel kvm: --measure instructions counts with QEMU's icount, which needs TCG "
          "(leave --accel out, or give --accel tcg)");
    }
    if (plan.cpus != 1) {
      throw UsageError("--cpus: --measure instructions counts with one guest CPU");
    }
  }
  const std::size_t default_jobs = plan.measure == Measure::kInstructions ? host_cpus() : 1;
  plan.jobs_at_once = args.jobs.empty()
                          ? default_jobs
                          : static_cast<std::size_t>(parse_integer(args.jobs, "--jobs", 1, 256));
  if (plan.jobs_at_once > 1 && plan.measure == Measure::kTime) {
    throw UsageError(
        "--jobs: boots running at once disturb each other's timings; boot in parallel with "
        "--measure instructions, whose counts the host's load does not move");
  }
}

// "64M" for a parent size (format_size without its space and "iB": as SPEC writes it).
std::string size_word(std::uint64_t bytes) {
  std::string text = format_size(bytes);
  const std::size_t space = text.find(' ');
  return space == std::string::npos ? text : text.substr(0, space) + text.substr(space + 1, 1);
}

// The images, the command lines and the jobs of a plain experiment: two images, one SPEC.
void plan_sides(const KernelsArguments& args, KernelsPlan& plan) {
  if (args.b.empty()) {
    throw UsageError(
        "--b is required (the candidate image; only --preset hvo-key boots --a alone)");
  }
  if (args.spec.empty()) {
    throw UsageError("SPEC is required: what to run in each boot, e.g. \"fork --timeout 2s\"");
  }
  plan.a = check_kernel_image(args.a, "--a");
  plan.b = check_kernel_image(args.b, "--b");
  require_clean_text(args.a_append, "--a-append");
  require_clean_text(args.b_append, "--b-append");
  plan.a_append = args.a_append;
  plan.b_append = args.b_append;
  plan.jobs = {guest_job(args.spec)};
  plan.job_names = {plan.jobs.front().stressor};
  plan.spec = printable(args.spec);
}

// --preset hvo-key: A and B are one image, B with the key's command line; each boot runs SPEC
// at its --rss and at a quarter of it.
void plan_hvo_key_preset(const KernelsArguments& args, KernelsPlan& plan) {
  for (const auto& [value, flag] :
       {std::pair{&args.b, "--b"}, std::pair{&args.a_append, "--a-append"},
        std::pair{&args.b_append, "--b-append"}}) {
    if (!value->empty()) {
      throw UsageError(fmt::format(
          "{}: not an option of --preset hvo-key (it boots --a with the key off and on)", flag));
    }
  }
  if (!args.measure.empty() && args.measure != "instructions") {
    throw UsageError(
        "--measure time: --preset hvo-key counts instructions (its per-PTE cost is a difference "
        "of a few instructions that timing under emulation cannot resolve)");
  }
  plan.a = check_kernel_image(args.a, "--a");
  refuse_image_without_hvo(plan.a, "--a");
  plan.b = plan.a;
  plan.b_append = kKernelsHvoKeyAppend;
  const std::string spec = args.spec.empty() ? kKernelsHvoKeyDefaultSpec : args.spec;
  const auto [small, large] = hvo_key_jobs(guest_job(spec), spec);
  plan.jobs = {small, large};
  plan.job_names = {fmt::format("{} {}", large.stressor, size_word(small.parent.bytes)),
                    fmt::format("{} {}", large.stressor, size_word(large.parent.bytes))};
  plan.spec = printable(spec);
  plan.hvo_key = HvoKeyPreset{plan.job_names[0], plan.job_names[1], small.parent.bytes,
                              large.parent.bytes, std::nullopt};
}

}  // namespace

KernelsPlan kernels_plan(const KernelsArguments& args) {
  KernelsPlan plan;
  if (args.preset.empty()) {
    plan_sides(args, plan);
  } else if (args.preset == "hvo-key") {
    plan_hvo_key_preset(args, plan);
  } else {
    throw UsageError(fmt::format("--preset {}: unknown (known: hvo-key)", printable(args.preset)));
  }
  plan.boots_per_image = static_cast<std::size_t>(parse_integer(args.boots, "--boots", 1, 1000));
  plan.runs_per_boot =
      static_cast<std::size_t>(parse_integer(args.runs_per_boot, "--runs-per-boot", 1, 1000));
  plan.warmup_runs =
      static_cast<std::size_t>(parse_integer(args.warmup_runs, "--warmup-runs", 0, 100));
  plan.seed = seed_option(args.seed).value;
  plan_measure(args, plan);
  require_clean_text(args.append, "--append");
  plan.append = args.append;
  plan.memory_mb = static_cast<unsigned>(parse_integer(args.memory, "--memory", 128, 65536));
  plan.options.threshold = parse_threshold(args.threshold, "--threshold");
  plan.options.alpha = parse_real(args.alpha, "--alpha", 0.0001, 0.5);
  plan.metrics = args.metrics;
  const PrecisionOptions precision = parse_precision_options(args.precision, args.max_time, "1h");
  if (precision.precision) {
    plan.precision_pct = *precision.precision * 100;
  }
  plan.max_time_s = precision.max_time_s.value_or(0);  // a budget given is used, --precision or not
  check_label_option(args.label);
  plan.label = args.label;
  plan.db_path = args.no_store ? std::string() : database_path(args.db_path);
  plan.no_store = args.no_store;
  plan.progress = !args.quiet && ::isatty(STDERR_FILENO) == 1;
  find_qemu();  // no QEMU is bad input: exit 2 before anything else
  return plan;
}

}  // namespace clonebench

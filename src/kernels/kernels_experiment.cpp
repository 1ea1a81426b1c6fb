#include "kernels/kernels_experiment.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>
#include <cmath>

#include "compare/boot_analysis.hpp"
#include "compare/metric_selection.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/timestamp.hpp"
#include "kernels/guest_initramfs.hpp"
#include "kernels/hvo_key_kernels.hpp"
#include "kernels/kernels_session.hpp"
#include "store/host_identity.hpp"

namespace clonebench {
namespace {

using Clock = std::chrono::steady_clock;

bool kvm_usable() {
  const int fd = ::open("/dev/kvm", O_RDWR | O_CLOEXEC);
  if (fd < 0) {
    return false;
  }
  ::close(fd);
  return true;
}

// KVM "detected by trying": a host whose /dev/kvm opens may still be unable to run the guest
// (nested virtualization that runs only guests built for it: "KVM internal error").
bool kvm_failed(const GuestConsole& console) {
  return console.qemu_errors.find("KVM") != std::string::npos ||
         (console.exit_code != 0 && console.console.empty() && !console.timed_out);
}

// One side's runs in boot order. With --preset hvo-key only the large parent's: the key's
// change per operation is read there (one metric, so no multiplicity correction costs the
// 4-boot design its α), and the small parent enters the per-PTE slope.
SampleSet sample_set(const KernelsSession& session, Image image) {
  SampleSet set{image == Image::kA ? "A" : "B", "kernels", {}};
  const std::optional<HvoKeyPreset>& preset = session.result.hvo_key;
  for (const BootRecord& boot : session.result.boots) {
    const auto found = session.observations.find(boot.sequence);
    if (boot.image != image || found == session.observations.end()) {
      continue;
    }
    for (const RunObservation& run : found->second) {
      if (!preset || run.group == preset->large_job) {
        set.runs.push_back(run);
      }
    }
  }
  return set;
}

void analyze(KernelsSession& session) {
  session.result.comparison.reset();
  const SampleSet a = sample_set(session, Image::kA);
  const SampleSet b = sample_set(session, Image::kB);
  if (a.runs.empty() || b.runs.empty()) {
    return;
  }
  const std::vector<std::string> metrics =
      session.plan.metrics.empty() ? std::vector<std::string>{headline_metric(session.plan.measure)}
                                   : session.plan.metrics;
  CompareOptions options = session.plan.options;
  options.interleaved = true;  // the boots alternate ABBA/BAAB
  ComparisonResult comparison =
      analyze_with_boots(select_metrics(a, b, metrics, std::nullopt), options, {});
  comparison.a_name = side_name(session.result, session.result.a);
  comparison.b_name = side_name(session.result, session.result.b);
  if (const std::string notice = measure_notice(session.result); !notice.empty()) {
    comparison.warnings.push_back(notice);
  }
  session.result.comparison = std::move(comparison);
  if (HvoKeyPreset* preset = session.result.hvo_key ? &*session.result.hvo_key : nullptr) {
    preset->pte_cost =
        hvo_key_pte_cost(session.result, preset->small_job, preset->large_job, preset->small_bytes,
                         preset->large_bytes, session.plan.options.alpha);
  }
}

bool precise_enough(const KernelsResult& result, double precision_pct) {
  if (!result.comparison || result.comparison->metrics.empty()) {
    return false;
  }
  const Effect& effect = result.comparison->metrics.front().effect;
  return effect.enough_samples && std::isfinite(effect.ci_low_pct) &&
         std::isfinite(effect.ci_high_pct) &&
         (effect.ci_high_pct - effect.ci_low_pct) / 2 <= precision_pct;
}

// Under KVM "by trying": the first boot alone; if KVM cannot run the guest, TCG from then on
// (that boot again), or the error when KVM was asked for.
void settle_accelerator(KernelsSession& session, const PlannedBoot& first) {
  GuestConsole console = boot_guest(guest_boot_of(session, first), session.signals);
  if (kvm_failed(console)) {
    if (session.plan.accelerator == Accelerator::kKvm) {
      throw RuntimeError("--accel kvm: KVM cannot run the guest: " +
                         qemu_error_line(console.qemu_errors));
    }
    session.result.accelerator = Accelerator::kTcg;
    session.result.accelerator_note =
        "KVM could not run the guest (" + qemu_error_line(console.qemu_errors) + "); emulating";
    console = boot_guest(guest_boot_of(session, first), session.signals);
  }
  record_boot(session, first, console);
}

void run_order(KernelsSession& session, const std::vector<Image>& order) {
  std::vector<PlannedBoot> boots;
  for (const Image image : order) {
    boots.push_back({session.result.boots.size() + boots.size() + 1, image});
  }
  session.planned_boots = session.result.boots.size() + boots.size();
  std::size_t start = 0;
  if (session.result.boots.empty() && session.result.accelerator == Accelerator::kKvm) {
    settle_accelerator(session, boots.front());
    start = 1;
  }
  run_boot_pool(
      std::vector<PlannedBoot>(boots.begin() + static_cast<std::ptrdiff_t>(start), boots.end()),
      session.plan.jobs_at_once,
      [&session](const PlannedBoot& boot) { return guest_boot_of(session, boot); },
      [&session](const PlannedBoot& boot, const GuestConsole& console) {
        record_boot(session, boot, console);
      },
      session.signals);
}

std::string host_name() {
  utsname name{};
  return ::uname(&name) == 0 ? printable(name.nodename) : std::string("unknown host");
}

// --precision and/or --max-time: blocks of 2 boots per image while the interval is too wide (or,
// with --max-time alone, while the budget lasts) and another block fits in --max-time at the
// pace so far (boots run --jobs at once).
void extend_within_budget(KernelsSession& session) {
  const std::optional<double>& precision_pct = session.plan.precision_pct;
  std::uint64_t round = 1;
  while (!precision_pct || !precise_enough(session.result, *precision_pct)) {
    const double elapsed_s = std::chrono::duration<double>(Clock::now() - session.started).count();
    const double per_block_s = elapsed_s / static_cast<double>(session.result.boots.size()) * 4;
    if (elapsed_s + per_block_s > session.plan.max_time_s) {
      session.result.stop_reason =
          precision_pct ? "--max-time reached before the precision"
                        : fmt::format(
                              "--max-time: another block of 4 boots would not fit, with "
                              "{} boots a side",
                              session.result.boots.size() / 2);
      return;
    }
    const std::vector<Image> block = boot_order(2, session.plan.seed + round++);
    session.result.order += " " + boot_order_text(block);
    run_order(session, block);
    analyze(session);
  }
  session.result.stop_reason = precision_reached_text(session.result);
}

KernelsResult start_result(const KernelsPlan& plan, const std::string& label) {
  KernelsResult result;
  result.spec = plan.spec;
  result.measure = plan.measure;
  result.seed = plan.seed;
  result.runs_per_boot = plan.runs_per_boot;
  result.warmup_runs = plan.warmup_runs;
  result.jobs_at_once = plan.jobs_at_once;
  result.cpus = plan.cpus;
  result.memory_mb = plan.memory_mb;
  result.append = plan.append;
  result.hvo_key = plan.hvo_key;
  result.precision_pct = plan.precision_pct;
  result.a = {label + ":a", plan.a, plan.a_append, ""};
  result.b = {label + ":b", plan.b, plan.b_append, ""};
  if (plan.measure == Measure::kInstructions) {
    result.accelerator = Accelerator::kTcg;  // icount needs TCG (the CLI refuses --accel kvm)
  } else {
    result.accelerator =
        plan.accelerator.value_or(kvm_usable() ? Accelerator::kKvm : Accelerator::kTcg);
    if (!plan.accelerator && result.accelerator == Accelerator::kTcg) {
      result.accelerator_note = "/dev/kvm cannot be opened; emulating";
    }
  }
  return result;
}

}  // namespace

KernelsResult run_kernels(const KernelsPlan& plan) {
  const std::string created_at = iso8601_utc_now();
  const std::string tag =
      experiment_tag(ExperimentKind::kKernels, created_at, new_run_uid().substr(0, 4));
  const std::string label = plan.label.empty() ? tag : plan.label;
  KernelsSession session{plan,
                         find_qemu(),
                         UnnamedFile("the guest's initramfs"),
                         {},
                         ExperimentWriter({ExperimentKind::kKernels, tag, created_at, label},
                                          plan.no_store, plan.db_path),
                         tag,
                         start_result(plan, label),
                         {},
                         host_name(),
                         Clock::now(),
                         0};
  KernelsResult& result = session.result;
  result.tag = session.writer.enabled() ? tag : "";
  const std::vector<Image> order = boot_order(plan.boots_per_image, plan.seed);
  result.order = boot_order_text(order);
  write_guest_initramfs(session.initramfs, plan.jobs, plan.warmup_runs + plan.runs_per_boot,
                        run_deadline_s(plan.jobs.front()));
  if (plan.progress) {
    fmt::print(stderr, "kernels: boot order {} (seed {}), {} at a time\n", result.order, plan.seed,
               plan.jobs_at_once);
    if (plan.precision_pct) {
      fmt::print(stderr, "kernels: {}\n", precision_plan_text(result));
    } else if (plan.max_time_s > 0) {
      fmt::print(stderr,
                 "kernels: --max-time {:g} s: after the planned boots, 2 boots a side at a "
                 "time while another 4 fit in it\n",
                 plan.max_time_s);
    }
  }
  session.writer.begin();
  try {
    run_order(session, order);
    analyze(session);
    result.stop_reason = "the planned boots";
    if (plan.max_time_s > 0) {  // --max-time, alone or bounding --precision
      extend_within_budget(session);
    }
  } catch (...) {
    session.writer.mark_interrupted();
    throw;
  }
  result.wall_s = std::chrono::duration<double>(Clock::now() - session.started).count();
  session.writer.finish(nlohmann::json(kernels_to_json(result)));
  return std::move(session.result);
}

}  // namespace clonebench

#include "kernels/kernels_experiment.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>

#include "compare/boot_analysis.hpp"
#include "compare/metric_selection.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/timestamp.hpp"
#include "kernels/guest_initramfs.hpp"
#include "kernels/guest_runs.hpp"
#include "record/environment_json.hpp"
#include "runner/runner.hpp"
#include "store/experiment_writer.hpp"
#include "store/host_identity.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

using Clock = std::chrono::steady_clock;

// Everything one experiment carries from boot to boot.
struct Session {
  const KernelsPlan& plan;
  std::string qemu;
  UnnamedFile initramfs{"the guest's initramfs"};
  SignalScope signals;
  ExperimentWriter writer;
  KernelsResult result;
  SampleSet a{"A", "kernels", {}}, b{"B", "kernels", {}};
  std::string host = "unknown host";
  Clock::time_point started = Clock::now();
};

double run_deadline_s(const StressorJob& job) {
  return job.timeout_s * 3 + 10;
}

// The whole boot's bound: booting, the runs and powering off, scaled by what the accelerator
// costs (TCG emulates every instruction, and follows the host's load).
double boot_deadline_s(const KernelsPlan& plan, Accelerator accelerator) {
  const double per_run = plan.job.timeout_s + (accelerator == Accelerator::kTcg ? 15 : 3);
  return (accelerator == Accelerator::kTcg ? 120 : 30) +
         static_cast<double>(plan.runs_per_boot) * per_run;
}

bool kvm_usable() {
  const int fd = ::open("/dev/kvm", O_RDWR | O_CLOEXEC);
  if (fd < 0) {
    return false;
  }
  ::close(fd);
  return true;
}

std::string first_line(const std::string& text) {
  const std::string line = text.substr(0, text.find('\n'));
  return printable(line.empty() ? std::string("QEMU ended without a word") : line);
}

GuestConsole boot_once(Session& session, const KernelImage& image, Accelerator accelerator) {
  GuestBoot boot;
  boot.qemu = session.qemu;
  boot.image = image.path;
  boot.initramfs_fd = session.initramfs.fd();
  boot.accelerator = accelerator;
  boot.append = session.plan.append;
  boot.cpus = session.plan.cpus;
  boot.memory_mb = session.plan.memory_mb;
  boot.deadline_s = boot_deadline_s(session.plan, accelerator);
  // The init says it started a few seconds into a boot (TCG on a loaded host: under 30 s).
  boot.first_output_s = accelerator == Accelerator::kTcg ? 60 : 20;
  return boot_guest(boot, session.signals);
}

// KVM "detected by trying": a host whose /dev/kvm opens may still be unable to run the guest
// (nested virtualization that runs only guests built for it: "KVM internal error").
bool kvm_failed(const GuestConsole& console) {
  return console.qemu_errors.find("KVM") != std::string::npos ||
         (console.exit_code != 0 && console.console.empty() && !console.timed_out);
}

Environment stored_environment(const Session& session, const GuestBootResult& boot,
                               const KernelSide& side) {
  Environment environment = boot.environment;
  environment.captured_at = iso8601_utc_now();
  // The host is part of the machine's name: a guest's runs never pool with the host's own.
  environment.hostname =
      fmt::format("{} (QEMU {} guest)", session.host, accelerator_name(session.result.accelerator));
  VirtualizationFacts virtualization;
  virtualization.kind = std::string("qemu");
  virtualization.accelerator = std::string(accelerator_name(session.result.accelerator));
  virtualization.emulated = session.result.emulated();
  environment.virtualization = virtualization;
  GuestFacts guest;
  guest.image = side.image.path;
  guest.image_sha256 = side.image.sha256;
  guest.qemu = session.qemu;
  guest.cpus = std::uint64_t{session.plan.cpus};
  guest.memory_mb = std::uint64_t{session.plan.memory_mb};
  guest.append = session.plan.append;
  environment.guest = guest;
  return environment;
}

void keep_runs(Session& session, Image image, const GuestBootResult& boot) {
  KernelSide& side = image == Image::kA ? session.result.a : session.result.b;
  SampleSet& set = image == Image::kA ? session.a : session.b;
  side.release = boot.kernel_release.value_or(side.release);
  const Environment environment = stored_environment(session, boot, side);
  for (const RunResult& run : boot.runs) {
    RunRecord record;
    record.label = side.label;
    record.started_at = iso8601_utc_now();
    record.experiment = session.writer.tag();
    record.result = run;
    session.writer.save(record, environment, image == Image::kA ? "a" : "b");
    record.label = side.label;
    set.runs.push_back(observation_of(record, environment));
  }
}

void report_progress(const Session& session, const BootRecord& boot, std::size_t planned) {
  if (!session.plan.progress) {
    return;
  }
  const double elapsed_s = std::chrono::duration<double>(Clock::now() - session.started).count();
  const double left_s =
      elapsed_s / static_cast<double>(boot.sequence) * static_cast<double>(planned - boot.sequence);
  fmt::print(stderr, "kernels: boot {}/{} ({}) {} in {:.1f} s; ≈{:.0f} s left\n", boot.sequence,
             planned, boot.image == Image::kA ? 'A' : 'B', boot.ok ? "ok" : "FAILED", boot.wall_s,
             left_s);
}

void run_boot(Session& session, Image image, std::size_t planned) {
  const KernelSide& side = image == Image::kA ? session.result.a : session.result.b;
  GuestConsole console = boot_once(session, side.image, session.result.accelerator);
  if (session.result.boots.empty() && !session.plan.accelerator &&
      session.result.accelerator == Accelerator::kKvm && kvm_failed(console)) {
    session.result.accelerator = Accelerator::kTcg;
    session.result.accelerator_note =
        "KVM could not run the guest (" + first_line(console.qemu_errors) + "); emulating";
    console = boot_once(session, side.image, session.result.accelerator);
  } else if (session.plan.accelerator == Accelerator::kKvm && kvm_failed(console)) {
    throw RuntimeError("--accel kvm: KVM cannot run the guest: " + first_line(console.qemu_errors));
  }
  GuestExpectation expected{session.plan.job, guest_live_limit(session.plan.job),
                            session.plan.runs_per_boot, console.timed_out};
  const GuestBootResult boot = read_guest_boot(console.console, expected);
  BootRecord record;
  record.sequence = session.result.boots.size() + 1;
  record.image = image;
  record.ok = boot.ok;
  record.boot_id = boot.boot_id.value_or("");
  record.release = boot.kernel_release.value_or("");
  record.runs = boot.runs.size();
  record.wall_s = console.wall_s;
  record.failure = boot.failure;
  if (!boot.ok && !console.qemu_errors.empty()) {
    record.failure += " (QEMU: " + first_line(console.qemu_errors) + ")";
  }
  record.last_lines = boot.last_lines;
  if (boot.ok) {
    keep_runs(session, image, boot);
  }
  session.result.boots.push_back(record);
  report_progress(session, record, planned);
}

void analyze(Session& session) {
  session.result.comparison.reset();
  if (session.a.runs.empty() || session.b.runs.empty()) {
    return;
  }
  const std::vector<std::string> metrics = session.plan.metrics.empty()
                                               ? std::vector<std::string>{"ops_per_sec_real"}
                                               : session.plan.metrics;
  CompareOptions options = session.plan.options;
  options.interleaved = true;  // the boots alternate ABBA/BAAB
  ComparisonResult comparison =
      analyze_with_boots(select_metrics(session.a, session.b, metrics, std::nullopt), options, {});
  comparison.a_name = printable(session.result.a.label);
  comparison.b_name = printable(session.result.b.label);
  if (session.result.emulated()) {
    comparison.warnings.push_back(emulation_notice());
  }
  session.result.comparison = std::move(comparison);
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

void run_order(Session& session, const std::vector<Image>& order, std::size_t planned) {
  for (const Image image : order) {
    session.signals.throw_if_interrupted();
    run_boot(session, image, planned);
  }
}

std::string host_name() {
  utsname name{};
  return ::uname(&name) == 0 ? printable(name.nodename) : std::string("unknown host");
}

// --precision: blocks of 2 boots per image while the interval is too wide and another block
// fits in --max-time at the pace so far.
void extend_for_precision(Session& session) {
  std::uint64_t round = 1;
  while (!precise_enough(session.result, *session.plan.precision_pct)) {
    const double elapsed_s = std::chrono::duration<double>(Clock::now() - session.started).count();
    const double per_boot_s = elapsed_s / static_cast<double>(session.result.boots.size());
    if (elapsed_s + 4 * per_boot_s > session.plan.max_time_s) {
      session.result.stop_reason = "--max-time reached before the precision";
      return;
    }
    const std::vector<Image> block = boot_order(2, session.plan.seed + round++);
    session.result.order += " " + boot_order_text(block);
    run_order(session, block, session.result.boots.size() + block.size());
    analyze(session);
  }
  session.result.stop_reason = "precision reached";
}

}  // namespace

KernelsResult run_kernels(const KernelsPlan& plan) {
  const std::string created_at = iso8601_utc_now();
  const std::string tag =
      experiment_tag(ExperimentKind::kKernels, created_at, new_run_uid().substr(0, 4));
  Session session{plan,
                  find_qemu(),
                  UnnamedFile("the guest's initramfs"),
                  {},
                  ExperimentWriter({ExperimentKind::kKernels, tag, created_at,
                                    plan.label.empty() ? tag : plan.label},
                                   plan.no_store, plan.db_path),
                  {},
                  {"A", "kernels", {}},
                  {"B", "kernels", {}},
                  host_name(),
                  Clock::now()};
  KernelsResult& result = session.result;
  result.tag = session.writer.enabled() ? tag : "";
  result.spec = plan.spec;
  result.seed = plan.seed;
  result.runs_per_boot = plan.runs_per_boot;
  result.cpus = plan.cpus;
  result.memory_mb = plan.memory_mb;
  result.append = plan.append;
  const std::string label = plan.label.empty() ? tag : plan.label;
  result.a = {label + ":a", plan.a, ""};
  result.b = {label + ":b", plan.b, ""};
  result.accelerator =
      plan.accelerator.value_or(kvm_usable() ? Accelerator::kKvm : Accelerator::kTcg);
  if (!plan.accelerator && result.accelerator == Accelerator::kTcg) {
    result.accelerator_note = "/dev/kvm cannot be opened; emulating";
  }
  const std::vector<Image> order = boot_order(plan.boots_per_image, plan.seed);
  result.order = boot_order_text(order);
  write_guest_initramfs(session.initramfs, plan.job, plan.runs_per_boot, run_deadline_s(plan.job));
  if (plan.progress) {
    fmt::print(stderr, "kernels: boot order {} (seed {})\n", result.order, plan.seed);
  }
  session.writer.begin();
  try {
    run_order(session, order, order.size());
    analyze(session);
    result.stop_reason = "the planned boots";
    if (plan.precision_pct) {
      extend_for_precision(session);
    }
  } catch (...) {
    session.writer.mark_interrupted();
    throw;
  }
  session.writer.finish(nlohmann::json(kernels_to_json(result)));
  return std::move(session.result);
}

}  // namespace clonebench

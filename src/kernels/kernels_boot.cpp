// One ended boot of a kernels experiment: its console read into runs, the measured runs stored
// with the guest's environment and the boot's identity, the warm-up runs kept apart, and the
// boot's record with its values in the headline metric (kernels_session.hpp).

#include <fmt/core.h>

#include <algorithm>
#include <chrono>

#include "core/text_safety.hpp"
#include "core/timestamp.hpp"
#include "kernels/boot_seed.hpp"
#include "kernels/guest_initramfs.hpp"
#include "kernels/guest_runs.hpp"
#include "kernels/hvo_key_kernels.hpp"
#include "kernels/kernels_session.hpp"
#include "record/instruction_metrics.hpp"
#include "stats/descriptive.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

// The whole boot's bound: booting, the runs and powering off, scaled by what the accelerator
// costs. TCG emulates every instruction and follows the host's load; under icount a run lasts
// its timeout in instructions, which TCG executes at 10^8 a second or fewer on a loaded host.
double boot_deadline_s(const KernelsPlan& plan, Accelerator accelerator) {
  const double runs =
      static_cast<double>((plan.runs_per_boot + plan.warmup_runs) * plan.jobs.size());
  const double timeout_s = plan.jobs.front().timeout_s;
  if (plan.measure == Measure::kInstructions) {
    return 600 + runs * (timeout_s * 60 + 30);
  }
  const double per_run = timeout_s + (accelerator == Accelerator::kTcg ? 15 : 3);
  return (accelerator == Accelerator::kTcg ? 120 : 30) + runs * per_run;
}

std::string joined(const std::string& first, const std::string& second) {
  return first.empty() ? second : second.empty() ? first : first + " " + second;
}

const KernelSide& side_of(const KernelsSession& session, Image image) {
  return image == Image::kA ? session.result.a : session.result.b;
}

Environment stored_environment(const KernelsSession& session, const GuestBootResult& boot,
                               const PlannedBoot& planned) {
  const KernelSide& side = side_of(session, planned.image);
  const BootSeed seed = boot_seed(session.plan.seed, planned.sequence);
  Environment environment = boot.environment;
  environment.captured_at = iso8601_utc_now();
  // The host is part of the machine's name: a guest's runs never pool with the host's own.
  // A guest that counted instructions is named so: its runs never pool with timed ones, and
  // `history` says what its "ops/s" are.
  environment.hostname = fmt::format(
      "{} (QEMU {} guest{})", session.host, accelerator_name(session.result.accelerator),
      session.plan.measure == Measure::kInstructions ? ", counting instructions" : "");
  // The experiment names the boot: boots seeded alike are alike down to the guest's boot id.
  environment.boot_id = boot_identity(session.tag, planned.sequence);
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
  guest.append = joined(session.plan.append, side.append);
  guest.measure = std::string(measure_name(session.plan.measure));
  guest.boot_index = std::uint64_t{planned.sequence};
  guest.boot_seed = fmt::format("{:016x}", seed.value);
  guest.guest_boot_id = boot.boot_id.value_or("");
  environment.guest = guest;
  return environment;
}

// The run's value in the headline metric of its table (record/instruction_metrics.hpp), 0 when
// it has none (no operations).
double headline_value(const RunRecord& record, const Environment& environment) {
  return run_metric_table(environment).headline_value(record).value_or(0.0);
}

// The phases' instruction counts of one job's measured runs: the median of each phase's mean.
std::vector<std::pair<std::string, double>> phase_medians(const std::vector<RunRecord>& runs) {
  std::vector<std::pair<std::string, double>> phases;
  for (const LatencyPhase& phase : kLatencyPhases) {
    const RunMetric* metric = find_instruction_metric(instruction_phase_metric_name(phase.name));
    std::vector<double> counts;
    for (const RunRecord& run : runs) {
      if (const std::optional<double> count = metric->value(run)) {
        counts.push_back(*count);
      }
    }
    if (!counts.empty() && counts.size() == runs.size()) {
      phases.emplace_back(std::string(phase.name), median(counts));
    }
  }
  return phases;
}

// Stores the measured runs, keeps their observations, and returns each job's values.
std::vector<BootJobValues> keep_runs(KernelsSession& session, const PlannedBoot& planned,
                                     const GuestBootResult& boot) {
  KernelSide& side = planned.image == Image::kA ? session.result.a : session.result.b;
  side.release = boot.kernel_release.value_or(side.release);
  const Environment environment = stored_environment(session, boot, planned);
  const std::size_t per_job = session.plan.warmup_runs + session.plan.runs_per_boot;
  std::vector<BootJobValues> values;
  std::vector<RunObservation>& observations = session.observations[planned.sequence];
  for (std::size_t job = 0; job < session.plan.jobs.size(); ++job) {
    BootJobValues job_values{session.plan.job_names.at(job), {}, {}, {}};
    std::vector<RunRecord> measured;
    for (std::size_t i = 0; i < per_job; ++i) {
      RunRecord record;
      record.label = side.label;
      record.started_at = iso8601_utc_now();
      record.experiment = session.writer.tag();
      record.result = boot.runs.at(job * per_job + i);
      if (i < session.plan.warmup_runs) {  // a warm-up: shown, never stored or compared
        job_values.warmup.push_back(headline_value(record, environment));
        continue;
      }
      session.writer.save(record, environment, planned.image == Image::kA ? "a" : "b");
      record.label = side.label;
      job_values.runs.push_back(headline_value(record, environment));
      RunObservation observation = observation_of(record, environment);
      if (session.plan.jobs.size() > 1) {
        observation.group = job_values.job;
      }
      observations.push_back(std::move(observation));
      measured.push_back(std::move(record));
    }
    if (session.plan.measure == Measure::kInstructions) {
      job_values.phases = phase_medians(measured);
    }
    values.push_back(std::move(job_values));
  }
  return values;
}

void report_progress(const KernelsSession& session, const BootRecord& boot) {
  if (!session.plan.progress) {
    return;
  }
  const double elapsed_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - session.started).count();
  const std::size_t done = session.result.boots.size();
  const double left_s =
      elapsed_s / static_cast<double>(done) *
      static_cast<double>(session.planned_boots - std::min(done, session.planned_boots));
  fmt::print(stderr, "kernels: boot {} ({}) {} in {:.1f} s; {}/{} done, ≈{:.0f} s left\n",
             boot.sequence, boot.image == Image::kA ? 'A' : 'B', boot.ok ? "ok" : "FAILED",
             boot.wall_s, done, session.planned_boots, left_s);
}

}  // namespace

std::string qemu_error_line(const std::string& qemu_errors) {
  const std::string line = qemu_errors.substr(0, qemu_errors.find('\n'));
  return printable(line.empty() ? std::string("QEMU ended without a word") : line);
}

double run_deadline_s(const StressorJob& job) {
  return job.timeout_s * 3 + 10;
}

GuestBoot guest_boot_of(const KernelsSession& session, const PlannedBoot& boot) {
  const BootSeed seed = boot_seed(session.plan.seed, boot.sequence);
  GuestBoot guest;
  guest.qemu = session.qemu;
  guest.image = side_of(session, boot.image).image.path;
  guest.initramfs_fd = session.initramfs.fd();
  guest.accelerator = session.result.accelerator;
  guest.measure = session.plan.measure;
  guest.append = joined(session.plan.append, side_of(session, boot.image).append);
  guest.seed_word = seed.command_line_word;
  guest.rtc_base = seed.rtc_base;
  guest.cpus = session.plan.cpus;
  guest.memory_mb = session.plan.memory_mb;
  guest.deadline_s = boot_deadline_s(session.plan, guest.accelerator);
  // The init says it started a few seconds into a boot (TCG on a loaded host: under 30 s).
  // Under icount the kernel boots quietly for up to 10^9 instructions first, which a loaded
  // host took 70 s for with two boots at once: only the whole boot's deadline applies.
  guest.first_output_s = guest.measure == Measure::kInstructions  ? guest.deadline_s
                         : guest.accelerator == Accelerator::kTcg ? 60
                                                                  : 20;
  return guest;
}

void record_boot(KernelsSession& session, const PlannedBoot& planned, const GuestConsole& console) {
  const KernelsPlan& plan = session.plan;
  const GuestExpectation expected{plan.jobs, plan.warmup_runs + plan.runs_per_boot,
                                  console.timed_out};
  const GuestBootResult boot = read_guest_boot(console.console, expected);
  BootRecord record;
  record.sequence = planned.sequence;
  record.image = planned.image;
  record.ok = boot.ok;
  record.boot_id = boot_identity(session.tag, planned.sequence);
  record.boot_seed = fmt::format("{:016x}", boot_seed(plan.seed, planned.sequence).value);
  record.guest_boot_id = boot.boot_id.value_or("");
  record.release = boot.kernel_release.value_or("");
  record.wall_s = console.wall_s;
  record.failure = boot.failure;
  if (console.silent) {
    record.failure = fmt::format(
        "no console output in {:.0f} s (the image does not boot, or has no serial console on "
        "ttyS0)",
        console.wall_s);
  }
  if (!boot.ok && !console.qemu_errors.empty()) {
    record.failure += " (QEMU: " + qemu_error_line(console.qemu_errors) + ")";
  }
  record.last_lines = boot.last_lines;
  if (boot.environment.hvo && boot.environment.hvo->key_on) {
    record.hvo_key_on = *boot.environment.hvo->key_on;
    record.hvo_basis = boot.environment.hvo->key_on_basis.value_or("");
  }
  if (plan.hvo_key) {
    check_hvo_key_boot(record, session.result);  // before anything of the boot is stored
  }
  if (boot.ok) {
    record.values = keep_runs(session, planned, boot);
    record.runs = plan.runs_per_boot * plan.jobs.size();
  }
  std::vector<BootRecord>& boots = session.result.boots;
  const auto at = std::upper_bound(
      boots.begin(), boots.end(), record.sequence,
      [](std::size_t sequence, const BootRecord& other) { return sequence < other.sequence; });
  report_progress(session, *boots.insert(at, std::move(record)));
}

}  // namespace clonebench

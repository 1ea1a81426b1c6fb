#include "kernels/guest_runs.hpp"

#include <fmt/core.h>
#include <sys/wait.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>

#include "core/text_safety.hpp"
#include "kernels/console_frames.hpp"
#include "kernels/guest_initramfs.hpp"
#include "record/worker_page.hpp"
#include "runner/aggregate.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kLastLines = 12;

// Why the console holds no usable result: the kernel's own words where it said something.
std::string failure_of(const std::string& console, const ConsoleMessages& messages,
                       bool timed_out) {
  if (console.find("Kernel panic") != std::string::npos) {
    return "the guest kernel panicked";
  }
  if (timed_out) {
    return "the guest did not finish before the deadline (hung?)";
  }
  if (console.empty()) {
    return "no console output (the image did not boot, or has no serial console on ttyS0)";
  }
  if (messages.damaged_blocks > 0 || messages.damaged_messages > 0) {
    return fmt::format("damaged records on the console ({} blocks, {} messages)",
                       messages.damaged_blocks, messages.damaged_messages);
  }
  return "the guest stopped before reporting every run";
}

// "status=768\n" (a wait status) in words.
std::string exit_text(const std::string& message) {
  const std::string prefix = "status=";
  if (!message.starts_with(prefix)) {
    return "the worker's end was not reported";
  }
  const long status = std::strtol(message.c_str() + prefix.size(), nullptr, 10);
  if (status < 0) {
    return "the worker could not be started in the guest";
  }
  if (WIFSIGNALED(status)) {
    return fmt::format("the worker was killed by signal {}", WTERMSIG(status));
  }
  return fmt::format("the worker exited with code {}", WEXITSTATUS(status));
}

// One run: its page and its exit message, checked like the local runner checks a worker.
std::optional<RunResult> run_of(const ConsoleMessages& messages, unsigned index,
                                const GuestExpectation& expected, std::string& problem) {
  const auto page = messages.complete.find({"page", index});
  const auto exit = messages.complete.find({"exit", index});
  if (page == messages.complete.end() || exit == messages.complete.end()) {
    problem = fmt::format("run {} did not come back complete", index + 1);
    return std::nullopt;
  }
  if (exit->second != "status=0\n") {
    problem = fmt::format("run {}: {}", index + 1, exit_text(exit->second));
    return std::nullopt;
  }
  if (page->second.size() != sizeof(WorkerPage)) {
    problem = fmt::format("run {}: a page of {} bytes, not {}", index + 1, page->second.size(),
                          sizeof(WorkerPage));
    return std::nullopt;
  }
  // The bytes are copied into a page of ours: a WorkerPage is plain data (record/worker_page.hpp).
  auto copy = std::make_unique<WorkerPage>();
  std::memcpy(static_cast<void*>(copy.get()), page->second.data(), sizeof(WorkerPage));
  if (const char* why = worker_page_problem(copy->header, sizeof(WorkerPage))) {
    problem = fmt::format("run {}: {}", index + 1, why);
    return std::nullopt;
  }
  const InstanceReport& report = copy->report;
  if (report.phase.load() != static_cast<int>(InstancePhase::kDone) ||
      report.error_kind != static_cast<int>(InstanceError::kNone)) {
    problem = fmt::format(
        "run {}: the worker failed: {}", index + 1,
        printable(std::string(report.error_message,
                              strnlen(report.error_message, sizeof report.error_message))));
    return std::nullopt;
  }
  const StressorJob& job = expected.jobs.at(index / expected.runs);
  return aggregate_instances(job, guest_live_limit(job), {&report});
}

}  // namespace

std::vector<std::pair<std::string, std::string>> guest_lines(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string line = text.substr(at, end - at);
    at = end + 1;
    const std::size_t equals = line.find('=');
    if (equals != std::string::npos) {
      lines.emplace_back(printable(line.substr(0, equals)), printable(line.substr(equals + 1)));
    }
  }
  return lines;
}

// The selected choice of "always madvise [never]", as the host's environment stores it.
std::string selected_choice(const std::string& value) {
  const std::size_t open = value.find('['), close = value.find(']');
  return open != std::string::npos && close != std::string::npos && close > open
             ? value.substr(open + 1, close - open - 1)
             : value;
}

// The guest's HugeTLB pool and HVO switch, and whether the HVO key is on: the kernel turns it on
// when it frees the vmemmap of a huge page, which it does for every page of the pool while the
// switch is on. Absent when the guest did not say (an older init, a kernel without HugeTLB).
Fact<HvoFacts> guest_hvo(const std::map<std::string, std::int64_t>& numbers) {
  const auto sysctl = numbers.find("hugetlb_optimize_vmemmap");
  const auto pages = numbers.find("nr_hugepages");
  if (sysctl == numbers.end() || pages == numbers.end()) {
    return {};
  }
  HvoFacts hvo;
  hvo.sysctl = sysctl->second;
  hvo.nr_hugepages = pages->second;
  hvo.key_on = sysctl->second == 1 && pages->second > 0;
  hvo.key_on_basis =
      fmt::format("inferred: the guest reported vm.hugetlb_optimize_vmemmap={} and {} huge pages",
                  sysctl->second, pages->second);
  return hvo;
}

Environment guest_environment(const std::string& text) {
  Environment environment;
  std::map<std::string, std::string> mitigations;
  std::map<std::string, std::int64_t> hvo_numbers;
  const std::map<std::string, Fact<std::string> Environment::*> texts = {
      {"kernel_release", &Environment::kernel_release},
      {"kernel_version", &Environment::kernel_version},
      {"boot_id", &Environment::boot_id},
      {"cmdline", &Environment::cmdline},
      {"cpu_model", &Environment::cpu_model}};
  for (const auto& [key, value] : guest_lines(text)) {
    if (key.starts_with("mitigation.")) {
      mitigations[key.substr(std::strlen("mitigation."))] = value;
    } else if (key == "thp") {
      environment.thp = selected_choice(value);
    } else if (key == "nr_hugepages" || key == "hugetlb_optimize_vmemmap") {
      hvo_numbers[key] = static_cast<std::int64_t>(std::strtoll(value.c_str(), nullptr, 10));
    } else if (key == "cpus") {
      environment.cpus = static_cast<std::int64_t>(std::strtol(value.c_str(), nullptr, 10));
    } else if (const auto text_field = texts.find(key); text_field != texts.end()) {
      environment.*(text_field->second) = value;
    }
  }
  environment.mitigations = std::move(mitigations);
  environment.hvo = guest_hvo(hvo_numbers);
  return environment;
}

GuestBootResult read_guest_boot(const std::string& console, const GuestExpectation& expected) {
  const ConsoleMessages messages = decode_console(console);
  GuestBootResult result;
  const auto environment = messages.complete.find({"env", 0});
  if (environment != messages.complete.end()) {
    result.environment = guest_environment(environment->second);
    for (const auto& [key, value] : guest_lines(environment->second)) {
      if (key == "boot_id") {
        result.boot_id = value;
      } else if (key == "kernel_release") {
        result.kernel_release = value;
      }
    }
  }
  std::string problem;
  const std::size_t total = expected.runs * expected.jobs.size();
  for (unsigned i = 0; i < total && problem.empty(); ++i) {
    if (auto run = run_of(messages, i, expected, problem)) {
      result.runs.push_back(std::move(*run));
    }
  }
  result.ok = problem.empty() && result.boot_id.has_value();
  if (!result.ok) {
    // The kernel's panic or the deadline explain more than which record is missing.
    const bool panicked = console.find("Kernel panic") != std::string::npos;
    const bool reported = environment != messages.complete.end();
    result.failure = panicked || expected.timed_out || problem.empty() || !reported
                         ? failure_of(console, messages, expected.timed_out)
                         : problem;
    result.last_lines = panicked ? panic_console_lines(console, kLastLines)
                                 : last_console_lines(console, kLastLines);
    result.runs.clear();
  }
  return result;
}

}  // namespace clonebench

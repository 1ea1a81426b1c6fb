#pragma once
// What one boot brought back: the guest's environment and one RunResult per run, read from the
// framed messages on its console (kernels/console_frames.hpp) with the same aggregation the
// local runner uses (runner/aggregate.hpp). A boot that did not deliver everything it was asked
// for is a failed boot, with the reason and the last console lines. Pure: text in, data out.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "record/environment.hpp"
#include "record/job.hpp"
#include "record/run_record.hpp"

namespace clonebench {

struct GuestBootResult {
  bool ok = false;
  std::string failure;      // why not ok: "no output (the kernel did not boot?)", "panic", ...
  Environment environment;  // as the guest saw itself
  // Two of its lines, as the guest sent them; absent when it did not.
  std::optional<std::string> boot_id, kernel_release;
  std::vector<RunResult> runs;          // job by job: run i of job j at j * runs + i
  std::vector<std::string> last_lines;  // of the console, for a failed boot
};

struct GuestExpectation {
  std::vector<StressorJob> jobs;  // run in turn, `runs` times each
  std::size_t runs = 1;
  bool timed_out = false;  // QEMU was killed at the deadline
};

GuestBootResult read_guest_boot(const std::string& console, const GuestExpectation& expected);

// The environment message: its "key=value" lines, control characters escaped.
std::vector<std::pair<std::string, std::string>> guest_lines(const std::string& text);
// Those lines as an environment; "mitigation.X" keys gather under mitigations. The guest's init
// (guest/init.c) sends no key this version does not know; one that came anyway is left out.
Environment guest_environment(const std::string& text);

}  // namespace clonebench

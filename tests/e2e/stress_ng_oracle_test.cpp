// stress-ng 0.15.06 (Debian's, installed by scripts/setup.sh --tests) is the oracle of --workload
// stress-ng: both run the same stressor for 2 s under `strace -f -c`, and the system calls that
// only the children make (and the forking loop's own ones), per successful op, must agree within
// 25 %. The clean workload makes none of the children's calls.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

using SyscallCounts = std::map<std::string, double>;

// `strace -c` lines: "% time  seconds  usecs/call  calls  [errors]  syscall".
SyscallCounts parse_strace_summary(const std::string& text) {
  SyscallCounts counts;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::vector<std::string> tokens;
    for (std::string token; fields >> token;) {
      tokens.push_back(token);
    }
    if (tokens.size() < 5 || tokens.size() > 6 || tokens.back() == "total" ||
        tokens.back() == "syscall" ||
        tokens[3].find_first_not_of("0123456789") != std::string::npos) {
      continue;
    }
    counts[tokens.back()] += std::stod(tokens[3]);
  }
  return counts;
}

// LeakSanitizer stops the process with ptrace at exit, which strace already holds; the calls
// compared are the unsanitized worker's, which the Release pass checks.
#ifdef __SANITIZE_ADDRESS__
#define CLONEBENCH_SKIP_UNDER_STRACE_WITH_ASAN() \
  GTEST_SKIP() << "LeakSanitizer cannot run under strace"
#else
#define CLONEBENCH_SKIP_UNDER_STRACE_WITH_ASAN() static_cast<void>(0)
#endif

struct Traced {
  SyscallCounts calls;
  double bogo_ops = 0;
};

// Runs `command` (stdout to `out`, stderr to `err`) under strace -f -c; the caller parses.
SyscallCounts traced(const std::string& command, const std::string& out, const std::string& err) {
  const std::string summary = temp_path("strace-summary");
  const std::string line = "strace -f -c -o " + summary + " " + command + " >" + out + " 2>" + err;
  const int status = std::system(line.c_str());
  EXPECT_EQ(status, 0) << line << "\n" << read_all(err);
  const SyscallCounts calls = parse_strace_summary(read_all(summary));
  std::remove(summary.c_str());
  EXPECT_TRUE(nothing_left_behind()) << command;
  return calls;
}

// stress-ng's --metrics row "stress-ng: metrc: [pid] <stressor>  <bogo ops> ...".
double stress_ng_bogo_ops(const std::string& stderr_text, const std::string& stressor) {
  std::istringstream lines(stderr_text);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t at = line.find("] " + stressor + " ");
    if (line.find("metrc:") != std::string::npos && at != std::string::npos) {
      std::istringstream fields(line.substr(at + 2 + stressor.size()));
      double ops = 0;
      if (fields >> ops) {
        return ops;
      }
    }
  }
  return 0;
}

Traced trace_stress_ng(const std::string& stressor) {
  const std::string out = temp_path("oracle-out"), err = temp_path("oracle-err");
  Traced result;
  result.calls = traced("stress-ng --" + stressor + " 1 --timeout 2 --metrics", out, err);
  result.bogo_ops = stress_ng_bogo_ops(read_all(err), stressor);
  std::remove(out.c_str());
  std::remove(err.c_str());
  return result;
}

Traced trace_clonebench(const std::string& stressor, const std::string& workload) {
  const std::string out = temp_path("oracle-out"), err = temp_path("oracle-err");
  Traced result;
  result.calls = traced(std::string(CLONEBENCH_BINARY) + " run " + stressor + " --workload " +
                            workload + " --timeout 2 --no-store --json -",
                        out, err);
  const std::string json = read_all(out);
  if (!json.empty()) {
    result.bogo_ops = nlohmann::json::parse(json).at("runs").at(0).at("bogo_ops").get<double>();
  }
  std::remove(out.c_str());
  std::remove(err.c_str());
  return result;
}

double per_op(const Traced& run, const std::string& syscall) {
  const auto found = run.calls.find(syscall);
  return found == run.calls.end() ? 0.0 : found->second / run.bogo_ops;
}

void expect_same_per_op(const Traced& stress_ng, const Traced& ours,
                        const std::vector<std::string>& syscalls) {
  ASSERT_GT(stress_ng.bogo_ops, 10) << "stress-ng made too few ops to compare";
  ASSERT_GT(ours.bogo_ops, 10) << "clonebench made too few ops to compare";
  for (const std::string& syscall : syscalls) {
    const double expected = per_op(stress_ng, syscall);
    ASSERT_GT(expected, 0) << syscall << ": stress-ng made none";
    EXPECT_NEAR(per_op(ours, syscall), expected, 0.25 * expected) << syscall << " per op";
  }
}

TEST(StressNgOracle, CloneChildrenMakeStressNgsCallsAndClone3TakesItsShare) {
  CLONEBENCH_SKIP_UNDER_STRACE_WITH_ASAN();
  const Traced stress_ng = trace_stress_ng("clone");
  const Traced ours = trace_clonebench("clone", "stress-ng");
  // openat and close are left out: both tools also open files once at start (clonebench's
  // environment capture, stress-ng's configuration), which a loaded machine's few ops cannot
  // dilute; the namespace calls are made per op only.
  expect_same_per_op(stress_ng, ours, {"unshare", "modify_ldt", "setns"});
  // Each clone picks clone3() by one random bit (docs/measurement.md), so each share is a
  // binomial proportion of the run's few clones (a loaded machine under strace made 39 and 159):
  // they must agree within 4 standard errors of their difference (a false alarm about 1 in
  // 16000), not within a fixed 25 %, which two fair samples of 50 miss about 1 time in 5 (it
  // failed once with 25 of 39 against 73 of 159, 2.0 errors apart). A tool that always or never
  // used clone3() is still far outside: 0.5 against 1.0 is ~6 errors at n = 50.
  const auto count_of = [](const Traced& run, const char* syscall) {
    return run.calls.count(syscall) ? run.calls.at(syscall) : 0.0;
  };
  const double ours_clone3 = count_of(ours, "clone3"),
               ours_all = ours_clone3 + count_of(ours, "clone");
  const double theirs_clone3 = count_of(stress_ng, "clone3"),
               theirs_all = theirs_clone3 + count_of(stress_ng, "clone");
  ASSERT_GE(ours_all, 10) << "clonebench made too few clones to compare";
  ASSERT_GE(theirs_all, 10) << "stress-ng made too few clones to compare";
  const double pooled = (ours_clone3 + theirs_clone3) / (ours_all + theirs_all);
  const double standard_error = std::sqrt(pooled * (1 - pooled) * (1 / ours_all + 1 / theirs_all));
  EXPECT_NEAR(ours_clone3 / ours_all, theirs_clone3 / theirs_all, 4 * standard_error)
      << "clone3 of clones: ours " << ours_clone3 << " of " << ours_all << ", stress-ng "
      << theirs_clone3 << " of " << theirs_all;
}

TEST(StressNgOracle, ForkChildrenMakeStressNgsCalls) {
  CLONEBENCH_SKIP_UNDER_STRACE_WITH_ASAN();
  const Traced stress_ng = trace_stress_ng("fork");
  const Traced ours = trace_clonebench("fork", "stress-ng");
  expect_same_per_op(
      stress_ng, ours,
      {"clone", "wait4", "setsid", "vhangup", "setpgid", "getpgid", "sched_yield", "prctl"});
}

TEST(StressNgOracle, VforkChildrenExitAtOnceAsInStressNg) {
  CLONEBENCH_SKIP_UNDER_STRACE_WITH_ASAN();
  const Traced stress_ng = trace_stress_ng("vfork");
  const Traced ours = trace_clonebench("vfork", "stress-ng");
  expect_same_per_op(stress_ng, ours, {"vfork", "wait4"});
  // The vfork child runs nothing: no session or process-group calls per op.
  EXPECT_LT(per_op(ours, "setpgid"), 0.01);
}

TEST(StressNgOracle, TheCleanWorkloadMakesNoneOfTheChildrensCalls) {
  CLONEBENCH_SKIP_UNDER_STRACE_WITH_ASAN();
  const Traced clone = trace_clonebench("clone", "clean");
  ASSERT_GT(clone.bogo_ops, 10);
  for (const char* syscall : {"unshare", "modify_ldt", "setns"}) {
    EXPECT_EQ(clone.calls.count(syscall), 0U) << syscall;
  }
  const Traced fork = trace_clonebench("fork", "clean");
  ASSERT_GT(fork.bogo_ops, 10);
  for (const char* syscall : {"setsid", "vhangup", "sched_yield"}) {
    EXPECT_EQ(fork.calls.count(syscall), 0U) << syscall;
  }
}

}  // namespace
}  // namespace clonebench::testing

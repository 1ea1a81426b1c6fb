// Resource limits the machine may impose: under a low RLIMIT_NPROC every stressor counts the
// failed creations and its run completes; in a memory cgroup smaller than --rss the run is
// refused with a message naming the cgroup, never ended by the OOM killer.
#include <grp.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "memory/cgroup_memory.hpp"
#include "sys/text_file.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

namespace fs = std::filesystem;

constexpr uid_t kNobody = 65534;

// Tasks (threads included: RLIMIT_NPROC counts them) whose real user is `uid`.
long tasks_of_user(uid_t uid) {
  long tasks = 0;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string status = read_all(entry.path().string() + "/status");
    const std::size_t uid_line = status.find("\nUid:\t");
    const std::size_t threads_line = status.find("\nThreads:\t");
    if (uid_line == std::string::npos || threads_line == std::string::npos) {
      continue;
    }
    if (std::stoul(status.substr(uid_line + 6)) == uid) {
      tasks += std::stol(status.substr(threads_line + 10));
    }
  }
  return tasks;
}

// In the child: as an ordinary user (root ignores RLIMIT_NPROC), at most `limit` tasks.
std::function<void()> limited_to(rlim_t limit) {
  return [limit] {
    if (::geteuid() == 0) {
      ::setgroups(0, nullptr);
      ::setgid(kNobody);
      ::setuid(kNobody);
    }
    const rlimit nproc{limit, limit};
    ::setrlimit(RLIMIT_NPROC, &nproc);
  };
}

std::uint64_t failure_count(const nlohmann::json& run) {
  std::uint64_t total = 0;
  for (const auto& [name, count] : run["failures"].items()) {
    total += count.get<std::uint64_t>();
  }
  return total;
}

TEST(FaultLimits, EveryStressorCountsFailuresAndCompletesUnderALowProcessLimit) {
  const uid_t user = ::geteuid() == 0 ? kNobody : ::getuid();
  for (const char* stressor : {"fork", "vfork", "clone", "clone3", "thread", "spawn", "exec"}) {
    // The smallest limit under which the tool itself can start: then the stressor's own
    // children are the ones refused.
    bool completed = false;
    for (rlim_t extra = 1; extra <= 8 && !completed; ++extra) {
      const auto limit = static_cast<rlim_t>(tasks_of_user(user)) + extra;
      const ToolResult result =
          run_tool({"run", stressor, "--timeout", "0.3", "--no-store", "--json", "-"}, 30, {},
                   limited_to(limit));
      if (result.exit_code != 0) {
        continue;
      }
      completed = true;
      const auto document = nlohmann::json::parse(result.out);
      EXPECT_GT(failure_count(document["runs"][0]), 0U)
          << stressor << " under RLIMIT_NPROC " << limit << ": " << document["runs"][0].dump();
    }
    EXPECT_TRUE(completed) << stressor << " never completed under a low RLIMIT_NPROC";
    EXPECT_TRUE(nothing_left_behind()) << stressor;
  }
}

// A memory cgroup of our own (v1 or v2, wherever this process may create one), removed at the
// end. Empty when none can be made here.
class MemoryCgroup {
 public:
  explicit MemoryCgroup(std::uint64_t limit_bytes) {
    const std::string cgroup = read_text_file("/proc/self/cgroup").value_or("");
    const std::string mountinfo = read_text_file("/proc/self/mountinfo").value_or("");
    for (const bool v2 : {true, false}) {
      const auto directories = memory_cgroup_directories(cgroup, mountinfo, v2);
      if (directories.empty()) {
        continue;
      }
      const std::string candidate =
          directories.front() + "/clonebench-test-" + std::to_string(::getpid());
      if (!fs::create_directory(candidate, error_)) {
        continue;
      }
      std::ofstream(candidate + (v2 ? "/memory.max" : "/memory.limit_in_bytes")) << limit_bytes;
      if (read_text_file(candidate + (v2 ? "/memory.max" : "/memory.limit_in_bytes"))
              .value_or("")
              .starts_with(std::to_string(limit_bytes))) {
        path_ = candidate;
        return;
      }
      fs::remove(candidate, error_);
    }
  }
  ~MemoryCgroup() {
    if (!path_.empty()) {
      fs::remove(path_, error_);
    }
  }
  MemoryCgroup(const MemoryCgroup&) = delete;
  MemoryCgroup& operator=(const MemoryCgroup&) = delete;

  const std::string& path() const { return path_; }
  // In the child: join the cgroup.
  std::function<void()> join() const {
    const std::string procs = path_ + "/cgroup.procs";
    return [procs] { std::ofstream(procs) << ::getpid() << '\n'; };
  }

 private:
  std::string path_;
  std::error_code error_;
};

TEST(FaultLimits, ARssAboveTheMemoryCgroupLimitIsRefusedNotOomKilled) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "AddressSanitizer's shadow memory and quarantine do not fit a 48 MiB cgroup";
#endif
  const MemoryCgroup cgroup(48ULL << 20);
  if (cgroup.path().empty()) {
    GTEST_SKIP() << "no memory cgroup can be created here";
  }
  const ToolResult refused = run_tool(
      {"run", "fork", "--timeout", "0.5", "--rss", "64M", "--no-store"}, 30, {}, cgroup.join());
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("memory cgroup"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--rss"), std::string::npos) << refused.err;
  const ToolResult fits = run_tool({"run", "fork", "--timeout", "0.3", "--rss", "8M", "--no-store"},
                                   30, {}, cgroup.join());
  EXPECT_EQ(fits.exit_code, 0) << fits.err;  // never 137: the OOM killer was not needed
  EXPECT_TRUE(nothing_left_behind());
}

}  // namespace
}  // namespace clonebench::testing

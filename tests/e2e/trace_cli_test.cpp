// `clonebench trace`: the census of a workload whose truth is known (tests/support/
// trace_workload.c), a real build, privileges, exit statuses and signals. Needs root (the
// tests run as root; the privilege test drops to nobody).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "e2e/tool_process.hpp"
#include "store/store.hpp"
#include "support/machine_lock.hpp"
#include "support/process_table.hpp"
#include "support/temp_directory.hpp"

namespace clonebench::testing {
namespace {

using nlohmann::json;

// The ids of the loaded BPF programs whose names are the census's (census_*).
std::set<int> census_program_ids() {
  std::set<int> ids;
  FILE* pipe = ::popen("bpftool prog show 2>/dev/null", "r");
  if (pipe == nullptr) {
    return ids;
  }
  char line[1024];
  while (std::fgets(line, sizeof(line), pipe) != nullptr) {
    int id = 0;
    char name[256] = {0};
    if (std::sscanf(line, "%d: %*s name %255s", &id, name) == 2 &&
        std::string(name).rfind("census_", 0) == 0) {
      ids.insert(id);
    }
  }
  ::pclose(pipe);
  return ids;
}

// The ids of the BPF links (attachments) whose program is one of `programs`.
std::set<int> links_to(const std::set<int>& programs) {
  std::set<int> links;
  FILE* pipe = ::popen("bpftool link show 2>/dev/null", "r");
  if (pipe == nullptr) {
    return links;
  }
  char line[1024];
  while (std::fgets(line, sizeof(line), pipe) != nullptr) {
    int link = 0;
    int program = 0;
    if (std::sscanf(line, "%d: %*s prog %d", &link, &program) == 2 && programs.contains(program)) {
      links.insert(link);
    }
  }
  ::pclose(pipe);
  return links;
}

// A detached program is freed after an RCU grace period, not when its last descriptor closes
// (the syscall tracepoints' programs wait for a tasks-trace grace period, seconds on a loaded
// machine). Returns the census programs loaded now that were not loaded `before` (those of an
// earlier test may still be on their way out), once none is, or after 60 s.
std::set<int> census_programs_added_since(const std::set<int>& before) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  std::set<int> added;
  do {
    added.clear();
    for (const int id : census_program_ids()) {
      if (!before.contains(id)) {
        added.insert(id);
      }
    }
    if (added.empty()) {
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  } while (std::chrono::steady_clock::now() < deadline);
  return added;
}

json read_json(const std::string& path) {
  std::ifstream file(path);
  return json::parse(file);
}

// A process outside the traced tree that forks all along (trace_workload outsider).
class Outsider {
 public:
  Outsider() {
    pid_ = ::fork();
    if (pid_ == 0) {
      ::execl(CLONEBENCH_TRACE_WORKLOAD, CLONEBENCH_TRACE_WORKLOAD, "outsider", nullptr);
      ::_exit(127);
    }
  }
  ~Outsider() {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    kill_and_reap_children_of_this_process();  // its last child, orphaned to this subreaper
  }
  Outsider(const Outsider&) = delete;
  Outsider& operator=(const Outsider&) = delete;

 private:
  pid_t pid_ = -1;
};

std::size_t count_kind(const json& run, const std::string& kind) {
  std::size_t count = 0;
  for (const json& creation : run["creations"]) {
    count += creation["kind"] == kind ? 1 : 0;
  }
  return count;
}

// BPF programs and links are machine-wide and these tests count them: they take turns.
class TraceCli : public TempDirectoryTest {
 protected:
  MachineLock bpf_{"bpf-links"};
};

TEST_F(TraceCli, CountsEveryCreationExecAndExitOfAKnownWorkloadAndNothingOutsideIt) {
  const Outsider outsider;
  const std::string truth_path = (scratch_.path() / "truth").string();
  const std::string json_path = (scratch_.path() / "census.json").string();
  const ToolResult result =
      run_tool({"trace", "--json", json_path, "--", CLONEBENCH_TRACE_WORKLOAD, truth_path}, 120);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("no events dropped"), std::string::npos) << result.err;
  const json census = read_json(json_path);
  ASSERT_EQ(census["runs"].size(), 1U);
  const json& run = census["runs"][0];
  EXPECT_EQ(count_kind(run, "fork"), 5U);
  EXPECT_EQ(count_kind(run, "vfork"), 2U);
  EXPECT_EQ(count_kind(run, "thread"), 2U);
  EXPECT_EQ(count_kind(run, "other clone"), 0U);
  // The command's own exec counts too: the tool releases it to exec inside the traced tree.
  ASSERT_EQ(run["execs"].size(), 4U);
  std::size_t failed_execs = 0;
  for (const json& exec : run["execs"]) {
    failed_execs += exec["errno"] != 0 ? 1 : 0;
  }
  EXPECT_EQ(failed_execs, 1U);
  EXPECT_EQ(run["exits"].size(), 8U);
  for (const char* part : {"creations", "execs", "exits"}) {
    for (const json& event : run[part]) {
      EXPECT_NE(event["comm"], "cb-outsider") << "counted from outside the tree: " << event;
    }
  }
  // The parent's size at its first fork against what it read from /proc just before.
  std::ifstream truth_file(truth_path);
  std::uint64_t anon_kb = 0, file_kb = 0, shmem_kb = 0, maps_lines = 0;
  truth_file >> anon_kb >> file_kb >> shmem_kb >> maps_lines;
  ASSERT_GT(anon_kb, 24U * 1024);
  const json& parent = run["creations"][0]["parent"];
  const double rss_kb = parent["rss_anon_kb"].get<double>() + parent["rss_file_kb"].get<double>() +
                        parent["rss_shmem_kb"].get<double>();
  const double truth_kb = static_cast<double>(anon_kb + file_kb + shmem_kb);
  EXPECT_LE(std::fabs(rss_kb - truth_kb), 0.02 * truth_kb) << parent;
  EXPECT_LE(std::fabs(parent["rss_anon_kb"].get<double>() - anon_kb), 0.02 * anon_kb) << parent;
  // /proc/self/maps lists the [vsyscall] page too, which is no VMA of the process (docs/trace.md).
  EXPECT_EQ(parent["vmas"].get<std::uint64_t>(), maps_lines - 1) << parent;
  EXPECT_EQ(parent["threads"], 1);
}

TEST_F(TraceCli, TracesAParallelBuildAndPassesItsExitStatusThrough) {
  std::ofstream makefile(scratch_.path() / "Makefile");
  makefile << "all: a.o b.o c.o d.o\n%.o: %.c\n\tcc -c $< -o $@\n";
  makefile.close();
  for (const char* name : {"a", "b", "c", "d"}) {
    std::ofstream(scratch_.path() / (std::string(name) + ".c"))
        << "int " << name << "(void) { return 1; }\n";
  }
  const std::string json_path = (scratch_.path() / "census.json").string();
  const ToolResult result =
      run_tool({"trace", "--json", json_path, "--what-if", "clone=-3%", "--claim", "3.6%", "--",
                "make", "-s", "-j2", "-C", scratch_.path().string()},
               120);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("needs clone to take >= 120 % of the wall time"), std::string::npos)
      << result.err;
  const json run = read_json(json_path)["runs"][0];
  EXPECT_GT(run["creations"].size(), 0U);
  EXPECT_GE(run["execs"].size(), 4U);
  EXPECT_GT(run["exits"].size(), 0U);
  const double wall_ns = run["wall_ns"].get<double>();
  double all_parts_ns = 0;
  for (const char* part : {"creations", "execs"}) {
    double total_ns = 0;
    for (const json& event : run[part]) {
      total_ns += event["duration_ns"].get<double>();
    }
    EXPECT_GE(total_ns / wall_ns, 0) << part;
    EXPECT_LE(total_ns / wall_ns, 1) << part;
    all_parts_ns += total_ns;
  }
  for (const json& exit : run["exits"]) {
    all_parts_ns += std::max(0.0, exit["teardown_ns"].get<double>());
  }
  // Kernel time spent by the tree's tasks cannot exceed the wall time on every CPU.
  EXPECT_LE(all_parts_ns, wall_ns * read_json(json_path)["cpus"].get<double>());
  EXPECT_TRUE(nothing_left_behind());
}

TEST_F(TraceCli, TracesAnAnsiblePlayAgainstLocalhostAndBoundsACheaperClone) {
  std::ofstream play(scratch_.path() / "play.yml");
  play << "- hosts: localhost\n  connection: local\n  gather_facts: false\n  tasks:\n"
          "    - command: \"true\"\n    - shell: echo hello | tr a-z A-Z\n";
  play.close();
  const std::string json_path = (scratch_.path() / "census.json").string();
  const ToolResult result = run_tool(
      {"trace", "--json", json_path, "--what-if", "clone=-3%", "--", "ansible-playbook", "-i",
       "localhost,", (scratch_.path() / "play.yml").string()},
      180, {"ANSIBLE_LOCAL_TEMP=" + (scratch_.path() / "ansible").string(), "ANSIBLE_NOCOLOR=1"});
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  EXPECT_NE(result.out.find("ok=2"), std::string::npos) << result.out;
  EXPECT_NE(result.err.find("what if clone costs -3 %: wall time changes by at most"),
            std::string::npos)
      << result.err;
  const json run = read_json(json_path)["runs"][0];
  EXPECT_GT(run["creations"].size(), 0U);
  EXPECT_GT(run["execs"].size(), 0U);
  double creation_ns = 0;
  for (const json& creation : run["creations"]) {
    creation_ns += creation["duration_ns"].get<double>();
  }
  EXPECT_GT(creation_ns, 0);
  EXPECT_LE(creation_ns, run["wall_ns"].get<double>());
  EXPECT_TRUE(nothing_left_behind());
}

TEST_F(TraceCli, RepeatsWithUntracedRunsBesideAndMeasuresTheTracingsOwnEffect) {
  const std::string json_path = (scratch_.path() / "census.json").string();
  const ToolResult result = run_tool({"trace", "--repeat", "2", "--interleave-untraced", "--json",
                                      json_path, "--", "sh", "-c", "/bin/true"},
                                     120);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("2 traced runs"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("the tracing's own effect on wall time"), std::string::npos)
      << result.err;
  const json runs = read_json(json_path)["runs"];
  ASSERT_EQ(runs.size(), 4U);
  // Alternating: untraced first in the first round, traced first in the second.
  EXPECT_FALSE(runs[0]["traced"].get<bool>());
  EXPECT_TRUE(runs[1]["traced"].get<bool>());
  EXPECT_TRUE(runs[2]["traced"].get<bool>());
  EXPECT_FALSE(runs[3]["traced"].get<bool>());
  EXPECT_EQ(runs[0]["creations"].size(), 0U);
  EXPECT_EQ(runs[1]["creations"].size(), 1U);
  EXPECT_EQ(runs[2]["execs"].size(), 2U);  // sh's own, then /bin/true's
}

// A clone that fails before a task is made (CLONE_THREAD without CLONE_SIGHAND) is what it asked
// to be, a thread, with the flags it passed: not a failed fork with flags 0.
TEST_F(TraceCli, ClassifiesAFailedCloneByTheFlagsItAskedFor) {
  const std::string json_path = (scratch_.path() / "census.json").string();
  const ToolResult result = run_tool(
      {"trace", "--json", json_path, "--", CLONEBENCH_TRACE_WORKLOAD, "failing-clones"}, 60);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const json run = read_json(json_path)["runs"][0];
  ASSERT_EQ(run["creations"].size(), 2U) << run["creations"];
  for (const json& creation : run["creations"]) {
    EXPECT_EQ(creation["kind"], "thread") << creation;
    EXPECT_EQ(creation["errno"], EINVAL) << creation;
    EXPECT_EQ(creation["clone_flags"].get<std::uint64_t>() & 0x10100U, 0x10100U) << creation;
  }
  EXPECT_EQ(run["creations"][0]["call"], "clone");
  EXPECT_EQ(run["creations"][1]["call"], "clone3");
}

// A process of the tree still running when the command ends is stopped by the tool; the table
// says so, as the JSON's left_running does.
TEST_F(TraceCli, SaysWhichProcessesOfTheTreeItStoppedAtTheEnd) {
  const std::string json_path = (scratch_.path() / "census.json").string();
  const ToolResult result =
      run_tool({"trace", "--json", json_path, "--", "bash", "-c", "sleep 30 & exit 0"}, 60);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(read_json(json_path)["runs"][0]["left_running"], 1);
  EXPECT_NE(result.err.find("1 process of the tree was still running when the command ended: "
                            "clonebench stopped it"),
            std::string::npos)
      << result.err;
  EXPECT_TRUE(nothing_left_behind());
}

TEST_F(TraceCli, ExitsWithTheCommandsStatusOr128PlusItsSignal) {
  EXPECT_EQ(run_tool({"trace", "--", "sh", "-c", "exit 3"}, 60).exit_code, 3);
  const ToolResult killed = run_tool({"trace", "--", "sh", "-c", "kill -TERM $$"}, 60);
  EXPECT_EQ(killed.exit_code, 128 + SIGTERM);
  EXPECT_NE(killed.err.find("killed by signal 15"), std::string::npos) << killed.err;
  EXPECT_EQ(run_tool({"trace", "--", "/nonexistent/command"}, 60).exit_code, 127);
}

TEST_F(TraceCli, LeavesTheCommandsStdoutToTheCommand) {
  const ToolResult result = run_tool({"trace", "--", "echo", "hello"}, 60);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "hello\n");
  EXPECT_NE(result.err.find("clonebench trace: echo hello"), std::string::npos) << result.err;
}

TEST_F(TraceCli, RefusesToRunWithoutPrivilegesNamingWhatIsMissing) {
  const ToolResult result = run_tool({"trace", "--", "true"}, 60, {}, as_user(65534));
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("CAP_BPF"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("CAP_PERFMON"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("root"), std::string::npos) << result.err;
}

TEST_F(TraceCli, RefusesBadWhatIfsBeforeRunningAnything) {
  const ToolResult result =
      run_tool({"trace", "--what-if", "clone=-3", "--what-if", "bogus=1%", "--", "true"}, 60);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--what-if"), std::string::npos) << result.err;
}

// Starts a tree of three sleeping processes under the tool and waits until they exist.
std::unique_ptr<ToolProcess> tool_with_a_sleeping_tree(const std::string& json_path,
                                                       const std::string& db_path) {
  auto tool = std::make_unique<ToolProcess>(
      std::vector<std::string>{"trace", "--json", json_path, "--db", db_path, "--", "sh", "-c",
                               "sleep 60 & sleep 60 & wait"});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (descendant_tasks_of(tool->pid()).size() < 4 &&  // the guard, sh and 2 sleeps
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  return tool;
}

TEST_F(TraceCli, SigintAndSigtermStopTheTreeAndStillWriteTheCensusMarkedInterrupted) {
  const std::set<int> before = census_program_ids();
  for (const int signal_number : {SIGINT, SIGTERM}) {
    const std::string json_path =
        (scratch_.path() / ("census" + std::to_string(signal_number))).string();
    const std::string db_path = (scratch_.path() / "runs.db").string();
    auto tool = tool_with_a_sleeping_tree(json_path, db_path);
    tool->signal(signal_number);
    const ToolResult result = tool->wait(60);
    EXPECT_EQ(result.exit_code, 128 + signal_number) << result.err;
    EXPECT_NE(result.err.find("INTERRUPTED"), std::string::npos) << result.err;
    EXPECT_TRUE(nothing_left_behind()) << signal_number;
    EXPECT_EQ(links_to(census_program_ids()), std::set<int>{}) << "still attached";
    const json run = read_json(json_path)["runs"][0];
    EXPECT_TRUE(run["interrupted"].get<bool>());
    EXPECT_EQ(run["exit_signal"], SIGTERM) << "the tool did not stop the command's tree";
    EXPECT_GE(run["creations"].size(), 2U);
    // The partial census is stored too, marked interrupted.
    const std::size_t tag_at = result.err.find("stored as experiment ");
    ASSERT_NE(tag_at, std::string::npos) << result.err;
    const std::string tag =
        result.err.substr(tag_at + 21, result.err.find(' ', tag_at + 21) - tag_at - 21);
    const Store store(db_path, Store::Access::kReadOnly);
    const std::optional<Experiment> stored = store.load_experiment_summary(tag);
    ASSERT_TRUE(stored.has_value()) << tag;
    EXPECT_EQ(stored->status, "interrupted");
    EXPECT_EQ(stored->summary["runs"][0]["interrupted"], true);
  }
  EXPECT_EQ(census_programs_added_since(before), std::set<int>{});
}

TEST_F(TraceCli, SigkillOfTheToolLeavesNoProcessOfTheTreeAndNothingAttached) {
  const std::set<int> before = census_program_ids();
  const std::string db_path = (scratch_.path() / "runs.db").string();
  auto tool = tool_with_a_sleeping_tree((scratch_.path() / "census.json").string(), db_path);
  const std::set<int> attached = census_program_ids();
  EXPECT_FALSE(links_to(attached).empty());
  tool->signal(SIGKILL);
  tool->wait(60);
  EXPECT_EQ(links_to(attached), std::set<int>{}) << "still attached";
  EXPECT_TRUE(orphans_end_by_themselves(10));
  EXPECT_EQ(census_programs_added_since(before), std::set<int>{});
  // The database opens, with the experiment the tool began still marked running.
  const Store store(db_path, Store::Access::kReadOnly);
  EXPECT_FALSE(store.latest_experiment("trace").has_value());
}

}  // namespace
}  // namespace clonebench::testing

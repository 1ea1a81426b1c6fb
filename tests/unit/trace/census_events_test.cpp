#include "trace/census_events.hpp"

#include <gtest/gtest.h>
#include <linux/sched.h>
#include <sys/syscall.h>

#include <cstring>

#include "trace/trace_analysis.hpp"

namespace clonebench {
namespace {

census_event event_of(census_event_kind kind, std::uint64_t start_ns, std::uint64_t end_ns,
                      std::uint32_t tid, const char* comm) {
  census_event event{};
  event.kind = kind;
  event.start_ns = start_ns;
  event.end_ns = end_ns;
  event.tid = tid;
  event.tgid = tid;
  std::strncpy(event.comm, comm, sizeof(event.comm) - 1);
  return event;
}

census_event creation(std::uint64_t start_ns, std::uint64_t end_ns, std::uint64_t flags,
                      int result) {
  census_event event = event_of(CENSUS_CREATE, start_ns, end_ns, 100, "make");
  event.syscall_nr = SYS_clone3;
  event.clone_flags = flags;
  event.result = result;
  event.return_ns = end_ns + 500;
  event.parent.rss_anon_pages = 256;  // 1 MiB of 4 KiB pages
  event.parent.rss_file_pages = 512;
  event.parent.pgtables_bytes = 40960;
  event.parent.map_count = 42;
  event.parent.nr_threads = 1;
  return event;
}

TEST(CensusEvents, ClassifiesCreationsByFlagsNotByTheCallsName) {
  EXPECT_EQ(classify_clone_flags(SIGCHLD), CreationKind::kFork);
  EXPECT_EQ(classify_clone_flags(CLONE_VM | CLONE_VFORK | SIGCHLD), CreationKind::kVfork);
  EXPECT_EQ(classify_clone_flags(CLONE_VM | CLONE_THREAD | CLONE_SIGHAND), CreationKind::kThread);
  EXPECT_EQ(classify_clone_flags(CLONE_VM | SIGCHLD), CreationKind::kOtherClone);
  EXPECT_EQ(classify_clone_flags(CLONE_FILES | SIGCHLD), CreationKind::kFork);
}

TEST(CensusEvents, TurnsRecordsIntoTimedCreationsExecsAndExitsInTheOrderTheyStarted) {
  const std::vector<census_event> events{
      creation(2'000, 12'000, CLONE_VM | CLONE_VFORK | SIGCHLD, 4242),
      event_of(CENSUS_EXIT, 50'000, 0, 4242, "cc1"),
      event_of(CENSUS_TEARDOWN, 50'000, 80'000, 4242, "cc1"),
      [] {
        census_event exec = event_of(CENSUS_EXEC, 20'000, 45'000, 4242, "cc1");
        exec.syscall_nr = SYS_execve;
        return exec;
      }(),
  };
  TraceRun run;
  add_census_events(events, 1'000, 4096, run);
  ASSERT_EQ(run.creations.size(), 1U);
  const Creation& made = run.creations[0];
  EXPECT_EQ(made.at_ns, 1'000);
  EXPECT_EQ(made.duration_ns, 10'000);
  EXPECT_EQ(made.call_ns, 10'500);
  EXPECT_EQ(made.kind, CreationKind::kVfork);
  EXPECT_EQ(made.call, "clone3");
  EXPECT_EQ(made.comm, "make");
  EXPECT_EQ(made.parent.rss_anon_kb, 1024U);
  EXPECT_EQ(made.parent.rss_file_kb, 2048U);
  EXPECT_EQ(made.parent.page_tables_kb, 40U);
  EXPECT_EQ(made.parent.vmas, 42U);
  ASSERT_EQ(run.execs.size(), 1U);
  EXPECT_EQ(run.execs[0].duration_ns, 25'000);
  EXPECT_EQ(run.execs[0].call, "execve");
  ASSERT_EQ(run.exits.size(), 1U);
  EXPECT_EQ(run.exits[0].teardown_ns, 30'000);
}

TEST(CensusEvents, AFailedCreationKeepsItsErrnoAndItsWholeCallTime) {
  TraceRun run;
  const std::vector<census_event> events{creation(0, 7'000, 0, -11)};
  add_census_events(events, 0, 4096, run);
  ASSERT_EQ(run.creations.size(), 1U);
  EXPECT_EQ(run.creations[0].error, 11);
  EXPECT_EQ(run.creations[0].kind, CreationKind::kFork);
  const RunSummary summary = summarize_run(run);
  EXPECT_EQ(summary.failures_by_errno.at("EAGAIN"), 1U);
}

// The BPF program records the flags a failed call asked for (no task_newtask saw them): a failed
// clone(CLONE_VM|CLONE_THREAD|...) is a failed thread, whatever the call's name.
TEST(CensusEvents, AFailedCreationIsClassifiedByTheFlagsItAskedFor) {
  census_event thread = creation(0, 7'000, CLONE_VM | CLONE_THREAD | CLONE_SIGHAND, -11);
  thread.syscall_nr = SYS_clone;
  census_event vfork_like = creation(8'000, 9'000, CLONE_VM | CLONE_VFORK, -12);
  vfork_like.syscall_nr = SYS_clone3;
  TraceRun run;
  const std::vector<census_event> events{thread, vfork_like};
  add_census_events(events, 0, 4096, run);
  ASSERT_EQ(run.creations.size(), 2U);
  EXPECT_EQ(run.creations[0].kind, CreationKind::kThread);
  EXPECT_EQ(run.creations[0].clone_flags, CLONE_VM | CLONE_THREAD | CLONE_SIGHAND);
  EXPECT_EQ(run.creations[1].kind, CreationKind::kVfork);
}

TEST(CensusEvents, AnExitWithoutTeardownHasNone) {
  TraceRun run;
  const std::vector<census_event> events{event_of(CENSUS_EXIT, 10, 0, 7, "sh")};
  add_census_events(events, 0, 4096, run);
  ASSERT_EQ(run.exits.size(), 1U);
  EXPECT_EQ(run.exits[0].teardown_ns, -1);
}

}  // namespace
}  // namespace clonebench

// `clonebench push` and `pull` against the test cluster: a copy is idempotent, racing copies
// lose and duplicate nothing, a copy killed half-way leaves the receiving store consistent, and
// a server that cannot be reached, or refuses the password, is one line and exit 1 with every
// local run still there.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "postgres/store_backends.hpp"
#include "postgres/tool_run.hpp"
#include "store/store.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

using testing::count_rows;
using testing::query_int;
using testing::run_tool;
using testing::shared_postgres_cluster;

// Runs whose latency rows are not exactly the three phases: a half-stored run.
constexpr const char* kIncompleteRuns =
    "SELECT count(*) FROM run WHERE (SELECT count(*) FROM latency WHERE run_id = run.id) <> 3";

class PushCli : public ::testing::Test {
 protected:
  // A local SQLite store with `runs` runs (the last two in an experiment).
  std::string local_store(int runs) {
    const std::string path = scratch_.file("local-" + std::to_string(++stores_) + ".db");
    Store store(path);
    for (int i = 0; i < runs - 2; ++i) {
      RunRecord record = i % 2 == 0 ? testing::sample_clone_run() : testing::sample_fork_run();
      record.experiment.clear();
      record.result.bogo_ops = 1000 + static_cast<std::uint64_t>(i);
      store.save(record, testing::sample_environment());
    }
    std::vector<RunRecord> pair = {testing::sample_fork_run(), testing::sample_clone_run()};
    store.save_experiment({"ab-local", "ab", "2026-11-29T18:00:00Z", {{"verdict", "faster"}}}, pair,
                          testing::sample_environment());
    return path;
  }

  testing::TempDirectory scratch_;
  int stores_ = 0;
};

TEST_F(PushCli, PushingTwiceStoresEachRunOnce) {
  const std::string local = local_store(5);
  const std::string remote = shared_postgres_cluster().create_database();
  const auto first = run_tool({"push", "--to", remote, "--all", "--db", local});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.out, "pushed 5 runs to " + remote + "; 0 already there\n");
  const auto second = run_tool({"push", "--to", remote, "--all", "--db", local});
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(second.out, "pushed 0 runs to " + remote + "; 5 already there\n");
  EXPECT_EQ(count_rows(remote, "run"), 5);
  EXPECT_EQ(count_rows(remote, "latency"), 15);
  EXPECT_EQ(count_rows(remote, "experiment"), 1);
  EXPECT_EQ(query_int(remote, "SELECT count(DISTINCT uid) FROM run"), 5);
}

TEST_F(PushCli, PushesOnlyTheRunsNamedAndRefusesIdsWithAll) {
  const std::string local = local_store(5);
  const std::string remote = shared_postgres_cluster().create_database();
  const auto some = run_tool({"push", "--to", remote, "2", "4", "--db", local});
  ASSERT_EQ(some.exit_code, 0) << some.err;
  EXPECT_EQ(count_rows(remote, "run"), 2);
  const auto both = run_tool({"push", "--to", remote, "2", "--all", "--db", local});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("give run IDs or --all"), std::string::npos) << both.err;
  const auto missing = run_tool({"push", "--to", remote, "99", "--db", local});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("run 99 is not in"), std::string::npos) << missing.err;
}

TEST_F(PushCli, TwoPushesOfOverlappingRunsAtOnceLoseAndDuplicateNothing) {
  const std::string local = local_store(80);
  const std::string remote = shared_postgres_cluster().create_database();
  std::vector<std::string> first = {"push", "--to", remote, "--db", local};
  std::vector<std::string> second = first;
  for (int id = 1; id <= 60; ++id) {
    first.push_back(std::to_string(id));
  }
  for (int id = 21; id <= 80; ++id) {
    second.push_back(std::to_string(id));
  }
  testing::StartedTool a(first);
  testing::StartedTool b(second);
  const auto ran_a = a.finish();
  const auto ran_b = b.finish();
  ASSERT_EQ(ran_a.exit_code, 0) << ran_a.err;
  ASSERT_EQ(ran_b.exit_code, 0) << ran_b.err;
  EXPECT_EQ(count_rows(remote, "run"), 80);
  EXPECT_EQ(query_int(remote, "SELECT count(DISTINCT uid) FROM run"), 80);
  EXPECT_EQ(count_rows(remote, "latency"), 240);
  EXPECT_EQ(query_int(remote, kIncompleteRuns), 0);
}

TEST_F(PushCli, ASigkillDuringAPushLeavesTheRemoteConsistentAndARepeatCompletesIt) {
  const int runs = 300;
  const std::string local = local_store(runs);
  const std::string remote = shared_postgres_cluster().create_database();
  { Store create_schema(remote); }
  {
    testing::StartedTool push({"push", "--to", remote, "--all", "--db", local});
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (count_rows(remote, "run") < 5 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ASSERT_EQ(::kill(push.pid(), SIGKILL), 0);
    EXPECT_EQ(push.finish().exit_code, 128 + SIGKILL);
  }
  const std::int64_t stored = count_rows(remote, "run");
  EXPECT_GE(stored, 5);
  EXPECT_LT(stored, runs) << "the push ended before it was killed: nothing was tested";
  EXPECT_EQ(query_int(remote, kIncompleteRuns), 0);
  const auto repeat = run_tool({"push", "--to", remote, "--all", "--db", local});
  ASSERT_EQ(repeat.exit_code, 0) << repeat.err;
  EXPECT_EQ(count_rows(remote, "run"), runs);
  EXPECT_EQ(query_int(remote, "SELECT count(DISTINCT uid) FROM run"), runs);
  EXPECT_EQ(query_int(remote, kIncompleteRuns), 0);
  EXPECT_EQ(count_rows(local, "run"), runs);
}

TEST_F(PushCli, AnUnreachableServerIsOneLineAndExitOneAndEveryLocalRunStays) {
  const std::string local = local_store(3);
  const std::string nowhere = "postgresql:///runs?host=" + scratch_.file("no-server") + "&port=9";
  const auto push = run_tool({"push", "--to", nowhere, "--all", "--db", local});
  EXPECT_EQ(push.exit_code, 1);
  EXPECT_EQ(push.out, "");
  EXPECT_EQ(std::count(push.err.begin(), push.err.end(), '\n'), 1) << push.err;
  EXPECT_EQ(push.err.rfind("clonebench: error: database " + nowhere + ": cannot connect", 0), 0U)
      << push.err;
  EXPECT_EQ(count_rows(local, "run"), 3);
}

TEST_F(PushCli, AWrongPasswordIsOneLineAndExitOneAndNeverShowsThePassword) {
  const std::string local = local_store(3);
  const std::string remote = shared_postgres_cluster().create_database();
  const std::string secret = "not-the-password-42";
  const std::string with_password = testing::url_with_password(remote, secret);
  const auto push = run_tool({"push", "--to", with_password, "--all", "--db", local});
  EXPECT_EQ(push.exit_code, 1);
  EXPECT_EQ(std::count(push.err.begin(), push.err.end(), '\n'), 1) << push.err;
  EXPECT_EQ(push.err.find(secret), std::string::npos) << push.err;
  EXPECT_EQ(push.out.find(secret), std::string::npos) << push.out;
  EXPECT_NE(push.err.find("password authentication failed"), std::string::npos) << push.err;
  EXPECT_EQ(count_rows(local, "run"), 3);
}

TEST_F(PushCli, PullBringsRunsBackWithTheirOriginsAndHistoryReadsTheServer) {
  const std::string local = local_store(4);
  const std::string remote = shared_postgres_cluster().create_database();
  ASSERT_EQ(run_tool({"push", "--to", remote, "--all", "--db", local}).exit_code, 0);
  const std::string copy = scratch_.file("copy.db");
  const auto pull = run_tool({"pull", "--from", remote, "--all", "--db", copy});
  ASSERT_EQ(pull.exit_code, 0) << pull.err;
  EXPECT_EQ(pull.out, "pulled 4 runs from " + remote + "; 0 already there\n");
  const Store original(local, Store::Access::kReadOnly);
  const Store pulled(copy, Store::Access::kReadOnly);
  std::set<std::string> original_uids, pulled_uids;
  for (const std::int64_t id : original.run_ids()) {
    original_uids.insert(original.load(id)->origin.uid);
  }
  for (const std::int64_t id : pulled.run_ids()) {
    pulled_uids.insert(pulled.load(id)->origin.uid);
  }
  EXPECT_EQ(pulled_uids, original_uids);
  EXPECT_EQ(pulled.load_experiment("ab-local").size(), 2U);
  const auto history = run_tool({"history", "--db", remote, "--limit", "0"});
  ASSERT_EQ(history.exit_code, 0) << history.err;
  EXPECT_NE(history.out.find("ab-local"), std::string::npos) << history.out;
  const auto this_host = run_tool(
      {"history", "--db", remote, "--host", local_host_identity().hostname, "--limit", "0"});
  EXPECT_NE(this_host.out.find("ab-local"), std::string::npos) << this_host.out;
  const auto other_host = run_tool({"history", "--db", remote, "--host", "no-such-host"});
  EXPECT_EQ(other_host.out.find("ab-local"), std::string::npos) << other_host.out;
}

TEST_F(PushCli, ARunStoresItsResultAndItsHostInPostgresql) {
  const std::string remote = shared_postgres_cluster().create_database();
  const auto run =
      run_tool({"run", "fork", "--timeout", "0.3", "--label", "pg-run", "--db", remote});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const Store store(remote, Store::Access::kReadOnly);
  const auto runs = store.load_label("pg-run");
  ASSERT_EQ(runs.size(), 1U);
  EXPECT_GT(runs[0].record.result.bogo_ops, 0U);
  EXPECT_EQ(runs[0].origin.hostname, local_host_identity().hostname);
}

}  // namespace
}  // namespace clonebench

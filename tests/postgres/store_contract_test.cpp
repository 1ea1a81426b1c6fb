// The store's contract, one test code for both backends: whatever `--db` names, a SQLite file or
// a PostgreSQL database, what is saved loads back exactly, in the documented order, with the
// host that measured it, and a run taken from another store is stored once.
#include <gtest/gtest.h>
#include <sys/utsname.h>

#include <set>
#include <string>
#include <vector>

#include "postgres/store_backends.hpp"
#include "store/schema.hpp"
#include "store/store.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

using testing::Backend;
using testing::count_rows;

void expect_same_histogram(const LatencyHistogram& a, const LatencyHistogram& b) {
  EXPECT_EQ(a.count(), b.count());
  EXPECT_EQ(a.sum_ns(), b.sum_ns());
  EXPECT_EQ(a.min_ns(), b.min_ns());
  EXPECT_EQ(a.max_ns(), b.max_ns());
  EXPECT_EQ(a.nonzero_buckets(), b.nonzero_buckets());
}

void expect_same_record(const RunRecord& a, const RunRecord& b) {
  EXPECT_EQ(a.label, b.label);
  EXPECT_EQ(a.started_at, b.started_at);
  EXPECT_EQ(a.experiment, b.experiment);
  EXPECT_EQ(a.result.stressor, b.result.stressor);
  EXPECT_EQ(a.result.instances, b.result.instances);
  EXPECT_EQ(a.result.options, b.result.options);
  EXPECT_EQ(a.result.bogo_ops, b.result.bogo_ops);
  EXPECT_EQ(a.result.real_time_s, b.result.real_time_s);  // every bit of a double
  EXPECT_EQ(a.result.usr_time_s, b.result.usr_time_s);
  EXPECT_EQ(a.result.sys_time_s, b.result.sys_time_s);
  EXPECT_EQ(a.result.max_rss_kb, b.result.max_rss_kb);
  EXPECT_EQ(a.result.failures, b.result.failures);
  EXPECT_EQ(a.result.parent.kind, b.result.parent.kind);
  EXPECT_EQ(a.result.parent.rss_kb, b.result.parent.rss_kb);
  EXPECT_EQ(a.result.intervals.ops, b.result.intervals.ops);
  EXPECT_EQ(a.result.intervals.last_interval_s, b.result.intervals.last_interval_s);
  expect_same_histogram(a.result.create, b.result.create);
  expect_same_histogram(a.result.start, b.result.start);
  expect_same_histogram(a.result.reap, b.result.reap);
}

class StoreContract : public testing::BackendTest {};

TEST_P(StoreContract, CreatesTheLatestSchemaInAnEmptyDatabase) {
  const std::string location = new_location();
  { Store store(location); }
  const std::string version_query = GetParam() == Backend::kSqlite
                                        ? "PRAGMA user_version"
                                        : "SELECT max(version) FROM clonebench_schema";
  EXPECT_EQ(testing::query_int(location, version_query), latest_schema_version());
  EXPECT_EQ(count_rows(location, "run"), 0);
}

TEST_P(StoreContract, LoadsASavedRunExactlyWithItsHistogramsAndEnvironment) {
  const std::string location = new_location();
  RunRecord record = testing::sample_clone_run();
  record.id = 0;
  {
    Store store(location);
    store.save(record, testing::sample_environment());
  }
  EXPECT_GT(record.id, 0);
  const Store reopened(location, Store::Access::kReadOnly);
  const auto stored = reopened.load(record.id);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(stored->record.id, record.id);
  expect_same_record(stored->record, record);
  EXPECT_EQ(stored->environment, testing::sample_environment());
  EXPECT_FALSE(reopened.load(record.id + 1).has_value());
}

TEST_P(StoreContract, StoresAnIdenticalEnvironmentOnce) {
  const std::string location = new_location();
  Store store(location);
  RunRecord a = testing::sample_clone_run();
  RunRecord b = testing::sample_fork_run();
  b.experiment.clear();
  store.save(a, testing::sample_environment());
  store.save(b, testing::sample_environment());
  Environment other = testing::sample_environment();
  LoadAverages loadavg;
  loadavg.one_min = 0.5;
  other.loadavg_before = loadavg;
  store.save(a, other);
  EXPECT_EQ(count_rows(location, "run"), 3);
  EXPECT_EQ(count_rows(location, "environment"), 2);
  EXPECT_EQ(count_rows(location, "latency"), 9);
  EXPECT_EQ(store.load(a.id)->environment, other);
}

TEST_P(StoreContract, ListsHistoryNewestFirstUpToTheLimit) {
  Store store(new_location());
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 4; ++i) {
    RunRecord record = testing::sample_clone_run();
    record.result.bogo_ops = 1000 + static_cast<std::uint64_t>(i);
    ids.push_back(store.save(record, testing::sample_environment()));
  }
  const auto rows = store.history(3);
  ASSERT_EQ(rows.size(), 3U);
  EXPECT_EQ(rows[0].id, ids[3]);
  EXPECT_EQ(rows[2].id, ids[1]);
  EXPECT_EQ(rows[0].bogo_ops, 1003U);
  EXPECT_DOUBLE_EQ(rows[0].ops_per_sec_real, 1003 / 10.0428);
  EXPECT_EQ(store.history(100).size(), 4U);
  EXPECT_TRUE(store.history(0).empty());
  EXPECT_EQ(store.run_ids(), ids);
}

TEST_P(StoreContract, LoadsEveryRunOfALabelOldestFirst) {
  Store store(new_location());
  RunRecord a = testing::sample_clone_run();
  RunRecord b = testing::sample_clone_run();
  b.label = "other";
  RunRecord c = testing::sample_clone_run();
  store.save(a, testing::sample_environment());
  store.save(b, testing::sample_environment());
  store.save(c, testing::sample_environment());
  const auto runs = store.load_label("6.18.44-fc-v857");
  ASSERT_EQ(runs.size(), 2U);
  EXPECT_EQ(runs[0].record.id, a.id);
  EXPECT_EQ(runs[1].record.id, c.id);
  EXPECT_TRUE(store.load_label("nothing").empty());
}

TEST_P(StoreContract, SavesAnExperimentWithAllItsRunsTaggedOrNoneWhenTheTagIsTaken) {
  const std::string location = new_location();
  Store store(location);
  StoredExperiment experiment{"sweep-1", "sweep", "2026-11-29T18:06:42Z", {{"rounds", 4}}};
  std::vector<RunRecord> runs = {testing::sample_fork_run(), testing::sample_clone_run()};
  store.save_experiment(experiment, runs, testing::sample_environment());
  EXPECT_GT(runs[1].id, runs[0].id);
  const auto loaded = store.load_experiment("sweep-1");
  ASSERT_EQ(loaded.size(), 2U);
  expect_same_record(loaded[1].record, runs[1]);
  EXPECT_EQ(store.load_experiment_row("sweep-1")->summary, experiment.summary);
  EXPECT_EQ(std::get<SweepSummary>(*store.load_experiment_summary("sweep-1")->summary).rounds, 4u);
  EXPECT_FALSE(store.load_experiment_summary("nope").has_value());

  std::vector<RunRecord> again = {testing::sample_fork_run()};
  again[0].id = 0;
  EXPECT_ANY_THROW(store.save_experiment(experiment, again, testing::sample_environment()));
  EXPECT_EQ(count_rows(location, "run"), 2);  // the transaction rolled back as a whole
  EXPECT_EQ(again[0].id, 0);
}

TEST_P(StoreContract, FindsTheLatestCompleteExperimentOfAKind) {
  Store store(new_location());
  std::vector<RunRecord> none;
  store.save_experiment({"sweep-a", "sweep", "2026-11-29T10:00:00Z", {{"n", 1}}}, none, {});
  store.save_experiment({"sweep-b", "sweep", "2026-11-29T12:00:00Z", {{"n", 2}}}, none, {});
  store.save_experiment({"ab-c", "ab", "2026-11-29T13:00:00Z", {{"n", 3}}}, none, {});
  store.begin_experiment("sweep-cut", ExperimentKind::kSweep, "2026-11-29T14:00:00Z");
  store.finish_experiment("sweep-cut", nlohmann::json::object(), "interrupted");
  EXPECT_EQ(store.latest_experiment(ExperimentKind::kSweep)->tag, "sweep-b");
  EXPECT_EQ(store.latest_experiment(ExperimentKind::kAb)->tag, "ab-c");
  EXPECT_FALSE(store.latest_experiment(ExperimentKind::kTrace).has_value());
}

TEST_P(StoreContract, AnExperimentGrowsRunByRunAndEndsWithItsStatus) {
  Store store(new_location());
  store.begin_experiment("ab-run", ExperimentKind::kAb, "2026-11-29T18:00:00Z");
  RunRecord first = testing::sample_fork_run();
  first.experiment = "ab-run";
  store.save(first, testing::sample_environment());
  EXPECT_EQ(store.load_experiment_summary("ab-run")->status, "running");
  EXPECT_FALSE(store.load_experiment_summary("ab-run")->summary.has_value());
  EXPECT_EQ(store.history(1)[0].experiment_status, "running");
  store.finish_experiment("ab-run", {{"verdict", "equivalent"}}, "complete");
  EXPECT_EQ(store.load_experiment_summary("ab-run")->status, "complete");
  EXPECT_EQ(store.load_experiment("ab-run").size(), 1U);
  EXPECT_ANY_THROW(store.finish_experiment("no-such", {}, "complete"));
}

TEST_P(StoreContract, RecordsTheHostThatMeasuredEachRunAndAUniqueId) {
  Store store(new_location());
  RunRecord a = testing::sample_clone_run();
  RunRecord b = testing::sample_clone_run();
  store.save(a, testing::sample_environment());
  store.save(b, testing::sample_environment());
  utsname name{};
  ASSERT_EQ(::uname(&name), 0);
  const HostIdentity here = local_host_identity();
  std::set<std::string> uids;
  for (const std::int64_t id : {a.id, b.id}) {
    const auto stored = store.load(id);
    ASSERT_TRUE(stored.has_value());
    EXPECT_EQ(stored->origin.hostname, name.nodename);
    EXPECT_EQ(stored->origin.machine_hash, here.machine_hash);
    EXPECT_EQ(stored->origin.uid.size(), 32U);
    uids.insert(stored->origin.uid);
  }
  EXPECT_EQ(uids.size(), 2U);
  EXPECT_EQ(store.history(1)[0].hostname, name.nodename);
}

TEST_P(StoreContract, ARunTakenFromAnotherStoreKeepsItsOriginAndIsStoredOnce) {
  const std::string location = new_location();
  Store store(location);
  StoredRun foreign;
  foreign.record = testing::sample_fork_run();
  foreign.record.experiment = "ab-far";
  foreign.environment = testing::sample_environment();
  foreign.origin = {"0123456789abcdef0123456789abcdef", "far-away-host", "feedface"};
  const StoredExperiment experiment{"ab-far", "ab", "2026-11-29T18:00:00Z", {{"n", 1}}};
  EXPECT_TRUE(store.import_run(foreign, experiment));
  EXPECT_FALSE(store.import_run(foreign, experiment));
  EXPECT_EQ(count_rows(location, "run"), 1);
  EXPECT_EQ(count_rows(location, "latency"), 3);
  EXPECT_EQ(count_rows(location, "experiment"), 1);
  const auto runs = store.load_experiment("ab-far");
  ASSERT_EQ(runs.size(), 1U);
  EXPECT_EQ(runs[0].origin.uid, foreign.origin.uid);
  EXPECT_EQ(runs[0].origin.hostname, "far-away-host");
  EXPECT_EQ(runs[0].origin.machine_hash, "feedface");
  expect_same_record(runs[0].record, foreign.record);
}

TEST_P(StoreContract, AReadOnlyOpenOfAnEmptyLocationFindsNothingAndCreatesNothing) {
  const std::string location = new_location();
  const Store store(location, Store::Access::kReadOnly);
  EXPECT_TRUE(store.history(10).empty());
  EXPECT_FALSE(store.load(1).has_value());
  EXPECT_TRUE(store.run_ids().empty());
  if (GetParam() == Backend::kSqlite) {
    EXPECT_FALSE(std::filesystem::exists(location));
  } else {
    EXPECT_EQ(testing::query_int(location,
                                 "SELECT count(*) FROM pg_catalog.pg_tables WHERE "
                                 "schemaname = 'public'"),
              0);
  }
}

INSTANTIATE_TEST_SUITE_P(BothBackends, StoreContract,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         testing::backend_name);

}  // namespace
}  // namespace clonebench

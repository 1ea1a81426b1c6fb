// The run database: what is saved loads back exactly, in the documented order.
#include "store/store.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/sample_document.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

namespace fs = std::filesystem;

class StoreTest : public testing::TempDirectoryTest {
 protected:
  // Counts rows with the bare C API, independently of the store.
  std::int64_t count_rows(const std::string& table) const {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    const std::string sql = "SELECT count(*) FROM " + table;
    EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr), SQLITE_OK);
    EXPECT_EQ(sqlite3_step(statement), SQLITE_ROW);
    const std::int64_t count = sqlite3_column_int64(statement, 0);
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return count;
  }

  // The value of a PRAGMA read with the bare C API.
  std::int64_t pragma(const std::string& name) const {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(path_.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    const std::string sql = "PRAGMA " + name;
    EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr), SQLITE_OK);
    EXPECT_EQ(sqlite3_step(statement), SQLITE_ROW);
    const std::int64_t value = sqlite3_column_int64(statement, 0);
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return value;
  }

  std::string path_ = (scratch_.path() / "nested" / "dir" / "runs.db").string();
};

void expect_same_histogram(const LatencyHistogram& a, const LatencyHistogram& b) {
  EXPECT_EQ(a.count(), b.count());
  EXPECT_EQ(a.sum_ns(), b.sum_ns());
  EXPECT_EQ(a.min_ns(), b.min_ns());
  EXPECT_EQ(a.max_ns(), b.max_ns());
  EXPECT_EQ(a.nonzero_buckets(), b.nonzero_buckets());
  EXPECT_EQ(a.quantile_ns(0.99), b.quantile_ns(0.99));
}

void expect_same_record(const RunRecord& a, const RunRecord& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.label, b.label);
  EXPECT_EQ(a.started_at, b.started_at);
  EXPECT_EQ(a.experiment, b.experiment);
  EXPECT_EQ(a.result.stressor, b.result.stressor);
  EXPECT_EQ(a.result.instances, b.result.instances);
  EXPECT_EQ(a.result.options, b.result.options);
  EXPECT_EQ(a.result.bogo_ops, b.result.bogo_ops);
  EXPECT_EQ(a.result.real_time_s, b.result.real_time_s);  // REAL keeps every bit of a double
  EXPECT_EQ(a.result.usr_time_s, b.result.usr_time_s);
  EXPECT_EQ(a.result.sys_time_s, b.result.sys_time_s);
  EXPECT_EQ(a.result.max_rss_kb, b.result.max_rss_kb);
  EXPECT_EQ(a.result.failures, b.result.failures);
  EXPECT_EQ(a.result.parent.kind, b.result.parent.kind);
  EXPECT_EQ(a.result.parent.requested_bytes, b.result.parent.requested_bytes);
  EXPECT_EQ(a.result.parent.rss_kb, b.result.parent.rss_kb);
  EXPECT_EQ(a.result.parent.vma_count, b.result.parent.vma_count);
  EXPECT_EQ(a.result.parent.region_anonymous_kb, b.result.parent.region_anonymous_kb);
  EXPECT_EQ(a.result.parent.baseline_vma_count, b.result.parent.baseline_vma_count);
  EXPECT_EQ(a.result.parent.baseline_rss_kb, b.result.parent.baseline_rss_kb);
  EXPECT_EQ(a.result.intervals.interval_s, b.result.intervals.interval_s);
  EXPECT_EQ(a.result.intervals.ops, b.result.intervals.ops);
  EXPECT_EQ(a.result.intervals.last_interval_s, b.result.intervals.last_interval_s);
  expect_same_histogram(a.result.create, b.result.create);
  expect_same_histogram(a.result.start, b.result.start);
  expect_same_histogram(a.result.reap, b.result.reap);
}

TEST_F(StoreTest, CreatesParentDirectoriesAndAVersionedSchema) {
  Store store(path_);
  EXPECT_TRUE(fs::exists(path_));
  EXPECT_EQ(store.path(), path_);
  EXPECT_EQ(count_rows("run"), 0);
  // Schema version 5 (raise with every migration) and the application id "CLNB" in ASCII.
  EXPECT_EQ(pragma("user_version"), 5);
  EXPECT_EQ(pragma("application_id"), 0x434C4E42);
}

TEST_F(StoreTest, LoadsASavedRunExactlyWithItsHistogramsAndEnvironment) {
  RunRecord record = testing::sample_clone_run();
  record.id = 0;
  std::int64_t id = 0;
  {
    Store store(path_);
    id = store.save(record, testing::sample_environment());
  }
  EXPECT_GT(id, 0);
  EXPECT_EQ(record.id, id);
  const Store reopened(path_);
  const auto stored = reopened.load(id);
  ASSERT_TRUE(stored.has_value());
  expect_same_record(stored->record, record);
  EXPECT_EQ(stored->environment, testing::sample_environment());
  EXPECT_FALSE(reopened.load(id + 1).has_value());
}

TEST_F(StoreTest, KeepsStressNgsAccountingBesideClonebenchsAndTheWorkload) {
  RunRecord record = testing::sample_stress_ng_clone_run();
  RunRecord clean = testing::sample_clone_run();
  Store store(path_);
  store.save(record, testing::sample_environment());
  store.save(clean, testing::sample_environment());
  const auto stored = store.load(record.id);
  ASSERT_TRUE(stored.has_value());
  const RunResult& result = stored->record.result;
  expect_same_record(stored->record, record);
  EXPECT_EQ(result.workload, Workload::kStressNg);
  EXPECT_EQ(result.supervisor_reaped, 377U);
  ASSERT_TRUE(result.stress_ng.has_value());
  EXPECT_EQ(result.stress_ng->real_time_s, 3.0159552164);
  EXPECT_EQ(result.stress_ng->usr_time_s, 0.179111);
  EXPECT_EQ(result.stress_ng->sys_time_s, 2.194988);
  EXPECT_EQ(result.stress_ng->max_rss_kb, 136424U);
  EXPECT_EQ(result.stress_ng->metric, "microsecs per clone");
  EXPECT_EQ(result.stress_ng->metric_values, std::vector<double>{1887.114307});
  const auto stored_clean = store.load(clean.id);
  ASSERT_TRUE(stored_clean.has_value());
  EXPECT_EQ(stored_clean->record.result.workload, Workload::kClean);
  EXPECT_FALSE(stored_clean->record.result.stress_ng.has_value());
}

TEST_F(StoreTest, StoresAnIdenticalEnvironmentOnce) {
  Store store(path_);
  RunRecord a = testing::sample_clone_run();
  RunRecord b = testing::sample_fork_run();
  b.experiment.clear();
  store.save(a, testing::sample_environment());
  store.save(b, testing::sample_environment());
  nlohmann::json other = testing::sample_environment();
  other["loadavg_before"] = {{"1m", 0.5}};
  store.save(a, other);
  EXPECT_EQ(count_rows("run"), 3);
  EXPECT_EQ(count_rows("environment"), 2);
  EXPECT_EQ(count_rows("latency"), 9);
  EXPECT_EQ(store.load(a.id)->environment, other);
}

TEST_F(StoreTest, ListsHistoryNewestFirstUpToTheLimit) {
  Store store(path_);
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 5; ++i) {
    RunRecord record = testing::sample_clone_run();
    record.result.bogo_ops = 1000 + static_cast<std::uint64_t>(i);
    ids.push_back(store.save(record, testing::sample_environment()));
  }
  const auto rows = store.history(3);
  ASSERT_EQ(rows.size(), 3U);
  EXPECT_EQ(rows[0].id, ids[4]);
  EXPECT_EQ(rows[1].id, ids[3]);
  EXPECT_EQ(rows[2].id, ids[2]);
  EXPECT_EQ(rows[0].bogo_ops, 1004U);
  EXPECT_EQ(rows[0].stressor, "clone");
  EXPECT_EQ(rows[0].instances, 2U);
  EXPECT_DOUBLE_EQ(rows[0].ops_per_sec_real, 1004 / 10.0428);
  EXPECT_DOUBLE_EQ(rows[0].ops_per_sec_cpu, 1004 / (1.305945 + 11.670640));
  EXPECT_EQ(store.history(100).size(), 5U);
  EXPECT_TRUE(store.history(0).empty());
}

TEST_F(StoreTest, LoadsEveryRunOfALabelOldestFirst) {
  Store store(path_);
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

TEST_F(StoreTest, SavesAnExperimentWithAllItsRunsTagged) {
  Store store(path_);
  Experiment experiment{"sweep-2026-11-29T18:06:42Z-4f2a",
                        "sweep",
                        "2026-11-29T18:06:42Z",
                        {{"fixed_cost_us", 41.5}, {"per_page_ns", 2.25}}};
  std::vector<RunRecord> runs = {testing::sample_fork_run(), testing::sample_clone_run()};
  store.save_experiment(experiment, runs, testing::sample_environment());
  EXPECT_GT(runs[0].id, 0);
  EXPECT_GT(runs[1].id, runs[0].id);
  EXPECT_EQ(runs[1].experiment, experiment.tag);
  const auto loaded = store.load_experiment(experiment.tag);
  ASSERT_EQ(loaded.size(), 2U);
  expect_same_record(loaded[0].record, runs[0]);
  expect_same_record(loaded[1].record, runs[1]);
  const auto summary = store.load_experiment_summary(experiment.tag);
  ASSERT_TRUE(summary.has_value());
  EXPECT_EQ(summary->kind, "sweep");
  EXPECT_EQ(summary->created_at, "2026-11-29T18:06:42Z");
  EXPECT_EQ(summary->summary, experiment.summary);
  EXPECT_FALSE(store.load_experiment_summary("nope").has_value());
  EXPECT_EQ(store.history(10)[0].experiment, experiment.tag);
}

TEST_F(StoreTest, SavesNoRunOfAnExperimentWhoseTagIsTaken) {
  Store store(path_);
  Experiment experiment{"ab-1", "ab", "2026-11-29T18:00:00Z", nlohmann::json::object()};
  std::vector<RunRecord> runs = {testing::sample_fork_run()};
  store.save_experiment(experiment, runs, testing::sample_environment());
  std::vector<RunRecord> again = {testing::sample_fork_run(), testing::sample_clone_run()};
  again[0].id = 0;
  again[1].id = 0;
  EXPECT_ANY_THROW(store.save_experiment(experiment, again, testing::sample_environment()));
  EXPECT_EQ(count_rows("run"), 1);  // the transaction rolled back as a whole
  EXPECT_EQ(again[0].id, 0);
}

TEST_F(StoreTest, FindsTheLatestExperimentOfAKind) {
  Store store(path_);
  std::vector<RunRecord> none;
  store.save_experiment({"sweep-a", "sweep", "2026-11-29T10:00:00Z", {{"n", 1}}}, none, {});
  store.save_experiment({"sweep-b", "sweep", "2026-11-29T12:00:00Z", {{"n", 2}}}, none, {});
  store.save_experiment({"ab-c", "ab", "2026-11-29T13:00:00Z", {{"n", 3}}}, none, {});
  store.save_experiment({"sweep-d", "sweep", "2026-11-29T11:00:00Z", {{"n", 4}}}, none, {});
  EXPECT_EQ(store.latest_experiment("sweep")->tag, "sweep-b");
  EXPECT_EQ(store.latest_experiment("ab")->tag, "ab-c");
  EXPECT_FALSE(store.latest_experiment("model").has_value());
}

TEST(StoreDefaultPath, PrefersClonebenchDbThenXdgDataHomeThenHome) {
  const char* saved[] = {std::getenv("CLONEBENCH_DB"), std::getenv("XDG_DATA_HOME"),
                         std::getenv("HOME")};
  const std::string saved_values[] = {saved[0] ? saved[0] : "", saved[1] ? saved[1] : "",
                                      saved[2] ? saved[2] : ""};
  ::setenv("CLONEBENCH_DB", "/tmp/x.db", 1);
  ::setenv("XDG_DATA_HOME", "/data", 1);
  ::setenv("HOME", "/home/u", 1);
  EXPECT_EQ(Store::default_path(), "/tmp/x.db");
  ::unsetenv("CLONEBENCH_DB");
  EXPECT_EQ(Store::default_path(), "/data/clonebench/clonebench.db");
  ::setenv("XDG_DATA_HOME", "relative", 1);  // invalid per the XDG spec: ignored
  EXPECT_EQ(Store::default_path(), "/home/u/.local/share/clonebench/clonebench.db");
  ::unsetenv("XDG_DATA_HOME");
  EXPECT_EQ(Store::default_path(), "/home/u/.local/share/clonebench/clonebench.db");
  const char* names[] = {"CLONEBENCH_DB", "XDG_DATA_HOME", "HOME"};
  for (int i = 0; i < 3; ++i) {
    if (saved[i] != nullptr) {
      ::setenv(names[i], saved_values[i].c_str(), 1);
    } else {
      ::unsetenv(names[i]);
    }
  }
}

// ab and sweep store each run as it ends: the experiment row comes first, "running", and the
// runs arrive one by one; the end sets the analysis and the status.
TEST_F(StoreTest, AnExperimentGrowsRunByRunAndEndsWithItsStatus) {
  Store store(path_);
  store.begin_experiment({"ab-run", "ab", "2026-11-29T18:00:00Z", {{"ignored", true}}});
  RunRecord first = testing::sample_fork_run();
  first.experiment = "ab-run";
  store.save(first, testing::sample_environment());
  auto summary = store.load_experiment_summary("ab-run");
  ASSERT_TRUE(summary.has_value());
  EXPECT_EQ(summary->status, "running");
  EXPECT_EQ(summary->summary, nlohmann::json::object());
  EXPECT_EQ(store.load_experiment("ab-run").size(), 1u);
  EXPECT_EQ(store.history(1)[0].experiment_status, "running");
  store.finish_experiment("ab-run", {{"verdict", "equivalent"}}, "complete");
  summary = store.load_experiment_summary("ab-run");
  EXPECT_EQ(summary->status, "complete");
  EXPECT_EQ(summary->summary, (nlohmann::json{{"verdict", "equivalent"}}));
  EXPECT_ANY_THROW(store.finish_experiment("no-such", {}, "complete"));
}

// A process killed with SIGKILL cannot mark its experiment interrupted: once that process is
// gone, the store says so itself instead of "running" forever.
TEST_F(StoreTest, AnExperimentWhoseProcessIsGoneIsInterrupted) {
  const pid_t writer = ::fork();
  if (writer == 0) {
    Store store(path_);
    store.begin_experiment({"ab-killed", "ab", "2026-11-29T18:00:00Z", {}});
    RunRecord run = testing::sample_fork_run();
    run.experiment = "ab-killed";
    store.save(run, testing::sample_environment());
    ::_exit(0);  // as a killed process ends: nothing more said
  }
  int status = 0;
  ASSERT_EQ(::waitpid(writer, &status, 0), writer);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  const Store store(path_, Store::Access::kReadOnly);
  EXPECT_EQ(store.load_experiment_summary("ab-killed")->status, "interrupted");
  EXPECT_EQ(store.history(1)[0].experiment_status, "interrupted");
}

TEST_F(StoreTest, AnInterruptedExperimentKeepsItsRunsAndIsNeverTheLatestSweep) {
  Store store(path_);
  std::vector<RunRecord> none;
  store.save_experiment({"sweep-done", "sweep", "2026-11-29T10:00:00Z", {{"n", 1}}}, none, {});
  store.begin_experiment({"sweep-cut", "sweep", "2026-11-29T12:00:00Z", {}});
  RunRecord run = testing::sample_clone_run();
  run.experiment = "sweep-cut";
  store.save(run, testing::sample_environment());
  store.finish_experiment("sweep-cut", nlohmann::json::object(), "interrupted");
  EXPECT_EQ(store.load_experiment("sweep-cut").size(), 1u);
  EXPECT_EQ(store.load_experiment_summary("sweep-cut")->status, "interrupted");
  EXPECT_EQ(store.latest_experiment("sweep")->tag, "sweep-done");
}

}  // namespace
}  // namespace clonebench

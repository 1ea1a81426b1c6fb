// A writer SIGKILLed in the middle of saving leaves a readable database with every run it had
// committed. The child reports each committed id through a pipe before it starts the next.
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "store/store.hpp"
#include "support/sample_document.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

namespace fs = std::filesystem;

constexpr int kCommittedBeforeKill = 40;
constexpr int kMaxSaves = 100000;  // bounds the child if the parent never kills it

[[noreturn]] void save_forever(const std::string& path, int report_fd) {
  try {
    Store store(path);
    for (int i = 0; i < kMaxSaves; ++i) {
      RunRecord record = testing::sample_clone_run();
      record.result.bogo_ops = static_cast<std::uint64_t>(i);
      const std::int64_t id = store.save(record, testing::sample_environment());
      if (::write(report_fd, &id, sizeof id) != static_cast<ssize_t>(sizeof id)) {
        ::_exit(3);
      }
    }
  } catch (...) {
    ::_exit(2);
  }
  ::_exit(0);
}

std::string integrity_check(const std::string& path) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &statement, nullptr), SQLITE_OK);
  std::string result;
  while (sqlite3_step(statement) == SQLITE_ROW) {
    result += reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
  }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return result;
}

TEST(StoreCrash, KeepsEveryEarlierRunAfterAWriterIsKilledMidSave) {
  const testing::TempDirectory scratch;
  const std::string path = scratch.file("runs.db");
  { Store create(path); }  // the schema exists before the race starts

  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::close(pipe_fds[0]);
    save_forever(path, pipe_fds[1]);
  }
  ::close(pipe_fds[1]);
  std::vector<std::int64_t> committed;
  std::int64_t id = 0;
  while (committed.size() < kCommittedBeforeKill &&
         ::read(pipe_fds[0], &id, sizeof id) == static_cast<ssize_t>(sizeof id)) {
    committed.push_back(id);
  }
  // The child is already inside its next save (it never waits), so the kill lands mid-write.
  ::kill(child, SIGKILL);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  // Ids it committed but had not yet reported are fine; drain what it did report.
  while (::read(pipe_fds[0], &id, sizeof id) == static_cast<ssize_t>(sizeof id)) {
    committed.push_back(id);
  }
  ::close(pipe_fds[0]);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the writer ended before it was killed";
  ASSERT_GE(committed.size(), static_cast<std::size_t>(kCommittedBeforeKill));

  EXPECT_EQ(integrity_check(path), "ok");
  const Store store(path);
  const RunRecord expected = testing::sample_clone_run();
  for (std::size_t i = 0; i < committed.size(); ++i) {
    const auto stored = store.load(committed[i]);
    ASSERT_TRUE(stored.has_value()) << "run " << committed[i] << " lost";
    EXPECT_EQ(stored->record.result.bogo_ops, i);
    EXPECT_EQ(stored->record.result.create.nonzero_buckets(),
              expected.result.create.nonzero_buckets());
    EXPECT_EQ(stored->environment, testing::sample_environment());
  }
  // Every stored run is whole: a run row never lacks its three histograms.
  for (const auto& row : store.history(1'000'000)) {
    const auto stored = store.load(row.id);
    ASSERT_TRUE(stored.has_value());
    EXPECT_EQ(stored->record.result.reap.count(), expected.result.reap.count());
  }
  EXPECT_EQ(integrity_check(path), "ok");
}

}  // namespace
}  // namespace clonebench

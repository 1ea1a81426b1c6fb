// A full disk under the database loses nothing that was measured: a run the database cannot
// take is still printed and written to the requested files, and kept in undelivered.db for
// `push`; a database that cannot even be created leaves no file behind. The disk is a small
// tmpfs in a private mount namespace, which ends with the process that holds it.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

std::int64_t stored_runs(const std::string& path) {
  sqlite3* db = nullptr;
  std::int64_t runs = -1;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT count(*) FROM run", -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW) {
      runs = sqlite3_column_int64(statement, 0);
    }
    sqlite3_finalize(statement);
  }
  sqlite3_close(db);
  return runs;
}

// A tmpfs of `size` ("64k") on `directory`, seen only by a holder process (in its own mount
// namespace) and by the processes that join it: nothing is mounted where other processes
// look, and the mount ends with the holder, however the test ends.
class PrivateTmpfs {
 public:
  PrivateTmpfs(const std::string& directory, const std::string& size) : directory_(directory) {
    int ready[2];
    if (::pipe(ready) != 0) {
      return;
    }
    holder_ = ::fork();
    if (holder_ == 0) {
      ::close(ready[0]);
      const bool mounted = ::unshare(CLONE_NEWNS) == 0 &&
                           ::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0 &&
                           ::mount("tmpfs", directory.c_str(), "tmpfs", 0,
                                   ("size=" + size + ",mode=0777").c_str()) == 0;
      const char answer = mounted ? 'y' : 'n';
      (void)!::write(ready[1], &answer, 1);
      ::close(ready[1]);
      while (mounted) {
        ::pause();
      }
      ::_exit(0);
    }
    ::close(ready[1]);
    char answer = 'n';
    mounted_ = ::read(ready[0], &answer, 1) == 1 && answer == 'y';
    ::close(ready[0]);
  }
  ~PrivateTmpfs() {
    if (holder_ > 0) {
      ::kill(holder_, SIGKILL);
      ::waitpid(holder_, nullptr, 0);
    }
  }
  PrivateTmpfs(const PrivateTmpfs&) = delete;
  PrivateTmpfs& operator=(const PrivateTmpfs&) = delete;

  bool mounted() const { return mounted_; }
  // For ToolProcess's `in_child`: join the holder's mount namespace.
  std::function<void()> join() const {
    const std::string namespace_file = "/proc/" + std::to_string(holder_) + "/ns/mnt";
    return [namespace_file] {
      const int fd = ::open(namespace_file.c_str(), O_RDONLY | O_CLOEXEC);
      if (fd < 0 || ::setns(fd, CLONE_NEWNS) != 0) {
        ::_exit(125);
      }
      ::close(fd);
    };
  }
  // `name` in the tmpfs, as this process can reach it (through the holder's root).
  std::string reach(const std::string& name) const {
    return "/proc/" + std::to_string(holder_) + "/root" + directory_ + "/" + name;
  }
  // stored_runs() of `name` in the tmpfs, read from inside the namespace: SQLite resolves the
  // symbolic link /proc/PID/root to this process's own root.
  std::int64_t stored_runs_in(const std::string& name) const {
    int answer[2];
    if (::pipe(answer) != 0) {
      return -1;
    }
    const std::function<void()> enter = join();
    const std::string path = directory_ + "/" + name;
    const pid_t reader = ::fork();
    if (reader == 0) {
      ::close(answer[0]);
      enter();
      const std::int64_t runs = stored_runs(path);
      (void)!::write(answer[1], &runs, sizeof runs);
      ::_exit(0);
    }
    ::close(answer[1]);
    std::int64_t runs = -1;
    if (::read(answer[0], &runs, sizeof runs) != sizeof runs) {
      runs = -1;
    }
    ::close(answer[0]);
    ::waitpid(reader, nullptr, 0);
    return runs;
  }
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(reach(""), error)) {
      names.push_back(entry.path().filename().string());
    }
    return names;
  }

 private:
  std::string directory_;
  pid_t holder_ = -1;
  bool mounted_ = false;
};

void fill(const std::string& path) {
  std::ofstream file(path, std::ios::binary);
  const std::string block(4096, 'x');
  while (file.write(block.data(), static_cast<std::streamsize>(block.size())) && file.flush()) {
  }
}

TEST(StoreFullDisk, ARunTheFullDiskCannotTakeIsPrintedWrittenAndKeptInUndeliveredDb) {
  TempDirectory disk("full-disk"), data("full-disk-data"), out("full-disk-out");
  const PrivateTmpfs tmpfs(disk.path().string(), "2m");
  if (!tmpfs.mounted()) {
    GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
  }
  ToolProcess tool({"run", "fork", "--runs", "2", "--timeout", "1", "--db", disk.file("mid.db"),
                    "--json", out.file("mid.json")},
                   {"XDG_DATA_HOME=" + data.path().string()}, tmpfs.join());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (tmpfs.stored_runs_in("mid.db") < 1 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_EQ(tmpfs.stored_runs_in("mid.db"), 1) << "the first run was stored";
  fill(tmpfs.reach("fill"));
  const ToolResult result = tool.wait(60);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.out.find("fork"), std::string::npos) << "the table: " << result.out;
  const std::string json = read_all(out.file("mid.json"));
  ASSERT_FALSE(json.empty()) << "--json was written";
  EXPECT_EQ(nlohmann::json::parse(json)["runs"].size(), 2U);
  const std::string undelivered = data.file("clonebench/undelivered.db");
  EXPECT_EQ(stored_runs(undelivered), 1);
  EXPECT_NE(result.err.find("the disk is full"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find(undelivered), std::string::npos) << result.err;
  EXPECT_EQ(tmpfs.stored_runs_in("mid.db"), 1);
}

// However little room there is, a database that could not be created is not left half made:
// no file, and no -wal or -shm beside it.
TEST(StoreFullDisk, ADatabaseThatCannotBeCreatedLeavesNoFileBehind) {
  for (const std::string size : {"4k", "8k", "12k", "16k", "24k", "32k", "48k"}) {
    TempDirectory disk("tiny-disk");
    const PrivateTmpfs tmpfs(disk.path().string(), size);
    if (!tmpfs.mounted()) {
      GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
    }
    const ToolResult result = run_tool(
        {"run", "fork", "--timeout", "0.1", "--db", disk.file("full.db")}, 60, {}, tmpfs.join());
    if (result.exit_code != 0) {
      EXPECT_EQ(tmpfs.entries(), std::vector<std::string>{}) << size << ": " << result.err;
    }
  }
}

}  // namespace
}  // namespace clonebench::testing

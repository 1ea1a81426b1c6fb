// A PostgreSQL server that stops answering (its backend SIGSTOPped) cannot hang a run: SIGTERM
// ends it at once, and what it was storing is absent, never half there. A password spelled with
// %-escapes never shows in a message.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <string>
#include <thread>

#include "postgres/store_backends.hpp"
#include "postgres/tool_run.hpp"

namespace clonebench {
namespace {

using testing::count_rows;
using testing::query_int;
using testing::run_tool;
using testing::shared_postgres_cluster;

// The backend serving clonebench's connection to `database`, once it appears (0 if none did).
pid_t clonebench_backend(const std::string& url, const std::string& database) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    const std::int64_t pid =
        query_int(url,
                  "SELECT coalesce(max(pid), 0) FROM pg_stat_activity WHERE application_name = "
                  "'clonebench' AND datname = '" +
                      database + "'");
    if (pid > 0) {
      return static_cast<pid_t>(pid);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return 0;
}

// SIGSTOPs one backend by PID and resumes it, whatever happens to the test.
class StoppedBackend {
 public:
  explicit StoppedBackend(pid_t pid) : pid_(pid) { ::kill(pid_, SIGSTOP); }
  ~StoppedBackend() { ::kill(pid_, SIGCONT); }
  StoppedBackend(const StoppedBackend&) = delete;
  StoppedBackend& operator=(const StoppedBackend&) = delete;

 private:
  pid_t pid_;
};

TEST(StalledServer, SigtermEndsARunWhoseServerStoppedAnsweringAndNothingHalfIsStored) {
  const std::string remote = shared_postgres_cluster().create_database();
  ASSERT_EQ(run_tool({"run", "fork", "--timeout", "0.1", "--db", remote}).exit_code, 0);
  testing::StartedTool tool({"run", "fork", "--timeout", "1", "--db", remote});
  const pid_t backend = clonebench_backend(remote, testing::database_of(remote));
  ASSERT_GT(backend, 0) << "clonebench's connection never showed in pg_stat_activity";
  testing::ToolRun run;
  {
    StoppedBackend stopped(backend);
    // The run measures for 1 s, then waits on the stopped server to store it.
    std::this_thread::sleep_for(std::chrono::seconds(4));
    ::kill(tool.pid(), SIGTERM);
    run = tool.finish(std::chrono::seconds(60));
  }
  EXPECT_EQ(run.exit_code, 128 + SIGTERM) << run.err;
  // Resumed, the backend sees its client gone and rolls the transaction back.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline &&
         query_int(remote, "SELECT count(*) FROM pg_stat_activity WHERE pid = " +
                               std::to_string(backend)) != 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(count_rows(remote, "run"), 1);
  EXPECT_EQ(query_int(remote,
                      "SELECT count(*) FROM run WHERE (SELECT count(*) FROM latency "
                      "WHERE run_id = run.id) <> 3"),
            0);
}

TEST(StalledServer, APercentEncodedPasswordKeywordNeverShows) {
  const std::string remote = shared_postgres_cluster().create_database();
  const std::string secret = "pct-secret-77";
  const std::string url = remote + "&passwor%64=" + secret;
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"show", "999", "--db", url},
        std::vector<std::string>{"history", "--db", url},
        std::vector<std::string>{"run", "fork", "--timeout", "0.1", "--db", url}}) {
    const auto result = run_tool(args);
    EXPECT_EQ(result.err.find(secret), std::string::npos) << result.err;
    EXPECT_EQ(result.out.find(secret), std::string::npos) << result.out;
  }
}

}  // namespace
}  // namespace clonebench

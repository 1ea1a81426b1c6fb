// deploy/ansible against this machine (a local connection, no SSH): the play builds, measures
// and pushes; played again it changes nothing but the measurement and the push of its run; with
// push_from=controller the host's store is fetched and pushed from the controller. Every run
// arrives in the PostgreSQL store with this host's name.
#include <gtest/gtest.h>

#include <cctype>
#include <nlohmann/json.hpp>
#include <string>

#include "postgres/store_backends.hpp"
#include "postgres/tool_run.hpp"
#include "store/host_identity.hpp"
#include "store/store.hpp"

namespace clonebench {
namespace {

using testing::count_rows;
using testing::query_int;

class AnsiblePlay : public ::testing::Test {
 protected:
  testing::ToolRun play(const nlohmann::json& extra = nlohmann::json::object()) {
    nlohmann::json variables = {{"clonebench_install_packages", false},
                                {"clonebench_source_dir", CLONEBENCH_SOURCE_DIR},
                                {"clonebench_build_dir", CLONEBENCH_BUILD_DIR},
                                {"clonebench_state_dir", scratch_.file("state")},
                                {"clonebench_fetch_dir", scratch_.file("fetched")},
                                {"clonebench_controller_binary", CLONEBENCH_BINARY},
                                {"clonebench_experiment", {"run", "fork", "--timeout", "0.3"}},
                                {"clonebench_label", "fleet-test"},
                                {"clonebench_central_db", central_}};
    variables.update(extra);
    const std::string temp = scratch_.file("ansible-tmp");
    testing::StartedTool ansible(
        "ansible-playbook",
        {"-i", "localhost,", "-c", "local", "-e", variables.dump(),
         std::string(CLONEBENCH_SOURCE_DIR) + "/deploy/ansible/playbook.yml"},
        {"ANSIBLE_LOCAL_TEMP=" + temp, "ANSIBLE_REMOTE_TEMP=" + temp, "ANSIBLE_NOCOLOR=1",
         "ANSIBLE_RETRY_FILES_ENABLED=0", "ANSIBLE_HOME=" + temp});
    return ansible.finish(std::chrono::seconds(240));
  }

  // "changed=N" of the PLAY RECAP line of localhost, or -1.
  // (Plain string search: std::regex trips GCC 12's -Wmaybe-uninitialized under ASan.)
  static int changed_in_recap(const std::string& out) {
    for (std::size_t at = out.find("localhost"); at != std::string::npos;
         at = out.find("localhost", at + 1)) {
      const std::size_t line_end = out.find('\n', at);
      const std::string line =
          out.substr(at, line_end == std::string::npos ? line_end : line_end - at);
      const std::size_t ok = line.find("ok=");
      const std::size_t changed = line.find("changed=");
      if (line.find(':') != std::string::npos && ok != std::string::npos &&
          changed != std::string::npos && ok < changed) {
        const std::string digits = line.substr(changed + 8);
        if (!digits.empty() && std::isdigit(static_cast<unsigned char>(digits[0])) != 0) {
          return std::stoi(digits);
        }
      }
    }
    return -1;
  }

  testing::TempDirectory scratch_;
  std::string central_ = testing::shared_postgres_cluster().create_database();
};

TEST_F(AnsiblePlay, ASecondPlayChangesOnlyTheMeasurementAndItsPushAndEveryRunArrives) {
  const auto first = play();
  ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
  const auto second = play();
  ASSERT_EQ(second.exit_code, 0) << second.out << second.err;
  EXPECT_EQ(changed_in_recap(second.out), 2) << second.out;  // "Measure" and its push
  EXPECT_EQ(query_int(central_, "SELECT count(*) FROM run WHERE label = 'fleet-test'"), 2);
  const Store store(central_, Store::Access::kReadOnly);
  for (const StoredRun& run : store.load_label("fleet-test")) {
    EXPECT_EQ(run.origin.hostname, local_host_identity().hostname);
    EXPECT_GT(run.record.result.bogo_ops, 0U);
  }
}

TEST_F(AnsiblePlay, HostsThatCannotReachTheStoreArePushedFromTheController) {
  const auto played = play({{"clonebench_push_from", "controller"}});
  ASSERT_EQ(played.exit_code, 0) << played.out << played.err;
  EXPECT_EQ(count_rows(central_, "run"), 1);
  EXPECT_TRUE(std::filesystem::exists(scratch_.file("fetched") + "/localhost.db"));
}

}  // namespace
}  // namespace clonebench

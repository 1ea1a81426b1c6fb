#include <gtest/gtest.h>
#include <sys/utsname.h>

#include <nlohmann/json.hpp>

#include "machine/environment.hpp"

namespace clonebench {
namespace {

TEST(Environment, CapturesThisMachinesKernelReleaseAndMitigations) {
  utsname name{};
  ASSERT_EQ(uname(&name), 0);
  const nlohmann::json environment = capture_environment();
  EXPECT_EQ(environment.at("kernel_release"), name.release);
  ASSERT_TRUE(environment.at("mitigations").is_object());
  EXPECT_FALSE(environment.at("mitigations").empty());
}

TEST(Environment, HasEveryContractFieldWithSaneValues) {
  const nlohmann::json environment = capture_environment();
  for (const char* field :
       {"kernel_release", "kernel_version", "cmdline", "config", "hvo", "thp", "mitigations",
        "cpu_model", "cpus", "governor", "smt", "virtualization", "loadavg_before"}) {
    EXPECT_TRUE(environment.contains(field)) << field;
  }
  for (const char* field : {"sysctl", "nr_hugepages", "key_on", "key_on_basis"}) {
    EXPECT_TRUE(environment.at("hvo").contains(field)) << field;
  }
  EXPECT_GE(environment.at("cpus").get<int>(), 1);
  EXPECT_GT(environment.at("page_size").get<long>(), 0);
  EXPECT_TRUE(environment.at("config").is_object() || environment.at("config_error").is_string());
  EXPECT_EQ(environment.at("captured_at").get<std::string>().size(), 20u);
}

TEST(Environment, ReadsNonNegativeLoadAverages) {
  const nlohmann::json load = read_loadavg();
  ASSERT_TRUE(load.is_object());
  for (const char* window : {"1m", "5m", "15m"}) {
    EXPECT_GE(load.at(window).get<double>(), 0.0) << window;
  }
}

}  // namespace
}  // namespace clonebench

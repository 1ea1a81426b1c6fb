#include "machine/environment_capture.hpp"

#include <gtest/gtest.h>
#include <sys/utsname.h>

#include <nlohmann/json.hpp>

#include "record/environment_json.hpp"

namespace clonebench {
namespace {

TEST(Environment, CapturesThisMachinesKernelReleaseAndMitigations) {
  utsname name{};
  ASSERT_EQ(uname(&name), 0);
  const nlohmann::json environment = environment_to_json(capture_environment());
  EXPECT_EQ(environment.at("kernel_release"), name.release);
  ASSERT_TRUE(environment.at("mitigations").is_object());
  EXPECT_FALSE(environment.at("mitigations").empty());
}

TEST(Environment, HasEveryContractFieldWithSaneValues) {
  const nlohmann::json environment = environment_to_json(capture_environment());
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

TEST(Environment, ACapturedEnvironmentReadsBackToTheSameObject) {
  const nlohmann::json captured = environment_to_json(capture_environment());
  EXPECT_EQ(environment_to_json(environment_from_json(captured)).dump(2), captured.dump(2));
}

TEST(Environment, ReadsNonNegativeLoadAverages) {
  const std::optional<LoadAverages> load = read_loadavg();
  ASSERT_TRUE(load.has_value());
  for (const Fact<double>* window : {&load->one_min, &load->five_min, &load->fifteen_min}) {
    ASSERT_TRUE(window->has_value());
    EXPECT_GE(**window, 0.0);
  }
}

}  // namespace
}  // namespace clonebench

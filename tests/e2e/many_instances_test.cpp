// Many instances are rated over the window they shared: the real time of a run can hold all the
// CPU time its instances used on the CPUs they had, so ops/s (real) is never more than the
// machine did. A sanity check, not a speed check.
#include <gtest/gtest.h>
#include <sched.h>

#include <nlohmann/json.hpp>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

int usable_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  return ::sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
}

TEST(ManyInstances, RealTimeHoldsTheCpuTimeTheInstancesUsed) {
  const ToolResult result = run_tool(
      {"run", "fork", "--instances", "64", "--timeout", "0.2", "--no-store", "--json", "-"}, 120);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto run = nlohmann::json::parse(result.out).at("runs").at(0);
  const double real_s = run.at("real_time_s").get<double>();
  const double cpu_s = run.at("usr_time_s").get<double>() + run.at("sys_time_s").get<double>();
  const double bogo_ops = run.at("bogo_ops").get<double>();
  EXPECT_GE(real_s, 0.2);
  // CPU time cannot exceed real time times the CPUs there were (a 15 % margin for clock reads).
  EXPECT_LE(cpu_s, real_s * usable_cpus() * 1.15 + 0.02)
      << "real " << real_s << " s on " << usable_cpus() << " CPUs";
  EXPECT_LE(run.at("ops_per_sec_real").get<double>(),
            run.at("ops_per_sec_cpu").get<double>() * usable_cpus() * 1.15 + 1);
  EXPECT_NEAR(run.at("ops_per_sec_real").get<double>() * real_s, bogo_ops, 1.0);
}

}  // namespace
}  // namespace clonebench::testing

// The limits a parent region meets: vm.max_map_count bounds --vmas; /proc/vmstat's oom_kill
// counter tells an OOM kill apart.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "memory/map_count_limit.hpp"
#include "memory/oom_kills.hpp"

namespace clonebench {
namespace {

TEST(MapCountLimit, EachMappingAndItsGuardHoleCountTwiceBesideTheProcesssOwn) {
  EXPECT_EQ(max_vmas_under(65530), (65530 - kOwnMappingsHeadroom - 1) / 2);
  EXPECT_EQ(max_vmas_under(kOwnMappingsHeadroom), 0U);
  EXPECT_EQ(max_vmas_under(0), 0U);
}

TEST(MapCountLimit, RefusesVmasAboveTheLimitNamingTheFlagAndTheSysctl) {
  try {
    check_vmas_under_map_count(40000, 65530);
    FAIL() << "40000 mappings cannot be built under 65530";
  } catch (const UsageError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("--vmas"), std::string::npos) << message;
    EXPECT_NE(message.find("vm.max_map_count = 65530"), std::string::npos) << message;
    EXPECT_NE(message.find("sysctl vm.max_map_count="), std::string::npos) << message;
  }
}

TEST(MapCountLimit, AcceptsVmasWithinTheLimitOrWhenTheLimitIsUnknown) {
  EXPECT_NO_THROW(check_vmas_under_map_count(max_vmas_under(65530), 65530));
  EXPECT_NO_THROW(check_vmas_under_map_count(60000, std::nullopt));
}

TEST(OomKills, ReadsTheOomKillLineOfVmstat) {
  EXPECT_EQ(parse_oom_kill_count("pgfault 12\noom_kill 3\nnr_foo 1\n"), 3U);
  EXPECT_EQ(parse_oom_kill_count("oom_kill 0"), 0U);
  EXPECT_EQ(parse_oom_kill_count("oom_kill_x 5\n"), std::nullopt);
  EXPECT_EQ(parse_oom_kill_count("pgfault 12\n"), std::nullopt);
  EXPECT_EQ(parse_oom_kill_count(""), std::nullopt);
}

}  // namespace
}  // namespace clonebench

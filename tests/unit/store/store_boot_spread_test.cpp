// The between-boot spread a store already knows (store/boot_spread_lookup.hpp): taken from labels
// measured across several boots on the same host with the same run group (stressor and
// settings), never from another host's runs or a label measured in one boot.

#include <gtest/gtest.h>

#include <cmath>

#include "record/run_group.hpp"
#include "store/boot_spread_lookup.hpp"
#include "support/sample_document.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

class StoreBootSpreadTest : public testing::TempDirectoryTest {
 protected:
  // A clone run of `label` on `host` in `boot` at `ops_per_sec` (10 s of real time).
  void save(const std::string& label, const std::string& host, const std::string& boot,
            double ops_per_sec) {
    RunRecord record = testing::sample_clone_run();
    record.label = label;
    record.result.real_time_s = 10;
    record.result.bogo_ops = static_cast<std::uint64_t>(ops_per_sec * 10);
    Environment environment = testing::sample_environment();
    environment.hostname = host;
    environment.boot_id = boot;
    store_.save(record, environment);
  }

  Store store_{(scratch_.path() / "runs.db").string()};
};

TEST_F(StoreBootSpreadTest, PoolsTheBetweenBootSpreadOfLabelsMeasuredAcrossBootsOnThisHost) {
  // Label "k": boots at 1000 and 1100 ops/s, two identical runs each: within 0, between the
  // SD of ln 1000 and ln 1100.
  save("k", "vm", "boot-1", 1000);
  save("k", "vm", "boot-1", 1000);
  save("k", "vm", "boot-2", 1100);
  save("k", "vm", "boot-2", 1100);
  save("single", "vm", "boot-3", 5000);  // one boot: says nothing about boots
  save("elsewhere", "other", "boot-4", 100);
  save("elsewhere", "other", "boot-5", 900);  // another host's boots do not count
  const auto known = known_boot_spreads(store_, "vm", run_group_name(testing::sample_clone_run()),
                                        {"ops_per_sec_real"});
  ASSERT_EQ(known.count("ops_per_sec_real"), 1u);
  const KnownBootSpread& spread = known.at("ops_per_sec_real");
  EXPECT_NEAR(spread.between_sd_log, std::log(1.1) / std::sqrt(2.0), 1e-9);
  EXPECT_NEAR(spread.within_sd_log, 0.0, 1e-12);
  EXPECT_EQ(spread.source, "stored label k (2 boots) on vm");
}

TEST_F(StoreBootSpreadTest, KnowsNothingWhenNoLabelSpansTwoBoots) {
  save("k", "vm", "boot-1", 1000);
  save("k", "vm", "boot-1", 1010);
  EXPECT_TRUE(known_boot_spreads(store_, "vm", run_group_name(testing::sample_clone_run()),
                                 {"ops_per_sec_real"})
                  .empty());
}

}  // namespace
}  // namespace clonebench

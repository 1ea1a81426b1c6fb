// Run ids as every command that takes them reads them (store/stored_runs.hpp): single ids, lists
// and ranges.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

using Ids = std::vector<std::int64_t>;

TEST(RunIdList, ReadsSingleIdsListsAndRangesWithBothEndsIncluded) {
  EXPECT_EQ(parse_run_ids("12"), Ids({12}));
  EXPECT_EQ(parse_run_ids("12,13,15"), Ids({12, 13, 15}));
  EXPECT_EQ(parse_run_ids("1-9"), Ids({1, 2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(parse_run_ids("1-3,9,5-5"), Ids({1, 2, 3, 9, 5}));
}

TEST(RunIdList, TellsAListFromAnythingElse) {
  for (const char* list : {"7", "1,2", "1-9", "1-3,9"}) {
    EXPECT_TRUE(is_run_id_list(list)) << list;
  }
  for (const char* other :
       {"", "-", "1-", "-1", "1--2", "1-2-3", ",1", "1,", "1,,2", "a1", "6.1.0-18-amd64"}) {
    EXPECT_FALSE(is_run_id_list(other)) << other;
  }
}

TEST(RunIdList, RefusesABackwardRangeAZeroIdAndAHugeRange) {
  EXPECT_THROW(parse_run_ids("9-1"), UsageError);
  EXPECT_THROW(parse_run_ids("0-3"), UsageError);
  EXPECT_THROW(parse_run_ids("1-1000000"), UsageError);
  EXPECT_THROW(parse_run_ids("x"), UsageError);
}

TEST(RunIdList, NoLabelCanLookLikeOne) {
  EXPECT_THROW(require_selectable_label("1-9", "--label"), UsageError);
  EXPECT_NO_THROW(require_selectable_label("6.1.0-18-amd64", "--label"));
}

}  // namespace
}  // namespace clonebench

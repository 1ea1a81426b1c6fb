// `clonebench experiments`' lines: every kind of a small store built in the test (an ab, a sweep,
// two scales, an hvo-key) with its size and answer, byte for byte against
// tests/golden/experiments; and stored text that could drive a terminal, shown escaped.

#include "cli/experiment_list.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "support/golden.hpp"
#include "support/sample_report_store.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

class ExperimentList : public testing::TempDirectoryTest {
 protected:
  std::vector<ExperimentLine> lines() const {
    const Store store(path_, Store::Access::kReadOnly);
    std::vector<ExperimentLine> listed;
    for (const ListedExperiment& experiment : store.experiments(SIZE_MAX)) {
      listed.push_back(experiment_line(experiment));
    }
    return listed;
  }
  std::string path_ = scratch_.file("runs.db");
};

TEST_F(ExperimentList, ListsEveryKindNewestFirstWithItsSizeAndAnswer) {
  {
    Store store(path_);
    testing::fill_report_store(store);
  }
  const std::vector<ExperimentLine> listed = lines();
  ASSERT_EQ(listed.size(), 5u);
  EXPECT_EQ(listed.front().tag, testing::kHvoKeyTag);
  EXPECT_EQ(listed.back().tag, testing::kAbTag);
  EXPECT_EQ(listed.back().runs, 16u);
  EXPECT_EQ(listed.back().size, "8 pairs");
  testing::expect_golden_file(testing::golden_path("experiments/list.txt"),
                              render_experiment_list(listed));
}

TEST_F(ExperimentList, AnUnfinishedExperimentSaysSoInsteadOfAnAnswer) {
  {
    Store store(path_);
    store.begin_experiment("sweep-2026-12-01T10:00:00Z-1", ExperimentKind::kSweep,
                           "2026-12-01T10:00:00Z");
    store.finish_experiment("sweep-2026-12-01T10:00:00Z-1", nlohmann::json::object(),
                            "interrupted");
  }
  const std::vector<ExperimentLine> listed = lines();
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed.front().status, "interrupted");
  EXPECT_EQ(listed.front().size, "");
  EXPECT_NE(listed.front().headline.find("no analysis"), std::string::npos);
}

TEST_F(ExperimentList, StoredTextThatCouldDriveATerminalIsShownEscaped) {
  {
    Store store(path_);
    std::vector<RunRecord> a, b;
    for (int i = 0; i < 3; ++i) {
      a.push_back(testing::report_fork_run("t:a", i, 6100 + i));
      b.push_back(testing::report_fork_run("t:b", 10 + i, 5100 + i));
    }
    const Environment environment = testing::report_environment(testing::kKernelA, "IBPB");
    nlohmann::json summary = testing::ab_summary(a, b, environment);
    summary["summary"] = "B is \x1b[31mred\x1b[0m\nrm -rf ~";
    a.insert(a.end(), b.begin(), b.end());
    store.save_experiment({"ab-\x1b]0;title\x07-t", "ab", "2026-12-01T10:00:00Z", summary}, a,
                          environment);
  }
  const std::string table = render_experiment_list(lines());
  EXPECT_EQ(table.find('\x1b'), std::string::npos) << table;
  EXPECT_EQ(table.find('\x07'), std::string::npos) << table;
  EXPECT_NE(table.find("\\x1B[31mred"), std::string::npos) << table;
  // Two lines: the header and the one experiment, whose newline is shown, not kept.
  EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 2) << table;
}

}  // namespace
}  // namespace clonebench

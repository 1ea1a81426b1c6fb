// Every output format of a fixed document, compared byte for byte with tests/golden/.
// To regenerate after an intended change: CLONEBENCH_UPDATE_GOLDEN=1 ./export_golden_test,
// then review `git diff tests/golden/export`.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "report/exporters.hpp"
#include "unit/sample_document.hpp"

namespace clonebench {
namespace {

std::string golden_path(const std::string& name) {
  return std::string(CLONEBENCH_GOLDEN_DIR) + "/export/" + name;
}

void expect_golden(const std::string& name, const std::string& actual) {
  const char* update = std::getenv("CLONEBENCH_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(golden_path(name), std::ios::binary) << actual;
    GTEST_SKIP() << "rewrote " << golden_path(name);
  }
  std::ifstream file(golden_path(name), std::ios::binary);
  ASSERT_TRUE(file) << "missing golden file " << golden_path(name);
  std::stringstream expected;
  expected << file.rdbuf();
  EXPECT_EQ(expected.str(), actual) << "differs from " << golden_path(name);
}

TEST(ExportGolden, JsonMatchesTheGoldenFile) {
  expect_golden("document.json", render_json(testing::sample_document()));
}

TEST(ExportGolden, YamlMatchesTheGoldenFile) {
  expect_golden("document.yaml", render_yaml(testing::sample_document()));
}

TEST(ExportGolden, CsvMatchesTheGoldenFile) {
  expect_golden("document.csv", render_csv(testing::sample_document()));
}

TEST(ExportGolden, TableMatchesTheGoldenFile) {
  expect_golden("document.table.txt", render_table(testing::sample_document()));
}

TEST(ExportGolden, MetricsMatchesTheGoldenFile) {
  expect_golden("document.metrics.txt", render_metrics(testing::sample_document(), 7020));
}

}  // namespace
}  // namespace clonebench

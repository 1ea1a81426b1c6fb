// Every output format of a fixed document, compared byte for byte with tests/golden/export
// (the update rule is in tests/support/golden.hpp).
#include <gtest/gtest.h>

#include <string>

#include "record/run_document_json.hpp"
#include "render/exporters.hpp"
#include "support/golden.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

void expect_export_golden(const std::string& name, const std::string& actual) {
  testing::expect_golden_file(testing::golden_path("export/" + name), actual);
}

TEST(ExportGolden, JsonMatchesTheGoldenFile) {
  expect_export_golden("document.json", run_document_text(testing::sample_document()));
}

TEST(ExportGolden, YamlMatchesTheGoldenFile) {
  expect_export_golden("document.yaml", render_yaml(testing::sample_document()));
}

TEST(ExportGolden, CsvMatchesTheGoldenFile) {
  expect_export_golden("document.csv", render_csv(testing::sample_document()));
}

TEST(ExportGolden, TableMatchesTheGoldenFile) {
  expect_export_golden("document.table.txt", render_table(testing::sample_document()));
}

TEST(ExportGolden, MetricsMatchesTheGoldenFile) {
  expect_export_golden("document.metrics.txt", render_metrics(testing::sample_document(), 7020));
}

}  // namespace
}  // namespace clonebench

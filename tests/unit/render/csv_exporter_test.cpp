// The CSV export: one row per run under one header, RFC 4180 quoting that parses back.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "render/exporters.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

// A minimal RFC 4180 reader, written independently of the exporter: quoted fields may hold
// commas, doubled quotes and line breaks.
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows(1, std::vector<std::string>(1));
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        rows.back().back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        rows.back().back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      rows.back().emplace_back();
    } else if (c == '\n') {
      rows.emplace_back(1);
    } else {
      rows.back().back() += c;
    }
  }
  if (rows.back().size() == 1 && rows.back()[0].empty()) {
    rows.pop_back();  // the final line break
  }
  return rows;
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) {
      return i;
    }
  }
  ADD_FAILURE() << "no column " << name;
  return 0;
}

TEST(ExportCsv, WritesAHeaderAndOneRowPerRunOfEqualWidth) {
  const auto rows = parse_csv(render_csv(testing::sample_document()));
  ASSERT_EQ(rows.size(), 3U);
  EXPECT_EQ(rows[0][0], "id");
  EXPECT_EQ(rows[1].size(), rows[0].size());
  EXPECT_EQ(rows[2].size(), rows[0].size());
}

TEST(ExportCsv, QuotesFieldsWithCommasAndQuotes) {
  const std::string csv = render_csv(testing::sample_document());
  EXPECT_NE(csv.find(",\"base,line \"\"quoted\"\"\","), std::string::npos);
  const auto rows = parse_csv(csv);
  EXPECT_EQ(rows[2][column(rows[0], "label")], "base,line \"quoted\"");
}

TEST(ExportCsv, QuotesLineBreaks) {
  RunDocument document = testing::sample_document();
  document.runs[0].label = "two\nlines";
  const auto rows = parse_csv(render_csv(document));
  ASSERT_EQ(rows.size(), 3U);
  EXPECT_EQ(rows[1][column(rows[0], "label")], "two\nlines");
}

// OWASP's CSV-injection rule: a cell a spreadsheet would evaluate starts with ' instead.
TEST(ExportCsv, WritesACellThatASpreadsheetWouldTakeForAFormulaAsText) {
  RunDocument document = testing::sample_document();
  for (const std::string label : {"=HYPERLINK(\"http://x.invalid\",\"click\")", "@SUM(A1:A9)",
                                  "+1+cmd|' /C calc'!A0", "-2+3", "-", "-inf", "=1,2"}) {
    document.runs[0].label = label;
    const auto rows = parse_csv(render_csv(document));
    EXPECT_EQ(rows[1][column(rows[0], "label")], "'" + label);
  }
}

// A TAB or CR first is escaped as stored text is (printable_lines), so no cell starts with one.
TEST(ExportCsv, NoCellStartsWithATabOrACarriageReturn) {
  RunDocument document = testing::sample_document();
  document.runs[0].label = "\t=1+1";
  document.runs[1].label = "\r=1+1";
  const auto rows = parse_csv(render_csv(document));
  for (const auto& row : rows) {
    for (const std::string& cell : row) {
      EXPECT_FALSE(cell.starts_with('\t') || cell.starts_with('\r')) << cell;
    }
  }
}

// A spreadsheet user adds numbers up: a label or value that is a plain number stays one.
TEST(ExportCsv, KeepsAPlainNumberANumberWhateverItsSign) {
  RunDocument document = testing::sample_document();
  for (const std::string label : {"-5", "+5", "-1.25", "-2e3", "+.5E-2", "42"}) {
    document.runs[0].label = label;
    const auto rows = parse_csv(render_csv(document));
    EXPECT_EQ(rows[1][column(rows[0], "label")], label);
  }
}

TEST(ExportCsv, CarriesRatesLatenciesAndFailures) {
  const RunDocument document = testing::sample_document();
  const auto rows = parse_csv(render_csv(document));
  const auto& header = rows[0];
  const auto& clone = rows[1];
  EXPECT_EQ(clone[column(header, "stressor")], "clone");
  EXPECT_EQ(clone[column(header, "bogo_ops")], "2807");
  EXPECT_DOUBLE_EQ(std::stod(clone[column(header, "ops_per_sec_real")]), 2807 / 10.0428);
  EXPECT_DOUBLE_EQ(std::stod(clone[column(header, "start_p99_us")]),
                   document.runs[0].result.start.quantile_ns(0.99) / 1e3);
  EXPECT_EQ(clone[column(header, "create_n")], "2807");
  EXPECT_EQ(clone[column(header, "failures")], "EINVAL=120;EPERM=340");
  EXPECT_EQ(rows[2][column(header, "failures")], "");
  EXPECT_EQ(rows[2][column(header, "experiment")], "ab-2026-11-29T17:51:00Z-4f2a");
}

}  // namespace
}  // namespace clonebench

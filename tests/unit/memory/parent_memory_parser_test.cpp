// The smaps/maps/meminfo parsers on text captured from this machine's /proc (tests/data/smaps/:
// a Python process holding an 8 MiB written private anonymous region at 0x7f6bb1e00000 and a
// 4 MiB written MAP_SHARED anonymous region at 0x7f6bb1a00000). Expected sums were computed
// independently with awk over the same files.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "memory/parent_memory.hpp"
#include "support/test_data.hpp"
#include "sys/meminfo_text.hpp"

namespace clonebench {
namespace {

std::string smaps_sample_text(const std::string& name) {
  std::ifstream in(testing::data_path("smaps/" + name));
  EXPECT_TRUE(in.good()) << name;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(SmapsParser, SumsTheRollupFieldsAsTheKernelPrintsThem) {
  const SmapsTotals totals = parse_smaps(smaps_sample_text("smaps_rollup.txt"));
  EXPECT_EQ(totals.rss_kb, 26344u);
  EXPECT_EQ(totals.anonymous_kb, 15412u);
  EXPECT_EQ(totals.anon_huge_kb, 0u);
  EXPECT_EQ(totals.shared_kb, 1632u);
  EXPECT_EQ(totals.hugetlb_kb, 0u);
}

TEST(SmapsParser, SumsEveryEntryOfTheFullSmaps) {
  const SmapsTotals totals = parse_smaps(smaps_sample_text("smaps.txt"));
  EXPECT_EQ(totals.rss_kb, 26228u);
  EXPECT_EQ(totals.anonymous_kb, 15296u);
}

TEST(SmapsParser, CountsTheWholeRssOfSharedMappingsAsShared) {
  // 1632 kB Shared_Clean of libraries plus the 4096 kB shmem region smaps calls Private_Dirty.
  EXPECT_EQ(parse_smaps(smaps_sample_text("smaps.txt")).shared_kb, 5728u);
  const SmapsTotals shared_only =
      parse_smaps_range(smaps_sample_text("smaps.txt"), 0x7f6bb1a00000, 0x7f6bb1e00000);
  EXPECT_EQ(shared_only.rss_kb, 4096u);
  EXPECT_EQ(shared_only.shared_kb, 4096u);
  EXPECT_EQ(shared_only.anonymous_kb, 0u);
}

TEST(SmapsParser, SumsOnlyTheEntriesInsideTheRange) {
  const SmapsTotals region =
      parse_smaps_range(smaps_sample_text("smaps.txt"), 0x7f6bb1e00000, 0x7f6bb2600000);
  EXPECT_EQ(region.rss_kb, 8192u);
  EXPECT_EQ(region.anonymous_kb, 8192u);
  EXPECT_EQ(region.shared_kb, 0u);
}

TEST(SmapsParser, IgnoresAnEntryThatOnlyOverlapsTheRange) {
  const SmapsTotals region =
      parse_smaps_range(smaps_sample_text("smaps.txt"), 0x7f6bb1e00000, 0x7f6bb2500000);
  EXPECT_EQ(region.rss_kb, 0u);
}

TEST(SmapsParser, AddsSeveralRangesGivenInAnyOrder) {
  const SmapsTotals both = parse_smaps_ranges(
      smaps_sample_text("smaps.txt"),
      {AddressRange{0x7f6bb1e00000, 0x7f6bb2600000}, AddressRange{0x7f6bb1a00000, 0x7f6bb1e00000}});
  EXPECT_EQ(both.rss_kb, 8192u + 4096u);
  EXPECT_EQ(both.anonymous_kb, 8192u);
}

TEST(SmapsParser, RejectsTextThatIsNotSmaps) {
  EXPECT_THROW(parse_smaps(""), RuntimeError);
  EXPECT_THROW(parse_smaps("hello world\n"), RuntimeError);
  EXPECT_THROW(parse_smaps("Rss: 4 kB\n"), RuntimeError);  // a field before any header
  EXPECT_THROW(parse_smaps("1000-2000 rw-p 00000000 00:00 0\nRss: four kB\n"), RuntimeError);
  EXPECT_THROW(parse_smaps("1000-2000 rw-p 00000000 00:00 0\nRss: 4\n"), RuntimeError);
  EXPECT_THROW(parse_smaps("2000-1000 rw-p 00000000 00:00 0\nRss: 4 kB\n"), RuntimeError);
  EXPECT_THROW(parse_smaps("1000-2000 rw-x 00000000 00:00 0\nRss: 4 kB\n"), RuntimeError);
}

TEST(SmapsParser, ToleratesATruncatedLastLineWithoutNewline) {
  const SmapsTotals totals = parse_smaps("1000-2000 rw-p 00000000 00:00 0\nRss: 4 kB");
  EXPECT_EQ(totals.rss_kb, 4u);
}

TEST(MapsParser, CountsEveryMappingLine) {
  EXPECT_EQ(count_maps_lines(smaps_sample_text("maps.txt")), 122u);
  EXPECT_EQ(count_maps_lines(""), 0u);
}

TEST(MapsParser, CountsTheMappingsInsideARange) {
  EXPECT_EQ(count_maps_lines_in(smaps_sample_text("maps.txt"), 0x7f6bb1a00000, 0x7f6bb2600000), 2u);
}

TEST(MapsParser, RejectsALineThatIsNotAMapping) {
  EXPECT_THROW(count_maps_lines("1000-2000 rw-p 0 00:00 0\nnot a mapping\n"), RuntimeError);
}

TEST(MeminfoParser, ReadsValuesWithAndWithoutUnit) {
  const std::string meminfo = smaps_sample_text("meminfo.txt");
  EXPECT_EQ(parse_meminfo_value(meminfo, "MemAvailable"), 24344040u);
  EXPECT_EQ(parse_meminfo_value(meminfo, "HugePages_Free"), 0u);
  EXPECT_EQ(parse_meminfo_value(meminfo, "Hugepagesize"), 2048u);
}

TEST(MeminfoParser, RejectsAMissingOrNonNumericKey) {
  EXPECT_THROW(parse_meminfo_value("MemTotal: 10 kB\n", "MemAvailable"), RuntimeError);
  EXPECT_THROW(parse_meminfo_value("MemAvailable: lots kB\n", "MemAvailable"), RuntimeError);
}

}  // namespace
}  // namespace clonebench

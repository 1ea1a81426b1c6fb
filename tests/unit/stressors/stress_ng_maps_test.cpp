// The /proc/self/maps lines that stress-ng's --fork-vm, --fork-pageout and --fork-unmap walk.
#include "stressors/stress_ng_maps.hpp"

#include <gtest/gtest.h>

namespace clonebench {
namespace {

TEST(MapsLine, ReadsAddressesProtectionOffsetAndPath) {
  MapsLine line;
  ASSERT_TRUE(
      parse_maps_line("7f12a4c00000-7f12a4c22000 r-xp 00028000 fe:01 1048602    "
                      "/usr/lib/x86_64-linux-gnu/libc.so.6",
                      line));
  EXPECT_EQ(line.start, 0x7f12a4c00000U);
  EXPECT_EQ(line.end, 0x7f12a4c22000U);
  EXPECT_EQ(std::string(line.protection), "r-xp");
  EXPECT_EQ(line.offset, 0x28000U);
  EXPECT_EQ(line.path, "/usr/lib/x86_64-linux-gnu/libc.so.6");
}

TEST(MapsLine, AnAnonymousMappingHasNoPathAndASpecialOneKeepsItsName) {
  MapsLine line;
  ASSERT_TRUE(parse_maps_line("55d0c0a00000-55d0c0a21000 rw-p 00000000 00:00 0 ", line));
  EXPECT_TRUE(line.path.empty());
  ASSERT_TRUE(parse_maps_line("7ffd1c3fe000-7ffd1c400000 r-xp 00000000 00:00 0  [vdso]", line));
  EXPECT_EQ(line.path, "[vdso]");
}

TEST(MapsLine, TextThatIsNotAMapsLineIsRefused) {
  MapsLine line;
  EXPECT_FALSE(parse_maps_line("", line));
  EXPECT_FALSE(parse_maps_line("Size: 4 kB", line));
  EXPECT_FALSE(parse_maps_line("7f12a4c00000 r-xp 00028000 fe:01 1", line));
  EXPECT_FALSE(parse_maps_line("7f12a4c00000-7f12a4c22000 r-x 00028000 fe:01 1", line));
  EXPECT_FALSE(parse_maps_line("7f12a4c00000-7f12a4c22000 r-xp", line));
}

TEST(StressNgLibraries, AreRecognisedByNameAnywhereInThePath) {
  EXPECT_TRUE(is_stress_ng_library("/usr/lib/x86_64-linux-gnu/libbsd.so.0.11.7"));
  EXPECT_TRUE(is_stress_ng_library("/usr/lib/x86_64-linux-gnu/libJudy.so.1.0.3"));
  EXPECT_FALSE(is_stress_ng_library("/usr/lib/x86_64-linux-gnu/libc.so.6"));
  EXPECT_FALSE(is_stress_ng_library("[heap]"));
}

}  // namespace
}  // namespace clonebench

// Reading a text file is bounded: only regular files, never waited on, never without limit.
#include "sys/text_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

TEST(TextFile, ReadsARegularFileWhole) {
  testing::TempDirectory scratch{"text-file"};
  std::ofstream(scratch.file("cmdline")) << "root=/dev/vda quiet\n";
  EXPECT_EQ(read_text_file(scratch.file("cmdline")), "root=/dev/vda quiet\n");
  std::ofstream(scratch.file("empty")).flush();
  EXPECT_EQ(read_text_file(scratch.file("empty")), "");
}

// Before the fix this call blocked forever, waiting for a writer.
TEST(TextFile, AFifoIsNotAFileToReadAndIsNotWaitedOn) {
  testing::TempDirectory scratch{"text-file"};
  ASSERT_EQ(::mkfifo(scratch.file("loadavg").c_str(), 0600), 0);
  EXPECT_FALSE(read_text_file(scratch.file("loadavg")).has_value());
}

TEST(TextFile, AnEndlessDeviceOrADirectoryIsNotRead) {
  testing::TempDirectory scratch{"text-file"};
  std::filesystem::create_symlink("/dev/zero", scratch.file("cmdline"));
  EXPECT_FALSE(read_text_file(scratch.file("cmdline")).has_value());
  EXPECT_FALSE(read_text_file(scratch.path()).has_value());
}

TEST(TextFile, AFileLongerThanTheLimitIsNotReadHalf) {
  testing::TempDirectory scratch{"text-file"};
  std::ofstream(scratch.file("huge")).flush();
  std::filesystem::resize_file(scratch.file("huge"), kMaxTextFileBytes + 1);
  EXPECT_FALSE(read_text_file(scratch.file("huge")).has_value());
  std::filesystem::resize_file(scratch.file("huge"), kMaxTextFileBytes);
  EXPECT_EQ(read_text_file(scratch.file("huge"))->size(), kMaxTextFileBytes);
}

}  // namespace
}  // namespace clonebench

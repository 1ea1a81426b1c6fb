// The guest's console records (guest/console_frame.h, kernels/console_frames.hpp): the guest's
// own encoder against the host's decoder, with the damage a serial console shared with the
// kernel's messages can do: lines cut short, kernel lines in between and in front, flipped bytes.

#include "kernels/console_frames.hpp"

#include <gtest/gtest.h>

#include <string>

#include "guest/console_frame.h"

namespace clonebench {
namespace {

void append_line(const char* text, std::size_t length, void* context) {
  static_cast<std::string*>(context)->append(text, length);
}

// The lines the guest's init writes for one message.
std::string framed(const std::string& kind, unsigned index, const std::string& bytes,
                   bool skip_zero_blocks = false) {
  std::string out;
  console_frame_message(kind.c_str(), index, reinterpret_cast<const unsigned char*>(bytes.data()),
                        bytes.size(), skip_zero_blocks ? 1 : 0, append_line, &out);
  return out;
}

std::string sample_bytes(std::size_t size) {
  std::string bytes(size, '\0');
  for (std::size_t i = 0; i < size; ++i) {
    bytes[i] = static_cast<char>((i * 131 + 7) % 256);
  }
  return bytes;
}

TEST(ConsoleFrames, CarriesAMessageOfManyBlocksIntact) {
  const std::string bytes = sample_bytes(1000);
  const ConsoleMessages messages = decode_console(framed("page", 3, bytes) + "CBDONE1\n");
  ASSERT_EQ(messages.complete.count({"page", 3}), 1u);
  EXPECT_EQ(messages.complete.at({"page", 3}), bytes);
  EXPECT_EQ(messages.damaged_blocks, 0u);
  EXPECT_TRUE(messages.done);
}

TEST(ConsoleFrames, LeavesOutZeroBlocksAndRestoresThem) {
  std::string bytes(2000, '\0');
  bytes[1500] = 'x';
  const std::string lines = framed("page", 0, bytes, true);
  EXPECT_LT(lines.size(), 600u);  // one block and the end line, not eleven blocks
  EXPECT_EQ(decode_console(lines).complete.at({"page", 0}), bytes);
}

TEST(ConsoleFrames, IgnoresKernelLinesBetweenAndInFrontOfRecords) {
  const std::string bytes = sample_bytes(500);
  std::string console = "[    0.000000] Linux version 6.1.0\n";
  const std::string lines = framed("env", 0, bytes);
  std::size_t at = 0;
  while (at < lines.size()) {
    const std::size_t end = lines.find('\n', at) + 1;
    // A kernel message printed just before our line started, without its own newline.
    console += "[    1.234567] random: crng init done" + lines.substr(at, end - at);
    console += "[    1.300000] clocksource: Switched to clocksource tsc\n";
    at = end;
  }
  EXPECT_EQ(decode_console(console).complete.at({"env", 0}), bytes);
}

TEST(ConsoleFrames, RefusesAMessageWhoseBlockWasCutShort) {
  const std::string lines = framed("page", 1, sample_bytes(500));
  std::string cut = lines;
  cut.erase(30, 40);  // the first block's line loses part of its base64
  const ConsoleMessages messages = decode_console(cut);
  EXPECT_EQ(messages.complete.count({"page", 1}), 0u);
  EXPECT_EQ(messages.damaged_blocks, 1u);
  EXPECT_EQ(messages.damaged_messages, 1u);
}

TEST(ConsoleFrames, RefusesABlockWithABadChecksum) {
  std::string lines = framed("page", 0, sample_bytes(100));
  const std::size_t data = lines.rfind(' ', lines.find('\n')) + 5;
  lines[data] = lines[data] == 'A' ? 'B' : 'A';  // one base64 character changed
  const ConsoleMessages messages = decode_console(lines);
  EXPECT_EQ(messages.complete.count({"page", 0}), 0u);
  EXPECT_EQ(messages.damaged_blocks, 1u);
}

TEST(ConsoleFrames, HasNothingWhenTheEndLineNeverCame) {
  const std::string lines = framed("exit", 0, "status=0\n");
  const std::string truncated = lines.substr(0, lines.find("CBEND1"));
  const ConsoleMessages messages = decode_console(truncated);
  EXPECT_TRUE(messages.complete.empty());
  EXPECT_FALSE(messages.done);
}

TEST(ConsoleFrames, KeepsTheLastPlainLinesEscaped) {
  const std::string console = "one\n" + framed("exit", 0, "status=0\n") +
                              "two\nKernel panic - not syncing: \x1b[31mAttempted to kill init!\n";
  const std::vector<std::string> lines = last_console_lines(console, 2);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "two");
  EXPECT_EQ(lines[1].find('\x1b'), std::string::npos);
  EXPECT_NE(lines[1].find("Kernel panic"), std::string::npos);
}

TEST(ConsoleFrames, ComputesTheIeeeCrc32) {
  // The standard check value of CRC-32/ISO-HDLC (zlib's crc32) over "123456789".
  const std::string check = "123456789";
  EXPECT_EQ(console_crc32(0, reinterpret_cast<const unsigned char*>(check.data()), check.size()),
            0xCBF43926u);
}

}  // namespace
}  // namespace clonebench

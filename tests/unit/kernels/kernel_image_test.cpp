// A kernel image given with --a or --b is read only as a regular file of bounded size, never
// waited on: a FIFO would block an open forever, /dev/zero would be read forever.

#include "kernels/kernel_image.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <future>

#include "core/error.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

// The message check_kernel_image throws for `path`, given within 10 s; "" when it accepts it.
std::string refusal(const std::string& path) {
  auto checked = std::async(std::launch::async, [path] {
    try {
      check_kernel_image(path, "--a");
    } catch (const UsageError& error) {
      return std::string(error.what());
    }
    return std::string();
  });
  if (checked.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
    ADD_FAILURE() << path << ": still reading after 10 s";
    std::quick_exit(1);  // the thread is stuck in a read; nothing else can end it
  }
  return checked.get();
}

TEST(KernelImageCheck, RefusesAFifoWithoutWaitingForAWriter) {
  testing::TempDirectory directory("kernel-image");
  const std::string fifo = directory.file("fifo.img");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string message = refusal(fifo);
  EXPECT_NE(message.find("--a"), std::string::npos) << message;
  EXPECT_NE(message.find("not a regular file"), std::string::npos) << message;
}

TEST(KernelImageCheck, RefusesADeviceInsteadOfReadingItForever) {
  const std::string message = refusal("/dev/zero");
  EXPECT_NE(message.find("--a /dev/zero"), std::string::npos) << message;
  EXPECT_NE(message.find("not a regular file"), std::string::npos) << message;
}

TEST(KernelImageCheck, RefusesADirectory) {
  testing::TempDirectory directory("kernel-image");
  EXPECT_NE(refusal(directory.path().string()).find("not a regular file"), std::string::npos);
}

TEST(KernelImageCheck, AcceptsARegularFileWithTheBootHeader) {
  testing::TempDirectory directory("kernel-image");
  const std::string image = directory.file("vmlinuz");
  std::string bytes(0x1000, '\0');
  bytes.replace(0x202, 4, "HdrS");
  std::ofstream(image, std::ios::binary) << bytes;
  EXPECT_EQ(refusal(image), "");
  EXPECT_EQ(check_kernel_image(image, "--a").bytes, 0x1000u);
}

}  // namespace
}  // namespace clonebench

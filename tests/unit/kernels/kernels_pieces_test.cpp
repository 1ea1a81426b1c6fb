// The pure pieces of `clonebench kernels`: the boot order, the initramfs archive, the kernel
// image check, and what a boot's console turns into.

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>

#include "guest/console_frame.h"
#include "kernels/boot_order.hpp"
#include "kernels/guest_runs.hpp"
#include "kernels/kernel_image.hpp"
#include "kernels/kernels_result.hpp"
#include "kernels/newc_archive.hpp"
#include "record/worker_page.hpp"

namespace clonebench {
namespace {

TEST(BootOrder, BootsEachImageAsOftenAsAskedInAbbaBlocks) {
  for (std::size_t boots : {1u, 2u, 3u, 7u}) {
    for (std::uint64_t seed : {1u, 2u, 99u}) {
      const std::vector<Image> order = boot_order(boots, seed);
      ASSERT_EQ(order.size(), 2 * boots);
      EXPECT_EQ(std::count(order.begin(), order.end(), Image::kA), static_cast<long>(boots));
      for (std::size_t i = 0; i + 1 < order.size(); i += 2) {
        EXPECT_NE(order[i], order[i + 1]) << "every pair has one boot of each image";
      }
      for (std::size_t i = 0; i + 3 < order.size(); i += 4) {
        EXPECT_EQ(order[i], order[i + 3]);  // ABBA or BAAB
      }
    }
  }
}

TEST(BootOrder, IsSeededAndNotAlwaysTheSame) {
  EXPECT_EQ(boot_order(8, 42), boot_order(8, 42));
  bool a_first = false, b_first = false;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    (boot_order(1, seed).front() == Image::kA ? a_first : b_first) = true;
  }
  EXPECT_TRUE(a_first && b_first);
  EXPECT_EQ(boot_order_text({Image::kA, Image::kB, Image::kB, Image::kA, Image::kB, Image::kA}),
            "ABBA BA");
  EXPECT_THROW(boot_order(0, 1), std::invalid_argument);
}

TEST(NewcArchive, WritesHeadersNamesAndDataAlignedToFourBytes) {
  const std::string archive =
      newc_archive({{ArchiveEntry::Kind::kDirectory, "dev", 0755, {}, 0, 0},
                    {ArchiveEntry::Kind::kCharDevice, "dev/console", 0600, {}, 5, 1},
                    {ArchiveEntry::Kind::kFile, "init", 0755, "abcde", 0, 0}});
  // Entry 1: 110-byte header, "dev\0" (4) → 114, padded to 116.
  EXPECT_EQ(archive.substr(0, 6), "070701");
  EXPECT_EQ(archive.substr(14, 8), "000041ED");  // directory, 0755
  EXPECT_EQ(archive.substr(110, 4), std::string("dev\0", 4));
  // Entry 2 at 116: a character device 5:1, rdevmajor and rdevminor at fields 10 and 11.
  EXPECT_EQ(archive.substr(116, 6), "070701");
  EXPECT_EQ(archive.substr(116 + 14, 8), "00002180");
  EXPECT_EQ(archive.substr(116 + 78, 8), "00000005");
  EXPECT_EQ(archive.substr(116 + 86, 8), "00000001");
  // Entry 3 at 116 + 124 (header + "dev/console\0" = 122, padded): size 5, data after "init\0".
  const std::size_t init = 240;
  EXPECT_EQ(archive.substr(init + 54, 8), "00000005");
  EXPECT_EQ(archive.substr(init + 110, 5), std::string("init\0", 5));
  EXPECT_EQ(archive.substr(init + 116, 5), "abcde");
  EXPECT_NE(archive.find("TRAILER!!!"), std::string::npos);
  EXPECT_EQ(archive.size() % 4, 0u);
  EXPECT_THROW(newc_archive({{ArchiveEntry::Kind::kFile, "/init", 0755, {}, 0, 0}}),
               std::invalid_argument);
}

TEST(KernelImage, RecognizesTheX86BootHeader) {
  std::string header(0x300, '\0');
  EXPECT_FALSE(has_boot_header(header));
  std::memcpy(header.data() + 0x202, "HdrS", 4);
  EXPECT_TRUE(has_boot_header(header));
  EXPECT_FALSE(
      has_boot_header("\x7f"
                      "ELF"));
}

void collect_console_line(const char* text, std::size_t length, void* context) {
  static_cast<std::string*>(context)->append(text, length);
}

std::string guest_lines(const std::string& kind, unsigned index, const std::string& bytes) {
  std::string out;
  console_frame_message(kind.c_str(), index, reinterpret_cast<const unsigned char*>(bytes.data()),
                        bytes.size(), 1, collect_console_line, &out);
  return out;
}

// A worker page as a worker leaves it after a run of `ops` operations in 2 s.
std::string finished_page(std::uint64_t ops) {
  std::unique_ptr<void, decltype(&std::free)> memory(std::calloc(1, sizeof(WorkerPage)),
                                                     &std::free);
  WorkerPage* page = start_worker_page(memory.get());
  std::strcpy(page->job.stressor, "fork");
  page->report.phase.store(static_cast<int>(InstancePhase::kDone));
  page->report.start_ns.store(1'000'000'000);
  page->report.finish_ns = 3'000'000'000;
  page->report.bogo_ops = ops;
  return std::string(static_cast<const char*>(memory.get()), sizeof(WorkerPage));
}

const char kEnvironment[] =
    "kernel_release=6.1.0-57-cloud-amd64\nboot_id=1111-2222\ncpus=1\nthp=always madvise [never]\n"
    "mitigation.retbleed=Mitigation: untrained return thunk\n";

GuestExpectation two_fork_runs() {
  GuestExpectation expected;
  expected.jobs = {StressorJob{}};
  expected.jobs.front().stressor = "fork";
  expected.runs = 2;
  return expected;
}

TEST(GuestBoot, TurnsEveryReportedPageIntoARun) {
  const std::string console = "[ 0.1] booting\n" + guest_lines("env", 0, kEnvironment) +
                              guest_lines("page", 0, finished_page(2000)) +
                              guest_lines("exit", 0, "status=0\n") +
                              guest_lines("page", 1, finished_page(3000)) +
                              guest_lines("exit", 1, "status=0\n") + "CBDONE1\n";
  const GuestBootResult boot = read_guest_boot(console, two_fork_runs());
  ASSERT_TRUE(boot.ok) << boot.failure;
  ASSERT_EQ(boot.runs.size(), 2u);
  EXPECT_EQ(boot.runs[0].bogo_ops, 2000u);
  EXPECT_NEAR(boot.runs[1].ops_per_sec_real(), 1500, 1e-9);
  EXPECT_EQ(boot.environment.kernel_release.value_or(""), "6.1.0-57-cloud-amd64");
  EXPECT_EQ(boot.environment.boot_id.value_or(""), "1111-2222");
  EXPECT_EQ(boot.environment.cpus.value_or(0), 1);
  EXPECT_EQ(boot.environment.thp.value_or(""), "never");
  ASSERT_TRUE(boot.environment.mitigations);
  EXPECT_EQ(boot.environment.mitigations->at("retbleed"), "Mitigation: untrained return thunk");
}

TEST(GuestBoot, CountsAPanicAsAFailedBootWithTheLastLines) {
  const std::string console =
      "[ 0.5] Run /init as init process\n"
      "[ 0.6] Kernel panic - not syncing: Attempted to kill init!\n";
  const GuestBootResult boot = read_guest_boot(console, two_fork_runs());
  EXPECT_FALSE(boot.ok);
  EXPECT_EQ(boot.failure, "the guest kernel panicked");
  ASSERT_FALSE(boot.last_lines.empty());
  EXPECT_NE(boot.last_lines.back().find("Kernel panic"), std::string::npos);
  EXPECT_TRUE(boot.runs.empty());
}

TEST(GuestBoot, CountsAMissingRunOrAFailedWorkerAsAFailedBoot) {
  const std::string one_run = guest_lines("env", 0, kEnvironment) +
                              guest_lines("page", 0, finished_page(10)) +
                              guest_lines("exit", 0, "status=0\n") + "CBDONE1\n";
  const GuestBootResult short_boot = read_guest_boot(one_run, two_fork_runs());
  EXPECT_FALSE(short_boot.ok);
  EXPECT_EQ(short_boot.failure, "run 2 did not come back complete");
  EXPECT_TRUE(short_boot.runs.empty());
  const std::string failed = guest_lines("env", 0, kEnvironment) +
                             guest_lines("page", 0, finished_page(10)) +
                             guest_lines("exit", 0, "status=768\n");
  EXPECT_EQ(read_guest_boot(failed, two_fork_runs()).failure,
            "run 1: the worker exited with code 3");
  EXPECT_EQ(read_guest_boot("", two_fork_runs()).failure.substr(0, 17), "no console output");
  GuestExpectation hung = two_fork_runs();
  hung.timed_out = true;
  EXPECT_NE(read_guest_boot("[ 0.1] booting\n", hung).failure.find("deadline"), std::string::npos);
}

TEST(KernelsResult, SkipsTheCommitForGitBisectWhenABootFailed) {
  KernelsResult result;
  result.boots.resize(2);
  result.boots[0].ok = true;
  EXPECT_EQ(kernels_bisect_code(result), 125);  // and no comparison
  result.comparison = ComparisonResult{};
  result.comparison->metrics.resize(1);
  result.comparison->metrics[0].effect.verdict = Verdict::kSlower;
  EXPECT_EQ(kernels_bisect_code(result), 125);  // the failed boot wins
  result.boots[1].ok = true;
  EXPECT_EQ(kernels_bisect_code(result), 1);
}

TEST(KernelsResult, SaysInEveryFormatThatEmulatedTimingsAreNotHardware) {
  KernelsResult result;
  result.accelerator = Accelerator::kTcg;
  EXPECT_NE(render_kernels_table(result).find("do not represent"), std::string::npos);
  EXPECT_NE(render_kernels_json(result).find("do not represent"), std::string::npos);
  result.accelerator = Accelerator::kKvm;
  EXPECT_EQ(render_kernels_table(result).find("do not represent"), std::string::npos);
}

}  // namespace
}  // namespace clonebench

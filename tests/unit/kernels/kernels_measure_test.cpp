// What `kernels --measure instructions` hands QEMU and the guest, how each boot is seeded, and
// how its outputs name an instruction count: the arguments, the seeds, the preset's per-PTE cost
// and the wording of the table and JSON.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "core/error.hpp"
#include "kernels/boot_seed.hpp"
#include "kernels/hvo_key_kernels.hpp"
#include "kernels/kernels_result.hpp"
#include "kernels/qemu_boot.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

bool has(const std::vector<std::string>& argv, const std::string& word) {
  return std::find(argv.begin(), argv.end(), word) != argv.end();
}

std::string after(const std::vector<std::string>& argv, const std::string& flag) {
  const auto at = std::find(argv.begin(), argv.end(), flag);
  return at == argv.end() || at + 1 == argv.end() ? std::string() : *(at + 1);
}

GuestBoot instruction_boot() {
  GuestBoot boot;
  boot.qemu = "/usr/bin/qemu-system-x86_64";
  boot.image = "/boot/vmlinuz";
  boot.measure = Measure::kInstructions;
  boot.seed_word = boot_seed(7, 3).command_line_word;
  boot.rtc_base = boot_seed(7, 3).rtc_base;
  boot.append = "mitigations=off";
  return boot;
}

TEST(QemuArguments, CountInstructionsWithIcountOnlyWhenAskedTo) {
  const std::vector<std::string> counted = qemu_arguments(instruction_boot());
  EXPECT_EQ(after(counted, "-accel"), "tcg");
  EXPECT_EQ(after(counted, "-icount"), "shift=0,sleep=off,align=off");
  GuestBoot timed = instruction_boot();
  timed.measure = Measure::kTime;
  EXPECT_FALSE(has(qemu_arguments(timed), "-icount"));
  timed.accelerator = Accelerator::kKvm;
  EXPECT_EQ(after(qemu_arguments(timed), "-cpu"), "host");
}

TEST(QemuArguments, GiveTheGuestTheBootsSeededClockAndCommandLine) {
  const std::vector<std::string> argv = qemu_arguments(instruction_boot());
  EXPECT_EQ(after(argv, "-rtc"), "base=" + boot_seed(7, 3).rtc_base + ",clock=vm");
  const std::string line = after(argv, "-append");
  EXPECT_EQ(line, "console=ttyS0 quiet loglevel=3 panic=-1 rdinit=/init " +
                      boot_seed(7, 3).command_line_word + " mitigations=off");
  GuestBoot unseeded = instruction_boot();
  unseeded.rtc_base.clear();
  EXPECT_FALSE(has(qemu_arguments(unseeded), "-rtc"));
}

TEST(BootSeeds, AreAFunctionOfTheExperimentsSeedAndTheBootsIndexOnly) {
  EXPECT_EQ(boot_seed(42, 5).value, boot_seed(42, 5).value);
  EXPECT_EQ(boot_seed(42, 5).rtc_base, boot_seed(42, 5).rtc_base);
  std::vector<std::uint64_t> seen;
  for (std::uint64_t seed : {0u, 1u, 42u}) {
    for (std::size_t index = 1; index <= 16; ++index) {
      seen.push_back(boot_seed(seed, index).value);
    }
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end()) << "every boot its own";
  const BootSeed seed = boot_seed(1, 1);
  EXPECT_EQ(seed.command_line_word.rfind("clonebench.boot_seed=", 0), 0u);
  EXPECT_EQ(seed.command_line_word.size(), std::string("clonebench.boot_seed=").size() + 16);
  ASSERT_EQ(seed.rtc_base.size(), 19u);  // 2024-03-05T07:08:09
  EXPECT_TRUE(seed.rtc_base.starts_with("2024-") || seed.rtc_base.starts_with("2025-"));
  EXPECT_EQ(boot_identity("kernels-x", 3), "kernels-x/boot-3");
}

BootRecord boot_with(Image image, std::size_t sequence, double small, double large) {
  BootRecord boot;
  boot.sequence = sequence;
  boot.image = image;
  boot.ok = true;
  boot.values = {{"fork 16M", {}, {small, small + 1}, {}}, {"fork 64M", {}, {large, large}, {}}};
  return boot;
}

TEST(HvoKeyPreset, GivesTheKeysCostPerPageFromEachBootsSlopeBetweenTheTwoSizes) {
  KernelsResult result;
  const double small_pages = 4096, large_pages = 16384;
  for (std::size_t i = 0; i < 4; ++i) {
    const double off = 400 + 0.01 * static_cast<double>(i);  // instructions per page, key off
    const double on = off + 24;
    result.boots.push_back(
        boot_with(Image::kA, 2 * i + 1, 1e6 + off * small_pages, 1e6 + off * large_pages + 0.5));
    result.boots.push_back(
        boot_with(Image::kB, 2 * i + 2, 1e6 + on * small_pages, 1e6 + on * large_pages + 0.5));
  }
  const auto cost = hvo_key_pte_cost(result, "fork 16M", "fork 64M", 16u << 20, 64u << 20, 0.05);
  ASSERT_TRUE(cost.has_value());
  EXPECT_EQ(cost->boots_off, 4u);
  EXPECT_NEAR(cost->estimate, 24, 0.01);
  EXPECT_TRUE(cost->enough_boots);
  EXPECT_GT(cost->ci_low, 23.9);
  EXPECT_LT(cost->ci_high, 24.1);
  EXPECT_NE(render_pte_cost(*cost, 0.05).find("instructions per 4 KiB page"), std::string::npos);
  result.boots.resize(4);  // two boots a side: no rank interval at 95 %
  EXPECT_FALSE(
      hvo_key_pte_cost(result, "fork 16M", "fork 64M", 16u << 20, 64u << 20, 0.05)->enough_boots);
}

TEST(HvoKeyPreset, RefusesAnImageWhoseConfigurationHasNoHvo) {
  testing::TempDirectory directory("hvo-config");
  const std::string image = directory.file("vmlinuz-6.1.0-99-test");
  std::ofstream(directory.file("config-6.1.0-99-test"))
      << "CONFIG_HUGETLBFS=y\n# CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP is not set\n";
  try {
    refuse_image_without_hvo({image, "", 0}, "--a");
    FAIL() << "accepted a kernel without HVO";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("--a"), std::string::npos);
    EXPECT_NE(std::string(error.what()).find("CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP"),
              std::string::npos);
  }
  std::ofstream(directory.file("config-6.1.0-99-test"))
      << "CONFIG_HUGETLBFS=y\nCONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP=y\n";
  EXPECT_EQ(refuse_image_without_hvo({image, "", 0}, "--a"),
            directory.file("config-6.1.0-99-test"));
  EXPECT_EQ(refuse_image_without_hvo({directory.file("bzImage"), "", 0}, "--a"), "");
}

TEST(HvoKeyPreset, RefusesABootWhoseGuestContradictsItsSide) {
  KernelsResult result;
  BootRecord boot = boot_with(Image::kB, 2, 1, 2);
  boot.hvo_key_on = false;
  boot.hvo_basis = "inferred: the guest reported vm.hugetlb_optimize_vmemmap=0 and 2 huge pages";
  EXPECT_THROW(check_hvo_key_boot(boot, result), UsageError);
  boot.hvo_key_on = true;
  EXPECT_NO_THROW(check_hvo_key_boot(boot, result));
  boot.image = Image::kA;
  EXPECT_THROW(check_hvo_key_boot(boot, result), UsageError);
}

KernelsResult counted_result() {
  KernelsResult result;
  result.measure = Measure::kInstructions;
  result.accelerator = Accelerator::kTcg;
  result.spec = "fork --timeout 0.3s";
  result.runs_per_boot = 2;
  result.warmup_runs = 1;
  BootRecord boot = boot_with(Image::kA, 1, 1.8e6, 1.8e6);
  boot.values = {{"fork", {2.7e6}, {1.8072e6, 1.8074e6}, {{"create", 95000}, {"reap", 60000}}}};
  result.boots = {boot};
  return result;
}

TEST(KernelsOutput, NamesAnInstructionCountForWhatItIsAndNeverASpeed) {
  const KernelsResult result = counted_result();
  const std::string table = render_kernels_table(result);
  EXPECT_NE(table.find("guest instructions per operation"), std::string::npos) << table;
  EXPECT_NE(table.find("lower is better"), std::string::npos);
  EXPECT_NE(table.find("it misses cache and TLB misses"), std::string::npos);
  EXPECT_EQ(table.find("ops/s"), std::string::npos) << table;
  EXPECT_EQ(table.find("do not represent"), std::string::npos) << "no emulator-timing notice";
  // The digits the runs' spread gives (core/number_text.hpp), the warm-up's included.
  EXPECT_NE(table.find("median 1.80740 M (1.80720 M…1.80740 M); warm-up 2.70000 M"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("create 95000"), std::string::npos) << table;
  const nlohmann::json json = nlohmann::json::parse(render_kernels_json(result));
  EXPECT_EQ(json["measure"], "instructions");
  EXPECT_EQ(json["metric"], "guest_instructions_per_op");
  EXPECT_EQ(json["unit"], "instructions");
  EXPECT_EQ(json["direction"], "lower-is-better");
  EXPECT_EQ(json["warmup_runs"], 1);
  EXPECT_EQ(json["boots"][0]["values"][0]["warmup"][0], 2.7e6);
  EXPECT_EQ(json["boots"][0]["values"][0]["phases"]["create"], 95000);
}

// The notice was printed three times (first, among the comparison's warnings, last): once, first.
TEST(KernelsOutput, SaysTheInstructionsNoticeOnceBeforeEverythingElse) {
  KernelsResult result = counted_result();
  result.comparison = ComparisonResult{};
  result.comparison->warnings = {measure_notice(result), "another warning"};
  const std::string table = render_kernels_table(result);
  const std::size_t first = table.find("it misses cache and TLB misses");
  EXPECT_LT(first, table.find("kernels  ")) << table;
  EXPECT_EQ(table.find("it misses cache and TLB misses", first + 1), std::string::npos) << table;
  EXPECT_NE(table.find("another warning"), std::string::npos) << table;
}

TEST(KernelsOutput, NamesTheSidesByTheirCommandLinesWhenTheyBootOneImage) {
  KernelsResult result = counted_result();
  result.a.image.sha256 = result.b.image.sha256 = "00ff";
  result.a.label = "t:a";
  result.b.label = "t:b";
  result.b.append = "mitigations=off";
  EXPECT_EQ(side_name(result, result.b), "t:b (release unknown, append \"mitigations=off\")");
  EXPECT_EQ(side_name(result, result.a), "t:a (release unknown, no own options)");
  result.b.image.sha256 = "ff00";
  EXPECT_EQ(side_name(result, result.b), "t:b (release unknown)");
}

TEST(KernelsOutput, FailsWhenASideHasNoSuccessfulBoot) {
  KernelsResult result = counted_result();
  EXPECT_EQ(kernels_exit_code(result), kExitFailure);
  result.comparison = ComparisonResult{};
  EXPECT_EQ(kernels_exit_code(result), kExitOk);
}

// --precision's stopping sentence counts the boots that are its units: a failed boot is not one
// (it said "5 boots a side" of 4 successful boots a side and 2 failed).
TEST(KernelsOutput, SaysThePrecisionWasReachedWithTheSuccessfulBootsOfEachSide) {
  KernelsResult result;
  for (std::size_t i = 0; i < 4; ++i) {
    result.boots.push_back(boot_with(Image::kA, 2 * i + 1, 1, 1));
    result.boots.push_back(boot_with(Image::kB, 2 * i + 2, 1, 1));
  }
  BootRecord failed = boot_with(Image::kA, 9, 1, 1);
  failed.ok = false;
  result.boots.push_back(failed);
  result.boots.push_back(failed);
  EXPECT_EQ(precision_reached_text(result), "precision reached with 4 boots a side");
  result.boots.push_back(boot_with(Image::kA, 11, 1, 1));
  EXPECT_EQ(precision_reached_text(result), "precision reached with 5 boots of A and 4 of B");
}

}  // namespace
}  // namespace clonebench

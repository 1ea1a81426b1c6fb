// ParentRegion in the test process itself, with small sizes: each kind must make /proc/self/smaps
// show what the kind promises (fork copies entries only for written private anonymous memory).

#include <fcntl.h>
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>

#include "cli/run_spec.hpp"
#include "core/error.hpp"
#include "memory/parent_fit.hpp"
#include "memory/parent_memory.hpp"
#include "sys/meminfo_text.hpp"

namespace clonebench {
namespace {

constexpr std::uint64_t kMiB = 1u << 20;
constexpr std::uint64_t kRegionBytes = 8 * kMiB;
constexpr std::uint64_t kRegionKb = kRegionBytes / 1024;

ParentShape shape_of(std::string_view kind, std::uint64_t bytes = kRegionBytes,
                     std::uint64_t vmas = 1) {
  ParentShape shape;
  shape.kind = *parent_kind_from_name(kind);
  shape.bytes = bytes;
  shape.vmas = vmas;
  return shape;
}

std::uint64_t huge_pages_free() {
  const int fd = ::open("/proc/meminfo", O_RDONLY | O_CLOEXEC);
  std::string text(1 << 16, '\0');
  const ssize_t got = ::read(fd, text.data(), text.size());
  ::close(fd);
  text.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  return parse_meminfo_value(text, "HugePages_Free");
}

TEST(ParentRegion, AnonKindMakesEveryPageAPrivateAnonymousPage) {
  const ParentRegion region(shape_of("anon"));
  const ParentMemory memory = region.measure();
  EXPECT_EQ(memory.kind, ParentKind::kAnon);
  EXPECT_EQ(memory.region_anonymous_kb, kRegionKb);
  EXPECT_EQ(memory.region_rss_kb, kRegionKb);
  EXPECT_GE(memory.anonymous_kb, kRegionKb);
  EXPECT_GE(memory.rss_kb, memory.anonymous_kb);
}

// Anonymous kB of private anonymous memory after reading one byte per page, probed on a mapping
// of our own through /proc/self/smaps: 0 where a read fault maps the shared zero page; some
// kernels give every such page a page of its own instead.
std::uint64_t anonymous_kb_after_read_faults() {
  const std::size_t bytes = 64 * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  void* mapping = ::mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping == MAP_FAILED) {
    ADD_FAILURE() << "mmap failed";
    return 0;
  }
  ::madvise(mapping, bytes, MADV_NOHUGEPAGE);
  const volatile char* page = static_cast<const char*>(mapping);
  for (std::size_t offset = 0; offset < bytes;
       offset += static_cast<std::size_t>(::sysconf(_SC_PAGESIZE))) {
    (void)page[offset];
  }
  std::ifstream smaps("/proc/self/smaps");
  const std::string start = fmt::format("{:x}-", reinterpret_cast<std::uintptr_t>(mapping));
  std::uint64_t anonymous_kb = 0;
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    if (line.find('-') != std::string::npos && line.find(' ') > line.find('-')) {
      inside = line.rfind(start, 0) == 0;  // a mapping's header line
    } else if (inside && line.rfind("Anonymous:", 0) == 0) {
      anonymous_kb = std::stoull(line.substr(10));
    }
  }
  ::munmap(mapping, bytes);
  return anonymous_kb;
}

TEST(ParentRegion, ZeroKindLeavesTheRegionWithoutResidentPages) {
  if (const std::uint64_t kb = anonymous_kb_after_read_faults(); kb != 0) {
    GTEST_SKIP() << "this kernel does not map the zero page on a read fault (64 pages read: " << kb
                 << " kB Anonymous): --rss-kind zero is anonymous memory here";
  }
  const ParentRegion region(shape_of("zero"));
  const ParentMemory memory = region.measure();
  EXPECT_EQ(memory.region_anonymous_kb, 0u);
  EXPECT_LT(memory.region_rss_kb, kRegionKb / 8);
}

TEST(ParentRegion, ZeroKindSaysSoWhereReadFaultsAllocatePages) {
  if (anonymous_kb_after_read_faults() == 0) {
    GTEST_SKIP() << "this kernel maps the zero page on a read fault";
  }
  const ParentRegion region(shape_of("zero"));
  EXPECT_EQ(region.measure().region_anonymous_kb, kRegionKb);
}

TEST(ParentRegion, SharedKindAddsToSharedMemoryNotToAnonymous) {
  std::optional<ParentRegion> region(std::in_place, shape_of("shared"));
  const ParentMemory with_region = region->measure();
  region.reset();
  const ParentMemory without_region = ParentRegion().measure();
  EXPECT_EQ(with_region.region_anonymous_kb, 0u);
  EXPECT_EQ(with_region.region_rss_kb, kRegionKb);
  // The region alone is 8 MiB of shared memory. Not compared with the process without it: the
  // libraries' Shared_Clean moves by megabytes as the tests beside this one map the same
  // libraries (the test binary links libpq, Kerberos, LDAP, cmark...).
  EXPECT_GE(with_region.shared_kb, kRegionKb);
  EXPECT_LT(with_region.anonymous_kb, without_region.anonymous_kb + kRegionKb / 2);
}

TEST(ParentRegion, FileKindIsResidentPageCacheWithoutAnonymousPages) {
  const ParentRegion region(shape_of("file"));
  const ParentMemory memory = region.measure();
  EXPECT_EQ(memory.region_anonymous_kb, 0u);
  EXPECT_EQ(memory.region_rss_kb, kRegionKb);
}

TEST(ParentRegion, ThpKindReportsHowMuchBecameHuge) {
  const ParentRegion region(shape_of("thp"));
  const ParentMemory memory = region.measure();
  EXPECT_EQ(memory.region_anonymous_kb, kRegionKb);
  // Whether the kernel found free 2 MiB blocks is not ours to assert; the figure must be bounded.
  EXPECT_LE(memory.anon_huge_kb, memory.anonymous_kb);
  EXPECT_EQ(memory.anon_huge_kb % 2048, 0u);
}

TEST(ParentRegion, HugetlbWithoutReservedPagesSaysHowToReserveThem) {
  if (huge_pages_free() >= 4) {
    GTEST_SKIP() << "huge pages are reserved on this machine";
  }
  try {
    const ParentRegion region(shape_of("hugetlb"));
    FAIL() << "mapped hugetlb without reserved pages";
  } catch (const UsageError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("--rss-kind hugetlb"), std::string::npos) << message;
    EXPECT_NE(message.find("sysctl vm.nr_hugepages="), std::string::npos) << message;
  }
}

TEST(ParentRegion, SplitsTheRegionIntoTheAskedNumberOfMappings) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "ASan's allocator maps memory while the test runs: process-wide VMA counts move";
#endif
  for (const char* kind : {"anon", "zero", "shared", "file", "thp"}) {
    const std::uint64_t before = ParentRegion().measure().vma_count;
    const ParentRegion region(shape_of(kind, kRegionBytes, 4));
    const ParentMemory memory = region.measure();
    EXPECT_EQ(memory.vma_count, before + 4) << kind;
    EXPECT_EQ(memory.vmas_requested, 4u) << kind;
  }
}

TEST(ParentRegion, KeepsEveryPageWhenSplitUnevenly) {
  const ParentRegion region(shape_of("anon", kRegionBytes + 3 * 4096, 3));
  EXPECT_EQ(region.measure().region_anonymous_kb, kRegionKb + 12);
}

TEST(ParentRegion, UnmapsEverythingOnDestruction) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "ASan's allocator maps memory while the test runs: process-wide VMA counts move";
#endif
  const std::uint64_t before = ParentRegion().measure().vma_count;
  { const ParentRegion region(shape_of("file", kRegionBytes, 5)); }
  EXPECT_EQ(ParentRegion().measure().vma_count, before);
}

TEST(ParentRegion, MovesOwnershipOfTheMappings) {
  ParentRegion first(shape_of("anon"));
  ParentRegion second(std::move(first));
  EXPECT_EQ(second.measure().region_anonymous_kb, kRegionKb);
  ParentRegion third;
  third = std::move(second);
  EXPECT_EQ(third.measure().region_anonymous_kb, kRegionKb);
}

TEST(ParentRegion, ZeroBytesMapsNothing) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "ASan's allocator maps memory while the test runs: process-wide VMA counts move";
#endif
  const std::uint64_t before = ParentRegion().measure().vma_count;
  const ParentRegion region(shape_of("anon", 0, 4));
  const ParentMemory memory = region.measure();
  EXPECT_EQ(memory.vma_count, before);
  EXPECT_EQ(memory.region_rss_kb, 0u);
}

TEST(ParentRegion, RefusesMoreMappingsThanPages) {
  EXPECT_THROW(ParentRegion(shape_of("anon", 8192, 3)), UsageError);
  EXPECT_THROW(ParentRegion(shape_of("anon", kRegionBytes, 0)), UsageError);
}

TEST(ParentFits, RefusesASizeBeyondAvailableMemoryNamingRss) {
  try {
    check_parent_fits(shape_of("anon", std::uint64_t{1} << 50), 1);
    FAIL() << "accepted 1 PiB";
  } catch (const UsageError& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.rfind("--rss", 0), 0u) << message;
    EXPECT_NE(message.find("MemAvailable"), std::string::npos) << message;
  }
}

TEST(ParentFits, CountsEveryInstanceAndEveryKind) {
  EXPECT_NO_THROW(check_parent_fits(shape_of("anon"), 1));
  EXPECT_THROW(check_parent_fits(shape_of("shared", std::uint64_t{1} << 40), 1), UsageError);
  EXPECT_THROW(check_parent_fits(shape_of("file", std::uint64_t{1} << 40), 1), UsageError);
  EXPECT_THROW(check_parent_fits(shape_of("anon", std::uint64_t{1} << 34), 1000), UsageError);
}

TEST(ParentKind, RejectsAnUnknownKindNamingTheFlagAndTheValidOnes) {
  try {
    parse_parent_kind("heap", "--rss-kind");
    FAIL() << "accepted an unknown kind";
  } catch (const UsageError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("--rss-kind"), std::string::npos);
    EXPECT_NE(message.find("hugetlb"), std::string::npos);
  }
  for (const char* kind : {"anon", "thp", "zero", "shared", "file", "hugetlb"}) {
    EXPECT_EQ(parent_kind_name(parse_parent_kind(kind, "--rss-kind")), kind);
  }
}

}  // namespace
}  // namespace clonebench

#pragma once
// The parent the user asked for (--rss, --rss-kind, --vmas) and what the forking process really
// was. Plain data with no library behind it: it crosses the exec into clonebench-worker inside
// the instance's shared page and is read back by the driver without conversion.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>

namespace clonebench {

// The kinds of memory the parent region can be made of (docs/sweep.md describes each).
enum class ParentKind : std::uint32_t { kAnon, kThp, kZero, kShared, kFile, kHugetlb };

// "anon", "thp", "zero", "shared", "file", "hugetlb".
std::string_view parent_kind_name(ParentKind kind) noexcept;
// nullopt for an unknown name.
std::optional<ParentKind> parent_kind_from_name(std::string_view name) noexcept;
// Every name, in the order above (for shell completion).
std::span<const std::string_view> parent_kind_names() noexcept;
// "anon, thp, zero, shared, file or hugetlb", for messages.
std::string_view parent_kind_choices() noexcept;

// What the user asked the parent to be.
struct ParentShape {
  ParentKind kind = ParentKind::kAnon;
  std::uint64_t bytes = 0;  // --rss
  std::uint64_t vmas = 1;   // --vmas
  // sweep --folio: anonymous memory in folios of this size (bytes; 0 = the kind's default). The
  // region is then aligned to it and advised MADV_HUGEPAGE; the sweep sets the sysfs switches.
  std::uint64_t folio_bytes = 0;
};

// What the forking process really was while it created children, read from /proc/self/smaps
// after the region was populated (the requested size alone proves nothing: THP, zero page, ...).
// The size that was asked for is the run's options' (RunOptions::rss_bytes), held only there.
// The baseline is the worker before the user's region: its own image, stack and heap.
struct ParentMemory {
  ParentKind kind = ParentKind::kAnon;
  std::uint64_t vmas_requested = 0;  // --vmas (0: not measured)
  std::uint64_t rss_kb = 0;          // Rss of the whole process
  std::uint64_t anonymous_kb = 0;    // Anonymous (private pages whose entries fork copies)
  std::uint64_t anon_huge_kb = 0;    // AnonHugePages (PMD-mapped THP)
  std::uint64_t shared_kb = 0;       // Shared_Clean + Shared_Dirty + Rss of MAP_SHARED entries
  std::uint64_t hugetlb_kb = 0;      // Private_Hugetlb + Shared_Hugetlb
  std::uint64_t vma_count = 0;       // mappings in /proc/self/maps
  std::uint64_t region_rss_kb = 0;   // Rss of the populated region alone
  std::uint64_t region_anonymous_kb = 0;
  std::uint64_t baseline_vma_count = 0;  // the worker before the region was mapped
  std::uint64_t baseline_rss_kb = 0;
  std::uint64_t baseline_anonymous_kb = 0;
  std::uint64_t folio_bytes_requested = 0;  // ParentShape::folio_bytes
  // Sampled pages of the region by the order of the folio holding them (0 = 4 KiB … 9 = 2 MiB),
  // from pagemap and kpageflags (sys/folio_probe.hpp); all zero where they cannot be read.
  std::array<std::uint32_t, 10> folio_order_samples{};
};

static_assert(std::is_trivially_copyable_v<ParentShape>, "ParentShape crosses the exec as bytes");
static_assert(std::is_trivially_copyable_v<ParentMemory>, "ParentMemory lives in a shared page");

}  // namespace clonebench

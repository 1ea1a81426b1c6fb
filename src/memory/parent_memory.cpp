// The forking process's region: mapped as one of six kinds, split into --vmas mappings that the
// kernel cannot merge, populated the way the kind needs, and measured from /proc/self/smaps.

#include "memory/parent_memory.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <utility>

#include "core/error.hpp"
#include "core/size_text.hpp"
#include "memory/folio_probe.hpp"
#include "sys/meminfo_text.hpp"
#include "sys/proc_file.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kPageBytes = 4096;

std::uint64_t round_up(std::uint64_t value, std::uint64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

// Alignment of each mapping and the unmapped guard hole between neighbours: THP and hugetlb
// need 2 MiB alignment, everything else a page; the hole keeps the kernel from merging them.
// A --folio region is aligned to its folio size, so that every folio can be whole.
std::uint64_t kind_alignment(const ParentShape& shape, const std::string& meminfo) {
  if (shape.kind == ParentKind::kHugetlb) {
    return huge_page_bytes(meminfo);
  }
  const std::uint64_t kind_align = shape.kind == ParentKind::kThp ? 2u << 20 : kPageBytes;
  return std::max<std::uint64_t>(kind_align, shape.folio_bytes);
}

// Sampled pages per region for the folio sizes: enough to see a share of a few percent.
constexpr std::size_t kFolioSamples = 2048;

int make_backing_file(std::uint64_t bytes) {
  const char* tmpdir = std::getenv("TMPDIR");
  std::string path = std::string(tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp") +
                     "/clonebench-parent-XXXXXX";
  const int fd = ::mkostemp(path.data(), O_CLOEXEC);
  if (fd < 0) {
    throw_errno("--rss-kind file: create a temporary file in " + path);
  }
  ::unlink(path.c_str());  // nothing is left behind, whatever happens next
  // Written with data (not ftruncate'd): a hole would be read as the zero page, not page cache.
  std::array<char, 65536> chunk{};
  chunk.fill('c');
  for (std::uint64_t done = 0; done < bytes;) {
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), bytes - done));
    const ssize_t wrote = ::write(fd, chunk.data(), want);
    if (wrote < 0 && errno == EINTR) {
      continue;
    }
    if (wrote <= 0) {
      const int error_number = wrote < 0 ? errno : ENOSPC;
      ::close(fd);
      throw_errno("--rss-kind file: write " + format_size(bytes) + " to a temporary file",
                  error_number);
    }
    done += static_cast<std::uint64_t>(wrote);
  }
  return fd;
}

void populate(ParentKind kind, void* address, std::size_t bytes) {
  auto* bytes_ptr = static_cast<volatile unsigned char*>(address);
  const bool read_only = kind == ParentKind::kZero || kind == ParentKind::kFile;
  unsigned sum = 0;
  for (std::size_t offset = 0; offset < bytes; offset += kPageBytes) {
    if (read_only) {
      sum += bytes_ptr[offset];
    } else {
      bytes_ptr[offset] = 1;
    }
  }
  (void)sum;
}

}  // namespace

std::uint64_t huge_page_bytes(const std::string& meminfo) {
  return parse_meminfo_value(meminfo, "Hugepagesize") * 1024;
}

std::string hugetlb_advice(const std::string& meminfo, std::uint64_t needed_pages) {
  const std::uint64_t total = parse_meminfo_value(meminfo, "HugePages_Total");
  const std::uint64_t free_pages = parse_meminfo_value(meminfo, "HugePages_Free");
  const std::uint64_t target = total + (needed_pages > free_pages ? needed_pages - free_pages : 0);
  return "--rss-kind hugetlb: not enough huge pages reserved (" + std::to_string(free_pages) +
         " free of " + std::to_string(total) + ", " + std::to_string(needed_pages) + " needed of " +
         format_size(huge_page_bytes(meminfo)) +
         "); reserve them as root with `sysctl vm.nr_hugepages=" + std::to_string(target) + "`";
}

ParentRegion::ParentRegion(const ParentShape& shape) : shape_(shape) {
  if (shape.bytes == 0) {
    return;
  }
  if (shape.vmas == 0 || shape.vmas > kMaxParentVmas) {
    throw UsageError("--vmas: " + std::to_string(shape.vmas) + " is out of range [1, " +
                     std::to_string(kMaxParentVmas) + "]");
  }
  const std::string meminfo = read_proc_file("/proc/meminfo");
  const std::uint64_t align = kind_alignment(shape, meminfo);
  const std::uint64_t unit = shape.kind == ParentKind::kHugetlb ? align : kPageBytes;
  const std::uint64_t total = round_up(shape.bytes, unit);
  if (total / unit < shape.vmas) {
    throw UsageError("--vmas: " + std::to_string(shape.vmas) + " mappings do not fit in --rss " +
                     format_size(shape.bytes) + " (" + std::to_string(total / unit) + " pages of " +
                     format_size(unit) + ")");
  }
  const std::uint64_t piece = total / unit / shape.vmas * unit;
  // One PROT_NONE reservation holds every piece, a guard hole after each and alignment slack;
  // the pieces replace parts of it and the rest is unmapped again.
  const std::uint64_t span = total + (shape.vmas + 2) * align + align;
  void* reserved =
      ::mmap(nullptr, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (reserved == MAP_FAILED) {
    throw_errno("--rss: reserve " + format_size(span) + " of address space");
  }
  const auto base = reinterpret_cast<std::uintptr_t>(reserved);
  try {
    if (shape.kind == ParentKind::kFile) {
      file_fd_ = make_backing_file(total);
    }
    std::uintptr_t cursor = round_up(base, align) + align;
    for (std::uint64_t index = 0; index < shape.vmas; ++index) {
      const std::uint64_t bytes = index + 1 == shape.vmas ? total - piece * index : piece;
      map_piece(reinterpret_cast<void*>(cursor), bytes, piece * index, meminfo);
      cursor += bytes + align;
    }
  } catch (...) {
    release();
    unmap_holes(base, span);
    throw;
  }
  unmap_holes(base, span);
  for (const Mapping& mapping : mappings_) {
    populate(shape_.kind, mapping.address, mapping.bytes);
  }
  try {
    verify_mapping_count(base, span);
  } catch (...) {
    release();  // a throwing constructor runs no destructor
    throw;
  }
}

// --vmas is only honest if the kernel kept the pieces apart; a merge would silently measure
// fewer VMAs than reported.
void ParentRegion::verify_mapping_count(std::uintptr_t base, std::uint64_t span) const {
  const std::uint64_t found =
      count_maps_lines_in(read_proc_file("/proc/self/maps"), base, base + span);
  if (found != mappings_.size()) {
    throw RuntimeError("--vmas: asked for " + std::to_string(mappings_.size()) +
                       " mappings but /proc/self/maps shows " + std::to_string(found));
  }
}

void ParentRegion::map_piece(void* address, std::size_t bytes, std::uint64_t file_offset,
                             const std::string& meminfo) {
  const ParentKind kind = shape_.kind;
  int flags = MAP_FIXED | (kind == ParentKind::kShared ? MAP_SHARED : MAP_PRIVATE);
  int protection = PROT_READ | PROT_WRITE;
  int fd = -1;
  if (kind == ParentKind::kFile) {
    protection = PROT_READ;  // never written: no anon_vma, so fork copies no entries
    fd = file_fd_;
  } else {
    flags |= MAP_ANONYMOUS;
  }
  if (kind == ParentKind::kHugetlb) {
    flags |= MAP_HUGETLB;
  }
  void* mapped = ::mmap(address, bytes, protection, flags, fd,
                        static_cast<off_t>(kind == ParentKind::kFile ? file_offset : 0));
  if (mapped == MAP_FAILED) {
    const int error_number = errno;
    if (kind == ParentKind::kHugetlb && (error_number == ENOMEM || error_number == EINVAL)) {
      const std::uint64_t page_bytes = huge_page_bytes(meminfo);
      throw UsageError(hugetlb_advice(meminfo, round_up(shape_.bytes, page_bytes) / page_bytes));
    }
    throw_errno(
        "--rss: map " + format_size(bytes) + " of kind " + std::string(parent_kind_name(kind)),
        error_number);
  }
  mappings_.push_back(Mapping{mapped, bytes});
  if (kind == ParentKind::kAnon || kind == ParentKind::kZero || kind == ParentKind::kThp) {
    // Large folios of any size need the region to allow THP; 4 KiB ones need it forbidden.
    const bool huge = kind == ParentKind::kThp || shape_.folio_bytes > kPageBytes;
    if (::madvise(mapped, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE) != 0) {
      throw_errno("--rss-kind " + std::string(parent_kind_name(kind)) + ": madvise");
    }
  }
}

// Unmaps what is left of the reservation [base, base + span) around the mapped pieces.
void ParentRegion::unmap_holes(std::uintptr_t base, std::uint64_t span) noexcept {
  std::uintptr_t cursor = base;
  for (const Mapping& mapping : mappings_) {
    const auto begin = reinterpret_cast<std::uintptr_t>(mapping.address);
    if (begin > cursor) {
      ::munmap(reinterpret_cast<void*>(cursor), begin - cursor);
    }
    cursor = begin + mapping.bytes;
  }
  if (base + span > cursor) {
    ::munmap(reinterpret_cast<void*>(cursor), base + span - cursor);
  }
}

ParentRegion::~ParentRegion() {
  release();
}

ParentRegion::ParentRegion(ParentRegion&& other) noexcept
    : shape_(std::move(other.shape_)),
      mappings_(std::exchange(other.mappings_, {})),
      file_fd_(std::exchange(other.file_fd_, -1)) {}

ParentRegion& ParentRegion::operator=(ParentRegion&& other) noexcept {
  if (this != &other) {
    release();
    shape_ = std::move(other.shape_);
    mappings_ = std::exchange(other.mappings_, {});
    file_fd_ = std::exchange(other.file_fd_, -1);
  }
  return *this;
}

void ParentRegion::release() noexcept {
  for (const Mapping& mapping : mappings_) {
    ::munmap(mapping.address, mapping.bytes);
  }
  mappings_.clear();
  if (file_fd_ >= 0) {
    ::close(file_fd_);
    file_fd_ = -1;
  }
}

ProcessFootprint measure_footprint() {
  const SmapsTotals totals = parse_smaps(read_proc_file("/proc/self/smaps_rollup"));
  return ProcessFootprint{count_maps_lines(read_proc_file("/proc/self/maps")), totals.rss_kb,
                          totals.anonymous_kb};
}

ParentMemory ParentRegion::measure(const ProcessFootprint& baseline) const {
  ParentMemory memory;
  memory.kind = shape_.kind;
  memory.vmas_requested = shape_.vmas;
  memory.baseline_vma_count = baseline.vma_count;
  memory.baseline_rss_kb = baseline.rss_kb;
  memory.baseline_anonymous_kb = baseline.anonymous_kb;
  memory.folio_bytes_requested = shape_.folio_bytes;
  // Counted before the full smaps is read: in a process with many mappings that text is large
  // enough for malloc to give it a mapping of its own, which would be counted as the process's.
  memory.vma_count = count_maps_lines(read_proc_file("/proc/self/maps"));
  const SmapsTotals totals = parse_smaps(read_proc_file("/proc/self/smaps_rollup"));
  memory.rss_kb = totals.rss_kb;
  memory.anonymous_kb = totals.anonymous_kb;
  memory.anon_huge_kb = totals.anon_huge_kb;
  memory.hugetlb_kb = totals.hugetlb_kb;
  // The rollup has no per-entry permissions, so shared memory comes from the full smaps.
  const std::string smaps = read_proc_file("/proc/self/smaps");
  memory.shared_kb = parse_smaps(smaps).shared_kb;
  std::vector<AddressRange> ranges;
  ranges.reserve(mappings_.size());
  for (const Mapping& mapping : mappings_) {
    const auto begin = reinterpret_cast<std::uintptr_t>(mapping.address);
    ranges.emplace_back(begin, begin + mapping.bytes);
  }
  if (!ranges.empty()) {
    const SmapsTotals region = parse_smaps_ranges(smaps, ranges);
    // Hugetlb pages are not counted in Rss; the region's own size must still show them.
    memory.region_rss_kb = region.rss_kb + region.hugetlb_kb;
    memory.region_anonymous_kb = region.anonymous_kb;
    if (shape_.kind == ParentKind::kAnon || shape_.kind == ParentKind::kThp) {
      memory.folio_order_samples = sample_folio_orders(ranges, kFolioSamples);
    }
  }
  return memory;
}

}  // namespace clonebench

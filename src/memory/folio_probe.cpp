#include "memory/folio_probe.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <bit>

namespace clonebench {
namespace {

constexpr std::uint64_t kPageBytes = 4096;
constexpr std::uint64_t kBlockFrames = 512;
constexpr std::uint64_t kCompoundHead = 1ull << 15;  // KPF_COMPOUND_HEAD
constexpr std::uint64_t kCompoundTail = 1ull << 16;  // KPF_COMPOUND_TAIL
constexpr std::uint64_t kPagemapPresent = 1ull << 63;
constexpr std::uint64_t kPagemapFrameMask = (1ull << 55) - 1;

class ReadOnlyFile {
 public:
  explicit ReadOnlyFile(const char* path) : fd_(::open(path, O_RDONLY | O_CLOEXEC)) {}
  ~ReadOnlyFile() {
    if (fd_ >= 0) {
      ::close(fd_);
    }
  }
  ReadOnlyFile(const ReadOnlyFile&) = delete;
  ReadOnlyFile& operator=(const ReadOnlyFile&) = delete;
  bool read_at(void* into, std::size_t bytes, std::uint64_t offset) const {
    return fd_ >= 0 &&
           ::pread(fd_, into, bytes, static_cast<off_t>(offset)) == static_cast<ssize_t>(bytes);
  }

 private:
  int fd_;
};

// The frame of the page at `address`, or 0 when it is absent or hidden from us.
std::uint64_t frame_of(const ReadOnlyFile& pagemap, std::uintptr_t address) {
  std::uint64_t entry = 0;
  if (!pagemap.read_at(&entry, sizeof entry, address / kPageBytes * sizeof entry) ||
      (entry & kPagemapPresent) == 0) {
    return 0;
  }
  return entry & kPagemapFrameMask;
}

}  // namespace

std::uint64_t folio_pages_in_block(std::span<const std::uint64_t> flags, std::size_t index) {
  if (index >= flags.size() || (flags[index] & (kCompoundHead | kCompoundTail)) == 0) {
    return 1;
  }
  std::size_t head = index;
  while (head > 0 && (flags[head] & kCompoundTail) != 0) {
    --head;
  }
  if ((flags[head] & kCompoundHead) == 0) {
    return 1;  // a tail whose head is outside the block: not an anonymous folio we can size
  }
  std::size_t end = head + 1;
  while (end < flags.size() && (flags[end] & kCompoundTail) != 0 &&
         (flags[end] & kCompoundHead) == 0) {
    ++end;
  }
  return end - head;
}

FolioOrderCounts sample_folio_orders(
    const std::vector<std::pair<std::uintptr_t, std::uintptr_t>>& ranges, std::size_t max_samples) {
  FolioOrderCounts counts{};
  std::uint64_t total_pages = 0;
  for (const auto& [begin, end] : ranges) {
    total_pages += (end - begin) / kPageBytes;
  }
  if (total_pages == 0 || max_samples == 0) {
    return counts;
  }
  const ReadOnlyFile pagemap("/proc/self/pagemap");
  const ReadOnlyFile kpageflags("/proc/kpageflags");
  const std::uint64_t stride = total_pages > max_samples ? total_pages / max_samples : 1;
  std::uint64_t block[kBlockFrames];
  std::uint64_t page = 0;
  for (const auto& [begin, end] : ranges) {
    for (std::uintptr_t address = begin; address < end; address += kPageBytes, ++page) {
      if (page % stride != 0) {
        continue;
      }
      const std::uint64_t frame = frame_of(pagemap, address);
      const std::uint64_t block_start = frame / kBlockFrames * kBlockFrames;
      if (frame == 0 ||
          !kpageflags.read_at(block, sizeof block, block_start * sizeof(std::uint64_t))) {
        continue;
      }
      const std::uint64_t pages = folio_pages_in_block(block, frame - block_start);
      const auto order = static_cast<std::size_t>(std::bit_width(pages) - 1);
      if (std::has_single_bit(pages) && order < kFolioOrders) {
        ++counts[order];
      }
    }
  }
  return counts;
}

int dominant_folio_order(const FolioOrderCounts& counts) {
  int best = -1;
  std::uint32_t best_count = 0;
  for (std::size_t order = 0; order < counts.size(); ++order) {
    if (counts[order] > best_count) {
      best = static_cast<int>(order);
      best_count = counts[order];
    }
  }
  return best;
}

}  // namespace clonebench

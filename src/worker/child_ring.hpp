#pragma once
// The live children of one worker, oldest first, in fixed storage allocated before the loop.
// A child's mailbox slot is its position in the storage, so slots are reused only after reaping.

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>

#include "stressors/stressor.hpp"

namespace clonebench {

struct LiveChild {
  Launched launched;
  std::int64_t launched_at_ns = 0;  // just before the creating call
  std::size_t slot = 0;
};

static_assert(std::is_trivially_copyable_v<LiveChild>, "ChildRing stores LiveChild in raw memory");

// Storage is a shared anonymous mapping, not the heap. Every fork write-protects the forking
// process's private pages, so the loop's first write to a private page after each fork takes a
// page fault; the ring is written once per op, and that fault was one of the worker's per-op
// costs the bare loop does not pay (docs/measurement.md, "Page faults per op"). A shared mapping is
// never write-protected and is not copied into the child. Its pages are allocated only when first
// touched, so clone's thousands of entries count in the RSS only once children are really alive in
// them.
class ChildRing {
 public:
  explicit ChildRing(std::size_t capacity)
      : capacity_(capacity == 0 ? 1 : capacity),
        bytes_(capacity_ * sizeof(LiveChild)),
        storage_(static_cast<LiveChild*>(map_shared_zeroes(bytes_)), Unmap{bytes_}) {}

  std::size_t capacity() const noexcept { return capacity_; }
  bool empty() const noexcept { return count_ == 0; }
  bool full() const noexcept { return count_ == capacity_; }
  std::size_t size() const noexcept { return count_; }
  // The slot the next pushed child will occupy.
  std::size_t next_slot() const noexcept { return (head_ + count_) % capacity_; }
  void push(const LiveChild& child) noexcept {
    storage_.get()[next_slot()] = child;
    ++count_;
  }
  LiveChild pop() noexcept {
    const LiveChild oldest = storage_.get()[head_];
    head_ = (head_ + 1) % capacity_;
    --count_;
    return oldest;
  }

 private:
  static void* map_shared_zeroes(std::size_t bytes) {
    void* address =
        ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (address == MAP_FAILED) {
      throw std::bad_alloc();
    }
    return address;  // LiveChild is trivially copyable; zero pages are valid storage for it
  }
  struct Unmap {
    std::size_t bytes;
    void operator()(LiveChild* p) const noexcept { ::munmap(p, bytes); }
  };
  std::size_t capacity_;
  std::size_t bytes_;
  std::unique_ptr<LiveChild, Unmap> storage_;
  std::size_t head_ = 0;
  std::size_t count_ = 0;
};

}  // namespace clonebench

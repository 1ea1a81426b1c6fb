#pragma once
// The live children of one worker, oldest first, in fixed storage allocated before the loop.
// A child's mailbox slot is its position in the storage, so slots are reused only after reaping.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
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

// Storage comes from calloc: for clone's thousands of entries that is fresh zero pages, which
// count in the forking process's RSS only once children are really alive in them.
class ChildRing {
 public:
  explicit ChildRing(std::size_t capacity)
      : capacity_(capacity == 0 ? 1 : capacity),
        storage_(static_cast<LiveChild*>(std::calloc(capacity_, sizeof(LiveChild)))) {
    if (storage_ == nullptr) {
      throw std::bad_alloc();
    }
  }

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
  struct FreeStorage {
    void operator()(LiveChild* p) const noexcept { std::free(p); }
  };
  std::size_t capacity_;
  std::unique_ptr<LiveChild, FreeStorage> storage_;
  std::size_t head_ = 0;
  std::size_t count_ = 0;
};

}  // namespace clonebench

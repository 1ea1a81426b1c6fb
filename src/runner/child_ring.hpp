#pragma once
// The live children of one worker, oldest first, in fixed storage allocated before the loop.
// A child's mailbox slot is its position in the storage, so slots are reused only after reaping.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "stressors/stressor.hpp"

namespace clonebench {

struct LiveChild {
  Launched launched;
  std::int64_t launched_at_ns = 0;  // just before the creating call
  std::size_t slot = 0;
};

class ChildRing {
 public:
  explicit ChildRing(std::size_t capacity) : storage_(capacity == 0 ? 1 : capacity) {}

  bool empty() const noexcept { return count_ == 0; }
  bool full() const noexcept { return count_ == storage_.size(); }
  std::size_t size() const noexcept { return count_; }
  // The slot the next pushed child will occupy.
  std::size_t next_slot() const noexcept { return (head_ + count_) % storage_.size(); }
  void push(const LiveChild& child) noexcept {
    storage_[next_slot()] = child;
    ++count_;
  }
  LiveChild pop() noexcept {
    const LiveChild oldest = storage_[head_];
    head_ = (head_ + 1) % storage_.size();
    --count_;
    return oldest;
  }

 private:
  std::vector<LiveChild> storage_;
  std::size_t head_ = 0;
  std::size_t count_ = 0;
};

}  // namespace clonebench

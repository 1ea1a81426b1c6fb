#pragma once
// The shared page(s) a child stamps: when it first ran and when it was about to exit. Backed by a
// memfd so that an exec'd helper can map it too (src/helper/helper.c uses the same layout).

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "sys/clock.hpp"

namespace clonebench {

// Plain integers accessed through std::atomic_ref: the memfd's pages are zero already and are
// never written before a child uses its slot, so an unused slot costs no resident memory.
struct alignas(64) ChildSlot {
  std::int64_t start_ns;  // the child's first instruction (0: never ran)
  std::int64_t exit_ns;   // just before the child exits
};
static_assert(sizeof(ChildSlot) == 64, "helper.c relies on 64-byte slots");

class Mailbox {
 public:
  // The slot of a child whose phases are not sampled: stamping it does nothing. A forked child's
  // first write to the mailbox costs it a page fault (fork copies no page table entry of a shared
  // mapping), so the loop samples the start and reap phases on one op in N (docs/measurement.md,
  // "Page faults per op").
  static constexpr std::size_t kUnsampled = static_cast<std::size_t>(-1);

  // Maps `slots` slots; throws RuntimeError on failure.
  explicit Mailbox(std::size_t slots);
  ~Mailbox();
  Mailbox(const Mailbox&) = delete;
  Mailbox& operator=(const Mailbox&) = delete;

  std::size_t size() const noexcept { return slots_; }
  // The memfd; inherited across exec (no FD_CLOEXEC) so the helper can map it.
  int fd() const noexcept { return fd_; }

  void clear(std::size_t slot) noexcept {
    std::atomic_ref(slot_[slot].start_ns).store(0, std::memory_order_relaxed);
    std::atomic_ref(slot_[slot].exit_ns).store(0, std::memory_order_relaxed);
  }
  // Called by the child: async-signal-safe, no allocation. A child with an address space of its
  // own reads the clock with monotonic_now_ns_by_system_call (sys/clock.hpp says why).
  template <std::int64_t (*now_ns)() noexcept = monotonic_now_ns>
  void stamp_start(std::size_t slot) noexcept {
    if (slot == kUnsampled) {
      return;
    }
    std::atomic_ref(slot_[slot].start_ns).store(now_ns(), std::memory_order_release);
  }
  template <std::int64_t (*now_ns)() noexcept = monotonic_now_ns>
  void stamp_exit(std::size_t slot) noexcept {
    if (slot == kUnsampled) {
      return;
    }
    std::atomic_ref(slot_[slot].exit_ns).store(now_ns(), std::memory_order_release);
  }
  std::int64_t start_ns(std::size_t slot) const noexcept {
    return std::atomic_ref(slot_[slot].start_ns).load(std::memory_order_acquire);
  }
  std::int64_t exit_ns(std::size_t slot) const noexcept {
    return std::atomic_ref(slot_[slot].exit_ns).load(std::memory_order_acquire);
  }

 private:
  std::size_t slots_ = 0;
  std::size_t bytes_ = 0;
  int fd_ = -1;
  ChildSlot* slot_ = nullptr;
};

}  // namespace clonebench

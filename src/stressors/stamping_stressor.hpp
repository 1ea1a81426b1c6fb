#pragma once
// The base of the stressors whose child does nothing but stamp its mailbox slot and _exit(0)
// (fork, vfork, clone3): they differ only in the creating call.

#include <unistd.h>

#include <cstdint>

#include "stressors/stressor.hpp"
#include "sys/clock.hpp"

namespace clonebench {

class StampingStressor : public Stressor {
 public:
  void prepare(const StressorContext& context) override { mailbox_ = context.mailbox; }

 protected:
  // The child's whole life, with the clock it can read cheaply: monotonic_now_ns_by_system_call in
  // an address space of its own, the vDSO's in vfork's shared one (sys/clock.hpp says why). Always
  // inline, so that the child runs no other text before its first stamp.
  template <std::int64_t (*now_ns)() noexcept>
  [[noreturn, gnu::always_inline]] void stamp_and_exit(std::size_t slot) noexcept {
    mailbox_->stamp_start<now_ns>(slot);
    mailbox_->stamp_exit<now_ns>(slot);
    ::_exit(0);
  }

 private:
  Mailbox* mailbox_ = nullptr;
};

}  // namespace clonebench

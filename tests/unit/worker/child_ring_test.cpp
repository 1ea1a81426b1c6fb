#include "worker/child_ring.hpp"

#include <gtest/gtest.h>

namespace clonebench {
namespace {

LiveChild child(pid_t pid, std::size_t slot) {
  LiveChild c;
  c.launched.pid = pid;
  c.slot = slot;
  return c;
}

TEST(ChildRing, ReapsOldestFirstAndReusesSlotsOnlyAfterReaping) {
  ChildRing ring(3);
  EXPECT_TRUE(ring.empty());
  for (pid_t pid = 100; pid < 103; ++pid) {
    const std::size_t slot = ring.next_slot();
    ring.push(child(pid, slot));
  }
  EXPECT_TRUE(ring.full());
  const LiveChild oldest = ring.pop();
  EXPECT_EQ(oldest.launched.pid, 100);
  EXPECT_EQ(oldest.slot, 0U);
  // The freed slot is the next one handed out; the live children keep theirs.
  EXPECT_EQ(ring.next_slot(), 0U);
  ring.push(child(103, ring.next_slot()));
  EXPECT_EQ(ring.pop().launched.pid, 101);
  EXPECT_EQ(ring.pop().launched.pid, 102);
  const LiveChild last = ring.pop();
  EXPECT_EQ(last.launched.pid, 103);
  EXPECT_EQ(last.slot, 0U);
  EXPECT_TRUE(ring.empty());
}

TEST(ChildRing, ACapacityOfOneAlwaysUsesSlotZero) {
  ChildRing ring(1);
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(ring.next_slot(), 0U);
    ring.push(child(10 + i, 0));
    EXPECT_TRUE(ring.full());
    ring.pop();
  }
}

}  // namespace
}  // namespace clonebench

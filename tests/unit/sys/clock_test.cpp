// The two ways of reading CLOCK_MONOTONIC (sys/clock.hpp) must read one clock: a child's stamp
// taken by the system call is compared with the parent's vDSO readings.
#include "sys/clock.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "process/mailbox.hpp"

namespace clonebench {
namespace {

TEST(Clock, TheSystemCallReadsTheSameClockAsTheVdso) {
  for (int i = 0; i < 1000; ++i) {
    const std::int64_t before_ns = monotonic_now_ns();
    const std::int64_t by_call_ns = monotonic_now_ns_by_system_call();
    const std::int64_t after_ns = monotonic_now_ns();
    ASSERT_LE(before_ns, by_call_ns);
    ASSERT_LE(by_call_ns, after_ns);
  }
}

TEST(Clock, AForkedChildStampsTheMailboxBetweenTheParentsReadings) {
  Mailbox mailbox(1);
  const std::int64_t before_ns = monotonic_now_ns();
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    mailbox.stamp_start<monotonic_now_ns_by_system_call>(0);
    mailbox.stamp_exit<monotonic_now_ns_by_system_call>(0);
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  const std::int64_t after_ns = monotonic_now_ns();
  EXPECT_LE(before_ns, mailbox.start_ns(0));
  EXPECT_LE(mailbox.start_ns(0), mailbox.exit_ns(0));
  EXPECT_LE(mailbox.exit_ns(0), after_ns);
}

}  // namespace
}  // namespace clonebench

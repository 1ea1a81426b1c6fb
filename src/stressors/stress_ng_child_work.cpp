#include "stressors/stress_ng_child_work.hpp"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <asm/ldt.h>
#endif

#include "stressors/stress_ng_maps.hpp"

namespace clonebench {
namespace {

constexpr double kLockPatienceS = 5.0;
constexpr int kOomWriteAttempts = 32;

// stress_set_adjustment(): open, write, close, retried while the write writes nothing or is
// interrupted. Returns 0 or -errno.
int write_adjustment(const char* path, const char* value) noexcept {
  const std::size_t length = std::strlen(value);
  for (int attempt = 0; attempt < kOomWriteAttempts; ++attempt) {
    const int fd = ::open(path, O_WRONLY);
    if (fd < 0) {
      return -errno;
    }
    const ssize_t written = ::write(fd, value, length);
    const int error = errno;
    ::close(fd);
    if (written > 0) {
      return 0;
    }
    if (written < 0 && error != EAGAIN && error != EINTR) {
      return -error;
    }
  }
  return -1;
}

// stress-ng's atomic spinlock (core-lock.c): test-and-set with a pause, giving up after 5 s.
bool acquire(std::atomic<bool>& lock) noexcept {
  const double began_s = stress_ng_time_now_s();
  while (lock.exchange(true, std::memory_order_acq_rel)) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#else
    ::sched_yield();
#endif
    if (stress_ng_time_now_s() - began_s > kLockPatienceS) {
      return false;
    }
  }
  return true;
}

void sample_start_delay(StressNgCloneTiming* timing) noexcept {
  if (timing->lock == nullptr || !acquire(*timing->lock)) {
    return;
  }
  const double delay_s = stress_ng_time_now_s() - timing->t_start_s;
  // stress-ng drops negative samples (a clock step) and reads the clock a second time.
  if (delay_s >= 0.0) {
    timing->duration_s += stress_ng_time_now_s() - timing->t_start_s;
    timing->count += 1.0;
  }
  timing->lock->store(false, std::memory_order_release);
}

void exercise_setns() noexcept {
  const int fd = ::open("/proc/self/ns/uts", O_RDONLY);
  if (fd < 0) {
    return;
  }
  (void)::setns(fd, ~0);  // invalid nstype: EINVAL
  (void)::setns(~0, 0);   // invalid descriptor: EBADF
  (void)::setns(fd, 0);   // no capabilities: EPERM
  ::close(fd);
}

#if defined(__x86_64__) || defined(__i386__)
long modify_ldt(int function, void* descriptor, unsigned long bytes) noexcept {
  return ::syscall(SYS_modify_ldt, function, descriptor, bytes);
}

// The sequence depends on what the reads return: after the first write, the LDT is no longer
// empty and the second read returns its size, so the old-mode write is skipped.
void exercise_modify_ldt() noexcept {
  user_desc descriptor{};
  if (modify_ldt(0, &descriptor, sizeof(descriptor)) == 0) {
    (void)modify_ldt(1, &descriptor, sizeof(descriptor));
    (void)modify_ldt(1, &descriptor, 1);  // invalid size
    descriptor.entry_number = ~0U;        // invalid entry
    (void)modify_ldt(1, &descriptor, sizeof(descriptor));
  }
  descriptor = user_desc{};
  if (modify_ldt(0, &descriptor, sizeof(descriptor)) == 0) {
    (void)modify_ldt(0x11, &descriptor, sizeof(descriptor));  // old mode
  }
  descriptor = user_desc{};
  (void)modify_ldt(2, &descriptor, sizeof(descriptor));
  (void)modify_ldt(0xff, &descriptor, sizeof(descriptor));  // invalid function
  descriptor = user_desc{};
  (void)modify_ldt(0, &descriptor, 0);  // invalid size
}
#else
void exercise_modify_ldt() noexcept {}
#endif

void exercise_unshare() noexcept {
  static constexpr std::array<int, 8> kFlags = {CLONE_FILES,   CLONE_FS,       CLONE_NEWIPC,
                                                CLONE_NEWNET,  CLONE_NEWNS,    CLONE_NEWUTS,
                                                CLONE_SYSVSEM, CLONE_NEWCGROUP};
  for (const int flag : kFlags) {
    (void)::unshare(flag);
  }
}

// stress_set_proc_state(): libbsd's setproctitle() rewrites the command line in place (the top
// of the stack, a copy-on-write page in a fresh child), then PR_SET_NAME sets the comm.
void set_process_state_zombie() noexcept {
  static constexpr char kTitle[] = "-clonebench-fork [zombie]";
  char* command_line = program_invocation_name;
  if (command_line != nullptr) {
    const std::size_t room = std::strlen(command_line);
    const std::size_t copied = std::min(room, sizeof(kTitle) - 1);
    std::memcpy(command_line, kTitle, copied);
    std::memset(command_line + copied, 0, room - copied);
  }
  (void)::prctl(PR_SET_NAME, "clonebench-fork");
}

// --fork-vm: advice by the low three bits of a random byte (several advice values OR'ed, as
// stress-ng does, which yields another valid advice), then page the whole process in again.
int fork_vm_advice(std::uint8_t random_byte) noexcept {
  switch (random_byte & 7) {
    case 0:
      return MADV_MERGEABLE | MADV_WILLNEED | MADV_HUGEPAGE | MADV_RANDOM;
    case 1:
      return MADV_COLD;
    case 2:
      return MADV_PAGEOUT;
    case 3:
      return MADV_WILLNEED;
    case 4:
      return MADV_NOHUGEPAGE;
    default:
      return 0;
  }
}

}  // namespace

double stress_ng_time_now_s() noexcept {
  timespec now{};
  if (::clock_gettime(CLOCK_REALTIME, &now) < 0) {
    return -1.0;
  }
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
}

void stress_ng_make_oom_killable() noexcept {
  // stress-ng asks whether it is root first; with killable set the answer does not matter.
  (void)::getuid();
  (void)::geteuid();
  if (write_adjustment("/proc/self/oom_score_adj", "1000") == -ENOENT) {
    (void)write_adjustment("/proc/self/oom_adj", "15");
  }
}

int stress_ng_clone_child_work(StressNgCloneTiming* timing) noexcept {
  sample_start_delay(timing);
  stress_ng_make_oom_killable();
  exercise_setns();
  exercise_modify_ldt();
  exercise_unshare();
  return 0;
}

void stress_ng_fork_child_work(bool fork_vm, std::uint8_t random_byte) noexcept {
  const pid_t self = ::getpid();
  const pid_t group = ::getpgid(self);
  // In a new session without capabilities vhangup always fails; stress-ng calls it anyway.
  if (::setsid() != -1) {
    (void)::syscall(SYS_vhangup);
  }
  if (fork_vm) {
    if (const int advice = fork_vm_advice(random_byte); advice != 0) {
      stress_ng_madvise_all_pages(advice);
      stress_ng_page_in_self();
    }
  }
  (void)::setpgid(0, 0);
  (void)::setpgid(self, group);
  (void)::setpgid(0, -1);  // negative group: EINVAL
  (void)::setpgid(-1, 0);  // negative process: EINVAL
  (void)::sched_yield();
  set_process_state_zombie();
  ::_exit(0);
}

}  // namespace clonebench

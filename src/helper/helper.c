/* clonebench-helper: the program that the spawn and exec stressors start.
 *
 * argv[1] = descriptor of the stressor's mailbox (a memfd), argv[2] = slot index. It stamps
 * CLOCK_MONOTONIC into the slot as its first action (the "start" of an exec'd child) and again
 * just before it exits (the "reap" reference), and exits 0. Without arguments it just exits 0.
 * The slot layout is the one of src/process/mailbox.hpp: 64-byte slots, start_ns at +0, exit_ns at
 * +8.
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

enum { kSlotBytes = 64, kPageBytes = 4096 };

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int main(int argc, char** argv) {
  const int64_t started_ns = now_ns();
  if (argc < 3) {
    _exit(0);
  }
  const int fd = atoi(argv[1]);
  const long slot = atol(argv[2]);
  if (fd < 0 || slot < 0) {
    _exit(2);
  }
  const long offset = slot * kSlotBytes;
  const long page_offset = offset - offset % kPageBytes;
  char* page = mmap(NULL, kPageBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, page_offset);
  if (page == MAP_FAILED) {
    _exit(3);
  }
  volatile int64_t* stamps = (volatile int64_t*)(page + (offset - page_offset));
  stamps[0] = started_ns;
  stamps[1] = now_ns();
  _exit(0);
}

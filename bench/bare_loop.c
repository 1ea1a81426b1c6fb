/* bare_loop: the smallest loop that creates and reaps one child at a time, the baseline the
 * fork_overhead benchmark holds clonebench against. Statically linked like clonebench-worker.
 *   usage: bare_loop fork|fork-syscall|vfork|clone3|thread SECONDS [intervals]   → prints ops/s
 * and, with "intervals", a second line: the ops completed in each 100 ms of the loop, as
 * clonebench's worker counts them (start_up compares the two series).
 * fork is glibc's fork(); fork-syscall is the system call alone (clone with SIGCHLD), which is
 * what clonebench's fork stressor makes (docs/measurement.md, "Page faults per op").
 */
#define _GNU_SOURCE
#include <linux/sched.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void* thread_body(void* argument) {
  return argument;
}

/* One creation and its reaping; 1 when it succeeded. */
static int one(const char* kind) {
  if (strcmp(kind, "thread") == 0) {
    pthread_t thread;
    return pthread_create(&thread, NULL, thread_body, NULL) == 0 && pthread_join(thread, NULL) == 0;
  }
  pid_t pid;
  if (strcmp(kind, "vfork") == 0) {
    pid = vfork();
  } else if (strcmp(kind, "fork-syscall") == 0) {
    pid = (pid_t)syscall(SYS_clone, SIGCHLD, 0, NULL, NULL, 0);
  } else if (strcmp(kind, "clone3") == 0) {
    struct clone_args arguments;
    memset(&arguments, 0, sizeof(arguments));
    arguments.exit_signal = SIGCHLD;
    pid = (pid_t)syscall(SYS_clone3, &arguments, sizeof(arguments));
  } else {
    pid = fork();
  }
  if (pid == 0) {
    _exit(0);
  }
  return pid > 0 && wait4(pid, NULL, 0, NULL) == pid;
}

#define MAX_INTERVALS 1000

int main(int argc, char** argv) {
  const int with_intervals = argc == 4 && strcmp(argv[3], "intervals") == 0;
  if (argc != 3 && !with_intervals) {
    fputs("usage: bare_loop fork|fork-syscall|vfork|clone3|thread SECONDS [intervals]\n", stderr);
    return 2;
  }
  const double seconds = atof(argv[2]);
  static uint64_t interval_ops[MAX_INTERVALS];
  const double start = now_s();
  uint64_t ops = 0;
  double now = start;
  while (now - start < seconds) {
    const int done = one(argv[1]);
    ops += (uint64_t)done;
    now = now_s();
    const size_t interval = (size_t)((now - start) / 0.1);
    if (interval < MAX_INTERVALS) {
      interval_ops[interval] += (uint64_t)done;
    }
  }
  printf("%.1f\n", (double)ops / (now - start));
  if (with_intervals) {
    const size_t used = (size_t)((now - start) / 0.1) + 1;
    for (size_t i = 0; i < used && i < MAX_INTERVALS; ++i) {
      printf("%s%llu", i == 0 ? "" : " ", (unsigned long long)interval_ops[i]);
    }
    printf("\n");
  }
  return 0;
}

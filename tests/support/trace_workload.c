/* A workload with a known census, for the e2e tests of `clonebench trace` (trace_cli_test.cpp).
 *
 *   trace_workload TRUTH_FILE    the traced tree: from a parent of 24 MiB anonymous RSS and 40
 *                                extra mappings, 3 forks and 2 vforks whose children _exit, 2
 *                                threads, then a fork of a child that execs this program
 *                                ("child"), whose failing exec and fork of a grandchild follow;
 *                                the grandchild outlives the child and execs this program too
 *                                ("grandchild"). Before its first fork the parent writes its own
 *                                RssAnon, RssFile, RssShmem (kB) and /proc/self/maps line count
 *                                into TRUTH_FILE.
 *   trace_workload outsider      forks and reaps in a loop (at most 100,000 times or 120 s):
 *                                the unrelated activity that must not be counted.
 *   trace_workload failing-clones   two thread creations that fail before a task is made
 *                                (EINVAL: CLONE_THREAD without CLONE_SIGHAND), one by clone and
 *                                one by clone3; exits 0 when both failed.
 *
 * Known truth: 5 fork-like creations (4 by the parent, 1 by the child), 2 vfork-like, 2 threads;
 * 3 exec calls of which 1 fails (ENOENT), plus the exec that started the parent; 8 process
 * exits. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PARENT_ANON_BYTES (24UL << 20)
#define EXTRA_MAPPINGS 40

static long status_kb(const char* status, const char* key) {
  const char* at = strstr(status, key);
  return at != NULL ? strtol(at + strlen(key), NULL, 10) : -1;
}

static void write_truth(const char* path) {
  char status[8192] = {0};
  FILE* file = fopen("/proc/self/status", "r");
  size_t length = fread(status, 1, sizeof(status) - 1, file);
  fclose(file);
  status[length] = '\0';
  int lines = 0;
  file = fopen("/proc/self/maps", "r");
  for (int c = fgetc(file); c != EOF; c = fgetc(file)) {
    lines += c == '\n';
  }
  fclose(file);
  file = fopen(path, "w");
  fprintf(file, "%ld %ld %ld %d\n", status_kb(status, "RssAnon:"), status_kb(status, "RssFile:"),
          status_kb(status, "RssShmem:"), lines);
  fclose(file);
}

static void* thread_body(void* unused) {
  return unused;
}

static void wait_for(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
}

static int grandchild(void) {
  struct timespec pause = {0, 50 * 1000 * 1000};
  nanosleep(&pause, NULL); /* its parent, the child, has exited by now */
  return 0;
}

static int child(char* self) {
  char* missing[] = {"/nonexistent/clonebench-trace-workload", NULL};
  execv(missing[0], missing); /* the failing exec */
  pid_t pid = fork();
  if (pid == 0) {
    char* args[] = {self, "grandchild", NULL};
    execv("/proc/self/exe", args);
    _exit(127);
  }
  return pid > 0 ? 0 : 1; /* exits without waiting: the grandchild outlives it */
}

static int outsider(void) {
  prctl(PR_SET_NAME, "cb-outsider");
  time_t until = time(NULL) + 120;
  for (int i = 0; i < 100000 && time(NULL) < until; i++) {
    pid_t pid = fork();
    if (pid == 0) {
      _exit(0);
    }
    if (pid > 0) {
      wait_for(pid);
    }
  }
  return 0;
}

static int failing_clones(void) {
  const unsigned long flags = 0x00000100UL | 0x00010000UL; /* CLONE_VM | CLONE_THREAD */
  long by_clone = syscall(SYS_clone, flags, 0, 0, 0, 0);
  unsigned long long clone_args[8] = {flags}; /* struct clone_args, version 0: flags first */
  long by_clone3 = syscall(SYS_clone3, clone_args, sizeof(clone_args));
  return by_clone == -1 && by_clone3 == -1 ? 0 : 1;
}

static int parent(const char* truth_path, char* self) {
  unsigned char* region = mmap(NULL, PARENT_ANON_BYTES, PROT_READ | PROT_WRITE,
                               MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  if (region == MAP_FAILED) {
    return 1;
  }
  memset(region, 1, PARENT_ANON_BYTES);
  for (int i = 0; i < EXTRA_MAPPINGS; i++) {
    /* Alternate protections so that neighbouring mappings never merge into one VMA. */
    int prot = i % 2 == 0 ? PROT_READ : PROT_READ | PROT_WRITE;
    if (mmap(NULL, 4096, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) == MAP_FAILED) {
      return 1;
    }
  }
  write_truth(truth_path);
  for (int i = 0; i < 3; i++) {
    pid_t pid = fork();
    if (pid == 0) {
      _exit(0);
    }
    wait_for(pid);
  }
  for (int i = 0; i < 2; i++) {
    pid_t pid = vfork();
    if (pid == 0) {
      _exit(0);
    }
    wait_for(pid);
  }
  for (int i = 0; i < 2; i++) {
    pthread_t thread;
    pthread_create(&thread, NULL, thread_body, NULL);
    pthread_join(thread, NULL);
  }
  int ends[2];
  if (pipe(ends) != 0) {
    return 1;
  }
  pid_t pid = fork();
  if (pid == 0) {
    close(ends[0]);
    char* args[] = {self, "child", NULL};
    execv("/proc/self/exe", args);
    _exit(127);
  }
  close(ends[1]);
  wait_for(pid);
  char byte;
  while (read(ends[0], &byte, 1) > 0) { /* EOF once the grandchild has exited */
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc == 2 && strcmp(argv[1], "child") == 0) {
    return child(argv[0]);
  }
  if (argc == 2 && strcmp(argv[1], "grandchild") == 0) {
    return grandchild();
  }
  if (argc == 2 && strcmp(argv[1], "outsider") == 0) {
    return outsider();
  }
  if (argc == 2 && strcmp(argv[1], "failing-clones") == 0) {
    return failing_clones();
  }
  if (argc == 2) {
    return parent(argv[1], argv[0]);
  }
  fprintf(stderr, "usage: trace_workload TRUTH_FILE | outsider | failing-clones\n");
  return 2;
}

/* clonebench-guest-init: PID 1 of the guest that `clonebench kernels` boots (docs/kernels.md).
 *
 * The initramfs holds this program as /init, the static clonebench-worker and clonebench-helper,
 * the job (/clonebench/job: "runs N", "jobs J" and "deadline_ms D" lines) and the J worker pages
 * the driver prepared (/clonebench/page0, page1, ...: one per job, e.g. two parent sizes). The
 * init mounts /proc and /sys, sends what the guest is (kernel release and version, boot id,
 * command line, CPU model, mitigations, the HugeTLB pool and HVO switch), then runs the worker N
 * times for each job in turn, each run on a fresh copy of its page in a memfd exactly as the
 * driver's supervisor does on the host, and sends each page back with the worker's exit status
 * (message index job * N + run), framed and checksummed (console_frame.h) on its console. Then
 * it powers the machine off.
 *
 * "clonebench.fail=exit" on the kernel command line makes it return at once, which panics the
 * kernel: the tests' way of making a guest fail. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "console_frame.h"

enum { kTextBytes = 16384 };

static void emit(const char* text, size_t length, void* context) {
  (void)context;
  while (length > 0) {
    const ssize_t written = write(STDOUT_FILENO, text, length);
    if (written <= 0) {
      return;
    }
    text += written;
    length -= (size_t)written;
  }
}

static void say(const char* text) {
  emit(text, strlen(text), NULL);
}

/* The whole file into `buffer` (NUL-terminated); its length, or -1. */
static ssize_t read_file(const char* path, char* buffer, size_t capacity) {
  const int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return -1;
  }
  size_t total = 0;
  for (;;) {
    const ssize_t got = read(fd, buffer + total, capacity - 1 - total);
    if (got <= 0) {
      break;
    }
    total += (size_t)got;
  }
  close(fd);
  buffer[total] = '\0';
  return (ssize_t)total;
}

/* Reads exactly `length` bytes; 1 when it did. */
static int read_all(int fd, unsigned char* buffer, size_t length) {
  size_t done = 0;
  while (done < length) {
    const ssize_t got = read(fd, buffer + done, length - done);
    if (got <= 0) {
      return 0;
    }
    done += (size_t)got;
  }
  return 1;
}

static void append(char* text, const char* key, const char* value) {
  const size_t used = strlen(text);
  const size_t room = kTextBytes - used;
  const size_t key_length = strlen(key), value_length = strlen(value);
  if (key_length + value_length + 3 >= room) {
    return;
  }
  memcpy(text + used, key, key_length);
  text[used + key_length] = '=';
  size_t at = used + key_length + 1;
  for (size_t i = 0; i < value_length; ++i) {
    text[at++] = value[i] == '\n' ? ' ' : value[i];
  }
  while (at > used + key_length + 1 && text[at - 1] == ' ') {
    --at;
  }
  text[at++] = '\n';
  text[at] = '\0';
}

static void append_file(char* text, const char* key, const char* path) {
  static char value[4096];
  if (read_file(path, value, sizeof value) >= 0) {
    append(text, key, value);
  }
}

static void append_cpu(char* text) {
  static char cpuinfo[65536];
  if (read_file("/proc/cpuinfo", cpuinfo, sizeof cpuinfo) < 0) {
    return;
  }
  const char* model = strstr(cpuinfo, "model name");
  if (model != NULL && (model = strchr(model, ':')) != NULL) {
    char name[256];
    size_t n = 0;
    for (++model; *model == ' '; ++model) {
    }
    while (model[n] != '\n' && model[n] != '\0' && n + 1 < sizeof name) {
      name[n] = model[n];
      ++n;
    }
    name[n] = '\0';
    append(text, "cpu_model", name);
  }
  unsigned cpus = 0;
  for (const char* at = cpuinfo; (at = strstr(at, "processor\t")) != NULL; ++at) {
    ++cpus;
  }
  char count[16];
  size_t n = 0;
  do {
    count[n++] = (char)('0' + cpus % 10);
    cpus /= 10;
  } while (cpus != 0 && n < 15);
  char reversed[16];
  for (size_t i = 0; i < n; ++i) {
    reversed[i] = count[n - 1 - i];
  }
  reversed[n] = '\0';
  append(text, "cpus", reversed);
}

static void send_environment(void) {
  static char text[kTextBytes];
  text[0] = '\0';
  append_file(text, "kernel_release", "/proc/sys/kernel/osrelease");
  append_file(text, "kernel_version", "/proc/sys/kernel/version");
  append_file(text, "boot_id", "/proc/sys/kernel/random/boot_id");
  append_file(text, "cmdline", "/proc/cmdline");
  append_file(text, "thp", "/sys/kernel/mm/transparent_hugepage/enabled");
  append_file(text, "nr_hugepages", "/proc/sys/vm/nr_hugepages");
  append_file(text, "hugetlb_optimize_vmemmap", "/proc/sys/vm/hugetlb_optimize_vmemmap");
  append_cpu(text);
  static const char* const kVulnerabilities[] = {"spectre_v1",
                                                 "spectre_v2",
                                                 "meltdown",
                                                 "retbleed",
                                                 "spec_store_bypass",
                                                 "mds",
                                                 "srbds",
                                                 "l1tf",
                                                 "mmio_stale_data",
                                                 "gather_data_sampling",
                                                 "spec_rstack_overflow"};
  for (size_t i = 0; i < sizeof kVulnerabilities / sizeof kVulnerabilities[0]; ++i) {
    char path[128] = "/sys/devices/system/cpu/vulnerabilities/";
    char key[64] = "mitigation.";
    strcat(path, kVulnerabilities[i]);
    strcat(key, kVulnerabilities[i]);
    append_file(text, key, path);
  }
  console_frame_message("env", 0, (const unsigned char*)text, strlen(text), 0, emit, NULL);
}

static long job_value(const char* job, const char* key, long fallback) {
  const char* at = strstr(job, key);
  return at != NULL ? strtol(at + strlen(key), NULL, 10) : fallback;
}

static long long now_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* Waits for `child` (reaping every orphan that PID 1 inherits meanwhile) until the deadline,
 * then kills it. Its wait status. */
static int wait_for(pid_t child, long deadline_ms) {
  const long long give_up = now_ms() + deadline_ms;
  for (;;) {
    int status = 0;
    const pid_t done = waitpid(-1, &status, WNOHANG);
    if (done == child) {
      return status;
    }
    if (done <= 0) {
      if (now_ms() > give_up) {
        kill(child, SIGKILL);
      }
      const struct timespec pause = {0, 5 * 1000 * 1000};
      nanosleep(&pause, NULL);
    }
  }
}

static void run_once(unsigned index, const unsigned char* page, size_t page_bytes,
                     long deadline_ms) {
  const int fd = memfd_create("clonebench-job", 0);
  char status_text[64] = "status=-1\n";
  if (fd >= 0 && ftruncate(fd, (off_t)page_bytes) == 0 &&
      pwrite(fd, page, page_bytes, 0) == (ssize_t)page_bytes) {
    const pid_t child = fork();
    if (child == 0) {
      if (dup2(fd, 3) < 0) {
        _exit(127);
      }
      char* const argv[] = {"/clonebench/worker", "--job-fd", "3", NULL};
      char* const envp[] = {NULL};
      execve(argv[0], argv, envp);
      _exit(127);
    }
    const int status = child > 0 ? wait_for(child, deadline_ms) : -1;
    int n = 0;
    const char* prefix = "status=";
    for (; prefix[n] != '\0'; ++n) {
      status_text[n] = prefix[n];
    }
    unsigned value = (unsigned)status;
    char digits[16];
    int count = 0;
    do {
      digits[count++] = (char)('0' + value % 10);
      value /= 10;
    } while (value != 0);
    while (count > 0) {
      status_text[n++] = digits[--count];
    }
    status_text[n++] = '\n';
    status_text[n] = '\0';
    unsigned char* result = mmap(NULL, page_bytes, PROT_READ, MAP_SHARED, fd, 0);
    if (result != MAP_FAILED) {
      console_frame_message("page", index, result, page_bytes, 1, emit, NULL);
      munmap(result, page_bytes);
    }
  }
  if (fd >= 0) {
    close(fd);
  }
  console_frame_message("exit", index, (const unsigned char*)status_text, strlen(status_text), 0,
                        emit, NULL);
}

/* The runs of job `job`: its page read once, each run on a fresh copy. */
static void run_job(unsigned job, unsigned runs, long deadline_ms) {
  char path[64] = "/clonebench/page";
  const size_t prefix = strlen(path);
  path[prefix] = (char)('0' + job % 10);
  path[prefix + 1] = '\0';
  const struct stat none = {0};
  struct stat page_stat = none;
  if (job >= 10 || stat(path, &page_stat) != 0 || page_stat.st_size <= 0) {
    say("clonebench-guest-init: a job's page is missing from the initramfs\n");
    return;
  }
  const size_t page_bytes = (size_t)page_stat.st_size;
  unsigned char* page = malloc(page_bytes);
  const int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (page != NULL && fd >= 0 && read_all(fd, page, page_bytes)) {
    for (unsigned i = 0; i < runs; ++i) {
      run_once(job * runs + i, page, page_bytes, deadline_ms);
    }
  }
  if (fd >= 0) {
    close(fd);
  }
  free(page);
}

int main(void) {
  mount("proc", "/proc", "proc", 0, NULL);
  mount("sysfs", "/sys", "sysfs", 0, NULL);
  static char cmdline[4096];
  if (read_file("/proc/cmdline", cmdline, sizeof cmdline) >= 0 &&
      strstr(cmdline, "clonebench.fail=exit") != NULL) {
    return 1; /* PID 1 exits: the kernel panics */
  }
  say("\nclonebench-guest-init: started\n");
  send_environment();
  static char job[1024];
  if (read_file("/clonebench/job", job, sizeof job) < 0) {
    say("clonebench-guest-init: no job in the initramfs\n");
  } else {
    const long runs = job_value(job, "runs ", 1);
    const long jobs = job_value(job, "jobs ", 1);
    const long deadline_ms = job_value(job, "deadline_ms ", 60000);
    for (long j = 0; j < jobs; ++j) {
      run_job((unsigned)j, (unsigned)runs, deadline_ms);
    }
  }
  say("CBDONE1\n");
  sync();
  reboot(RB_POWER_OFF);
  return 0;
}

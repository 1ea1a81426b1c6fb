/* The kernel types census.bpf.c reads, declared by hand with only the fields it uses. Marked
 * preserve_access_index, so that libbpf relocates every field access to the running kernel's
 * layout (CO-RE) when the program is loaded: the build needs no BTF of the machine it runs on,
 * and the object works on any kernel with BTF whose types still have these fields by name.
 * Assumed, and checked by the loader (libbpf refuses to load otherwise): mm_struct's rss_stat is
 * an array of percpu_counter (Linux 6.2 and later). */
#ifndef CLONEBENCH_TRACE_CENSUS_TYPES_H
#define CLONEBENCH_TRACE_CENSUS_TYPES_H

typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;
typedef signed char __s8;
typedef short __s16;
typedef int __s32;
typedef long long __s64;
typedef __u32 __wsum;
typedef __u16 __be16;
typedef __u32 __be32;
typedef _Bool bool;
typedef int pid_t;

enum bpf_map_type {
  BPF_MAP_TYPE_HASH = 1,
  BPF_MAP_TYPE_ARRAY = 2,
  BPF_MAP_TYPE_PERCPU_ARRAY = 6,
  BPF_MAP_TYPE_RINGBUF = 27,
};

enum {
  BPF_ANY = 0,
  BPF_NOEXIST = 1,
};

enum {
  BPF_RB_NO_WAKEUP = 1,
};

#pragma clang attribute push(__attribute__((preserve_access_index)), apply_to = record)

typedef struct {
  int counter;
} atomic_t;

typedef struct {
  long counter;
} atomic_long_t;

struct percpu_counter {
  __s64 count;
  __s32* counters;
};

struct mm_struct {
  atomic_long_t pgtables_bytes;
  int map_count;
  unsigned long total_vm;
  struct percpu_counter rss_stat[4];
};

struct signal_struct {
  atomic_t live;
  int nr_threads;
};

struct task_struct {
  pid_t pid;
  pid_t tgid;
  struct mm_struct* mm;
  struct signal_struct* signal;
  char comm[16];
};

/* The array map's per-CPU value pointers (a flexible array at the end of the kernel's struct). */
struct bpf_array {
  __u32 elem_size;
  void* pptrs[0];
};

/* A system call's registers: its first argument is di on x86-64, regs[0] on arm64. */
#if defined(__TARGET_ARCH_x86)
struct pt_regs {
  unsigned long di;
};
#else
struct pt_regs {
  unsigned long regs[31];
};
#endif

struct linux_binprm {
  const char* filename;
};

#pragma clang attribute pop

#endif

/* The census's BPF programs: every task creation, exec and process exit in one process tree,
 * timed in the kernel, with the parent's size at each creation. Only tracepoints with BTF-typed
 * arguments (tp_btf): they need no tracefs, and kprobes or fentry may be missing or refused
 * (docs/trace.md). The tree is a hash map of thread-group ids that the tool seeds with the
 * command's pid before the command execs, extended at every fork of a member. */
/* The kernel types come first: the libbpf headers use them. */
// clang-format off
#include "census_types.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>
#include "census_event.h"
// clang-format on

char LICENSE[] SEC("license") = "GPL";

/* System call numbers of the creating and exec calls, per architecture. */
#if defined(__TARGET_ARCH_x86)
#define NR_CLONE 56
#define NR_FORK 57
#define NR_VFORK 58
#define NR_EXECVE 59
#define NR_EXECVEAT 322
#define NR_CLONE3 435
#elif defined(__TARGET_ARCH_arm64)
#define NR_CLONE 220
#define NR_FORK -1
#define NR_VFORK -1
#define NR_EXECVE 221
#define NR_EXECVEAT 281
#define NR_CLONE3 435
#else
#error "census.bpf.c knows the system call numbers of x86 and arm64 only"
#endif

/* The first argument of a system call, at sys_enter. */
#if defined(__TARGET_ARCH_x86)
#define SYSCALL_ARG1(regs) BPF_CORE_READ(regs, di)
#else
#define SYSCALL_ARG1(regs) BPF_CORE_READ(regs, regs[0])
#endif

/* Clone flags (include/uapi/linux/sched.h): what fork and vfork ask for, and the exit signal's
 * bits that clone() carries in its flags but copy_process() does not see there. */
#define CLONE_VM 0x00000100ULL
#define CLONE_VFORK 0x00004000ULL
#define CSIGNAL 0x000000ffULL

#define MAX_TREE 65536
#define MAX_CALLS 16384
#define MAX_CPUS 512
#define MM_FILEPAGES 0
#define MM_ANONPAGES 1
#define MM_SHMEMPAGES 3

const volatile __u32 nr_cpus = 1; /* set by the tool before loading: the possible CPUs */

struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __uint(max_entries, MAX_TREE);
  __type(key, __u32); /* tgid */
  __type(value, __u8);
} tree SEC(".maps");

/* A creating or exec call in flight, by thread id. */
struct call {
  struct census_event event;
};

struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __uint(max_entries, MAX_CALLS);
  __type(key, __u32); /* tid */
  __type(value, struct call);
} calls SEC(".maps");

/* The start of a process exit, by thread id, until its address space is torn down. */
struct {
  __uint(type, BPF_MAP_TYPE_HASH);
  __uint(max_entries, MAX_CALLS);
  __type(key, __u32);
  __type(value, __u64);
} exits SEC(".maps");

struct {
  __uint(type, BPF_MAP_TYPE_RINGBUF);
  __uint(max_entries, 8 << 20);
} events SEC(".maps");

/* [0]: events the ring buffer had no room for; [1]: calls the in-flight map had no room for. */
struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 2);
  __type(key, __u32);
  __type(value, __u64);
} lost SEC(".maps");

/* A per-CPU array of one element: where its value sits on each CPU gives that CPU's per-CPU
 * offset, which the exact RSS sum needs (read_counter). */
struct {
  __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
  __uint(max_entries, 1);
  __type(key, __u32);
  __type(value, __u64);
} cpu_base SEC(".maps");

static void count_lost(__u32 which) {
  __u64* counter = bpf_map_lookup_elem(&lost, &which);
  if (counter) {
    *counter += 1;
  }
}

static bool in_tree(__u32 tgid) {
  return bpf_map_lookup_elem(&tree, &tgid) != 0;
}

static bool is_creation(long nr) {
  return nr == NR_CLONE || nr == NR_CLONE3 || nr == NR_FORK || nr == NR_VFORK;
}

static bool is_exec(long nr) {
  return nr == NR_EXECVE || nr == NR_EXECVEAT;
}

/* The verifier allows no arithmetic on a map's or a map value's pointer: copied out through a
 * kernel read, its address is a plain number. */
static __u64 as_number(void* pointer) {
  __u64 address = 0;
  bpf_probe_read_kernel(&address, sizeof(address), &pointer);
  return address;
}

/* A percpu_counter's exact value: its shared count plus every CPU's not yet folded delta. The
 * per-CPU deltas sit at `counters` plus each CPU's per-CPU offset; the offset is where the
 * cpu_base array's element lives on that CPU minus the array's per-CPU base pointer. */
static __s64 read_counter(struct percpu_counter* counter, __u64 base) {
  __s64 sum = BPF_CORE_READ(counter, count);
  __u64 deltas = (__u64)BPF_CORE_READ(counter, counters);
  __u32 zero = 0;
  for (__u32 cpu = 0; cpu < MAX_CPUS && cpu < nr_cpus; cpu++) {
    void* element = bpf_map_lookup_percpu_elem(&cpu_base, &zero, cpu);
    if (!element) {
      break;
    }
    __s32 delta = 0;
    bpf_probe_read_kernel(&delta, sizeof(delta), (void*)(deltas + (as_number(element) - base)));
    sum += delta;
  }
  return sum < 0 ? 0 : sum;
}

static void read_parent(struct census_parent* parent) {
  struct task_struct* task = (struct task_struct*)bpf_get_current_task();
  struct mm_struct* mm = BPF_CORE_READ(task, mm);
  parent->nr_threads = BPF_CORE_READ(task, signal, nr_threads);
  if (!mm) {
    return;
  }
  __u64 map_address = as_number(&cpu_base);
  __u64 base = 0;
  bpf_probe_read_kernel(&base, sizeof(base),
                        (void*)(map_address + bpf_core_field_offset(struct bpf_array, pptrs)));
  parent->rss_file_pages = read_counter(&mm->rss_stat[MM_FILEPAGES], base);
  parent->rss_anon_pages = read_counter(&mm->rss_stat[MM_ANONPAGES], base);
  parent->rss_shmem_pages = read_counter(&mm->rss_stat[MM_SHMEMPAGES], base);
  parent->pgtables_bytes = BPF_CORE_READ(mm, pgtables_bytes.counter);
  parent->map_count = BPF_CORE_READ(mm, map_count);
}

static void submit(const struct census_event* event) {
  struct census_event* slot = bpf_ringbuf_reserve(&events, sizeof(*slot), 0);
  if (!slot) {
    count_lost(0);
    return;
  }
  __builtin_memcpy(slot, event, sizeof(*slot));
  /* No wakeup: the tool drains the buffer every few milliseconds; a wakeup per event would cost
   * the traced workload a context switch per fork. */
  bpf_ringbuf_submit(slot, BPF_RB_NO_WAKEUP);
}

/* The flags a creating call asks for, from its arguments, as copy_process() takes them: clone's
 * first argument without the exit signal, clone3's clone_args.flags, vfork's fixed pair, none for
 * fork. task_newtask replaces them with the flags it saw when a task is made; a call that fails
 * before that keeps these, so that a failed thread creation is not taken for a failed fork. */
static __u64 requested_clone_flags(struct pt_regs* regs, long nr) {
  if (nr == NR_VFORK) {
    return CLONE_VM | CLONE_VFORK;
  }
  if (nr == NR_CLONE) {
    return (__u32)SYSCALL_ARG1(regs) & ~CSIGNAL;
  }
  if (nr == NR_CLONE3) {
    __u64 flags = 0; /* stays 0 when the page of clone_args is not resident */
    bpf_probe_read_user(&flags, sizeof(flags), (void*)SYSCALL_ARG1(regs));
    return flags;
  }
  return 0;
}

SEC("tp_btf/sys_enter")
int BPF_PROG(census_sys_enter, struct pt_regs* regs, long nr) {
  if (!is_creation(nr) && !is_exec(nr)) {
    return 0;
  }
  __u64 id = bpf_get_current_pid_tgid();
  if (!in_tree(id >> 32)) {
    return 0;
  }
  __u32 tid = (__u32)id;
  struct call call = {};
  call.event.kind = is_exec(nr) ? CENSUS_EXEC : CENSUS_CREATE;
  call.event.syscall_nr = nr;
  call.event.tgid = id >> 32;
  call.event.tid = tid;
  bpf_get_current_comm(call.event.comm, sizeof(call.event.comm));
  if (call.event.kind == CENSUS_CREATE) {
    read_parent(&call.event.parent);
    call.event.clone_flags = requested_clone_flags(regs, nr);
  }
  call.event.start_ns = bpf_ktime_get_ns();
  if (bpf_map_update_elem(&calls, &tid, &call, BPF_ANY) != 0) {
    count_lost(1);
  }
  return 0;
}

/* In the parent, inside copy_process: the real flags of the task being made. */
SEC("tp_btf/task_newtask")
int BPF_PROG(census_task_newtask, struct task_struct* task, __u64 clone_flags) {
  __u32 tid = (__u32)bpf_get_current_pid_tgid();
  struct call* call = bpf_map_lookup_elem(&calls, &tid);
  if (call && call->event.kind == CENSUS_CREATE) {
    call->event.clone_flags = clone_flags;
  }
  return 0;
}

/* In the parent, once the child exists and before a vfork parent waits for it. */
SEC("tp_btf/sched_process_fork")
int BPF_PROG(census_process_fork, struct task_struct* parent, struct task_struct* child) {
  __u32 parent_tgid = BPF_CORE_READ(parent, tgid);
  if (!in_tree(parent_tgid)) {
    return 0;
  }
  __u32 child_tgid = BPF_CORE_READ(child, tgid);
  __u8 member = 1;
  bpf_map_update_elem(&tree, &child_tgid, &member, BPF_ANY);
  __u32 tid = (__u32)bpf_get_current_pid_tgid();
  struct call* call = bpf_map_lookup_elem(&calls, &tid);
  if (call && call->event.kind == CENSUS_CREATE) {
    call->event.end_ns = bpf_ktime_get_ns();
    call->event.child_tid = BPF_CORE_READ(child, pid);
  }
  return 0;
}

/* A successful exec. A multithreaded caller's thread id becomes the group leader's. */
SEC("tp_btf/sched_process_exec")
int BPF_PROG(census_process_exec, struct task_struct* task, pid_t old_pid,
             struct linux_binprm* bprm) {
  __u32 tid = (__u32)bpf_get_current_pid_tgid();
  __u32 old_tid = old_pid;
  struct call* call = bpf_map_lookup_elem(&calls, &old_tid);
  if (!call || call->event.kind != CENSUS_EXEC) {
    return 0;
  }
  call->event.end_ns = bpf_ktime_get_ns();
  if (old_tid != tid) {
    struct call moved = *call;
    moved.event.tid = tid;
    bpf_map_update_elem(&calls, &tid, &moved, BPF_ANY);
    bpf_map_delete_elem(&calls, &old_tid);
  }
  return 0;
}

SEC("tp_btf/sys_exit")
int BPF_PROG(census_sys_exit, struct pt_regs* regs, long result) {
  __u32 tid = (__u32)bpf_get_current_pid_tgid();
  struct call* call = bpf_map_lookup_elem(&calls, &tid);
  if (!call) {
    return 0;
  }
  __u64 now = bpf_ktime_get_ns();
  struct census_event* event = &call->event;
  event->result = (__s32)result;
  if (event->kind == CENSUS_EXEC) {
    event->end_ns = now;
    bpf_get_current_comm(event->comm, sizeof(event->comm));
  } else {
    event->return_ns = now;
    if (event->end_ns == 0) {
      event->end_ns = now; /* no task was made: the failed call's whole time */
    }
  }
  submit(event);
  bpf_map_delete_elem(&calls, &tid);
  return 0;
}

/* The start of an exit; a process's exit is its last thread's (signal->live reached 0). */
SEC("tp_btf/sched_process_exit")
int BPF_PROG(census_process_exit, struct task_struct* task) {
  __u64 id = bpf_get_current_pid_tgid();
  __u32 tgid = id >> 32;
  if (!in_tree(tgid) || BPF_CORE_READ(task, signal, live.counter) != 0) {
    return 0;
  }
  __u32 tid = (__u32)id;
  struct census_event event = {};
  event.kind = CENSUS_EXIT;
  event.tgid = tgid;
  event.tid = tid;
  event.start_ns = bpf_ktime_get_ns();
  bpf_get_current_comm(event.comm, sizeof(event.comm));
  submit(&event);
  bpf_map_update_elem(&exits, &tid, &event.start_ns, BPF_ANY);
  bpf_map_delete_elem(&tree, &tgid);
  return 0;
}

/* The end of an address space's teardown: an exit's when that exit is in flight (an exec's old
 * address space ends here too, inside the exec call's time). */
SEC("tp_btf/exit_mmap")
int BPF_PROG(census_exit_mmap, struct mm_struct* mm) {
  __u64 id = bpf_get_current_pid_tgid();
  __u32 tid = (__u32)id;
  __u64* started = bpf_map_lookup_elem(&exits, &tid);
  if (!started) {
    return 0;
  }
  struct census_event event = {};
  event.kind = CENSUS_TEARDOWN;
  event.tgid = id >> 32;
  event.tid = tid;
  event.start_ns = *started;
  event.end_ns = bpf_ktime_get_ns();
  bpf_get_current_comm(event.comm, sizeof(event.comm));
  submit(&event);
  bpf_map_delete_elem(&exits, &tid);
  return 0;
}

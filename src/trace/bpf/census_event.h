/* One record of the census, as the BPF program writes it into the ring buffer and the tool reads
 * it: plain C with fixed-width fields, shared by both sides (census.bpf.c and census_probe.cpp). */
#ifndef CLONEBENCH_TRACE_CENSUS_EVENT_H
#define CLONEBENCH_TRACE_CENSUS_EVENT_H

enum census_event_kind {
  CENSUS_CREATE = 1,   /* a creating call returned: fork, vfork, clone, clone3 */
  CENSUS_EXEC = 2,     /* an exec call returned (or ended in the new program) */
  CENSUS_EXIT = 3,     /* a process (its last thread) began to exit */
  CENSUS_TEARDOWN = 4, /* an exiting process's address space was torn down */
};

/* Sizes in the parent at the creating call's entry. */
struct census_parent {
  __u64 rss_file_pages;
  __u64 rss_anon_pages;
  __u64 rss_shmem_pages;
  __u64 pgtables_bytes;
  __u32 map_count;
  __u32 nr_threads;
};

struct census_event {
  __u64 start_ns;    /* CLOCK_MONOTONIC: the call's entry, or the start of the exit */
  __u64 end_ns;      /* creation: the child exists; exec: the call ended; teardown: exit_mmap */
  __u64 return_ns;   /* creation: the call returned to the parent (vfork: after the child) */
  __u64 clone_flags; /* creation: the flags task_newtask saw; when no task was made, those the
                        call asked for (its arguments: clone, clone3; vfork's; 0 for fork) */
  struct census_parent parent;
  __u32 kind;       /* enum census_event_kind */
  __u32 syscall_nr; /* the creating or exec call */
  __u32 tgid;
  __u32 tid;
  __u32 child_tid; /* creation: the new task (0 when none) */
  __s32 result;    /* creation: the call's result (the child's id or -errno); exec: 0 or -errno */
  char comm[16];   /* the calling program; exec: the program after the call */
};

#endif

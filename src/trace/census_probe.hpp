#pragma once
// The loaded BPF census (bpf/census.bpf.c): its programs, maps and ring buffer, owned by this
// process and pinned nowhere, so that they are detached and freed when it ends, however it ends.

#include <linux/types.h>
#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "trace/bpf/census_event.h"

struct census;
struct ring_buffer;

namespace clonebench {

// What stops a census before anything runs: no root or CAP_BPF+CAP_PERFMON, or no kernel BTF.
// Empty when nothing does; otherwise one line naming what is missing and how to get it.
std::string census_unavailable_reason();

class CensusProbe {
 public:
  // Loads and verifies the programs (not attached yet). Throws RuntimeError with libbpf's reason.
  CensusProbe();
  ~CensusProbe();
  CensusProbe(const CensusProbe&) = delete;
  CensusProbe& operator=(const CensusProbe&) = delete;

  // Makes `tgid` a member of the traced tree (before it is released to exec).
  void add_member(pid_t tgid);
  void attach();
  // Detaches every program; the events already written can still be drained.
  void detach() noexcept;
  // Moves the ring buffer's records into events(). Never blocks.
  void drain();
  const std::vector<census_event>& events() const noexcept { return events_; }
  std::vector<census_event> take_events() noexcept;
  std::uint64_t dropped_events() const;  // no room in the ring buffer
  std::uint64_t dropped_calls() const;   // no room in the in-flight table
  // The thread-group ids of the tree still in the table (its live members).
  std::vector<pid_t> members() const;
  // The table's descriptor, for the guard process (traced_command.hpp).
  int tree_fd() const noexcept;

 private:
  std::uint64_t lost_counter(std::uint32_t which) const;

  struct census* skeleton_ = nullptr;
  struct ring_buffer* ring_ = nullptr;
  std::vector<census_event> events_;
};

}  // namespace clonebench

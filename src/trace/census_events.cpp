#include "trace/census_events.hpp"

#include <fmt/core.h>
#include <sys/syscall.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <vector>

namespace clonebench {
namespace {

std::string comm_text(const char (&comm)[16]) {
  return std::string(comm, ::strnlen(comm, sizeof(comm)));
}

std::int64_t since(std::uint64_t at_ns, std::int64_t origin_ns) {
  return static_cast<std::int64_t>(at_ns) - origin_ns;
}

std::int64_t between(std::uint64_t start_ns, std::uint64_t end_ns) {
  return end_ns > start_ns ? static_cast<std::int64_t>(end_ns - start_ns) : 0;
}

Creation creation_of(const census_event& event, std::int64_t origin_ns, std::uint64_t page_kb) {
  Creation creation;
  creation.at_ns = since(event.start_ns, origin_ns);
  creation.duration_ns = between(event.start_ns, event.end_ns);
  creation.call_ns = between(event.start_ns, event.return_ns);
  creation.call = census_call_name(event.syscall_nr);
  creation.comm = comm_text(event.comm);
  creation.clone_flags = event.clone_flags;
  creation.error = event.result < 0 ? -event.result : 0;
  // A failed call's flags are those it asked for (bpf/census_event.h): classified the same way.
  creation.kind = classify_clone_flags(event.clone_flags);
  const census_parent& parent = event.parent;
  creation.parent.rss_anon_kb = parent.rss_anon_pages * page_kb;
  creation.parent.rss_file_kb = parent.rss_file_pages * page_kb;
  creation.parent.rss_shmem_kb = parent.rss_shmem_pages * page_kb;
  creation.parent.page_tables_kb = parent.pgtables_bytes / 1024;
  creation.parent.vmas = parent.map_count;
  creation.parent.threads = parent.nr_threads;
  return creation;
}

ExecCall exec_of(const census_event& event, std::int64_t origin_ns) {
  ExecCall exec;
  exec.at_ns = since(event.start_ns, origin_ns);
  exec.duration_ns = between(event.start_ns, event.end_ns);
  exec.call = census_call_name(event.syscall_nr);
  exec.comm = comm_text(event.comm);
  exec.error = event.result < 0 ? -event.result : 0;
  return exec;
}

}  // namespace

std::string census_call_name(std::uint32_t syscall_nr) {
  switch (syscall_nr) {
    case SYS_clone:
      return "clone";
    case SYS_clone3:
      return "clone3";
#ifdef SYS_fork
    case SYS_fork:
      return "fork";
#endif
#ifdef SYS_vfork
    case SYS_vfork:
      return "vfork";
#endif
    case SYS_execve:
      return "execve";
    case SYS_execveat:
      return "execveat";
    default:
      return fmt::format("syscall {}", syscall_nr);
  }
}

void add_census_events(std::span<const census_event> events, std::int64_t origin_ns,
                       std::uint64_t page_size_bytes, TraceRun& run) {
  std::vector<const census_event*> ordered;
  ordered.reserve(events.size());
  for (const census_event& event : events) {
    ordered.push_back(&event);
  }
  std::stable_sort(
      ordered.begin(), ordered.end(),
      [](const census_event* a, const census_event* b) { return a->start_ns < b->start_ns; });
  const std::uint64_t page_kb = page_size_bytes / 1024;
  std::map<std::uint32_t, std::size_t> open_exit_by_tid;  // index into run.exits
  for (const census_event* event : ordered) {
    switch (event->kind) {
      case CENSUS_CREATE:
        run.creations.push_back(creation_of(*event, origin_ns, page_kb));
        break;
      case CENSUS_EXEC:
        run.execs.push_back(exec_of(*event, origin_ns));
        break;
      case CENSUS_EXIT:
        open_exit_by_tid[event->tid] = run.exits.size();
        run.exits.push_back({since(event->start_ns, origin_ns), -1, comm_text(event->comm)});
        break;
      case CENSUS_TEARDOWN:
        if (const auto open = open_exit_by_tid.find(event->tid); open != open_exit_by_tid.end()) {
          run.exits[open->second].teardown_ns = between(event->start_ns, event->end_ns);
          open_exit_by_tid.erase(open);
        }
        break;
      default:
        break;
    }
  }
}

}  // namespace clonebench

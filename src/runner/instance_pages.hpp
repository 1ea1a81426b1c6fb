#pragma once
// The driver's side of the instance pages: one memfd per instance holding a WorkerPage, mapped
// here and inherited by the supervisor, which hands it to the exec'd worker by descriptor.

#include <cstddef>
#include <string>
#include <vector>

#include "record/job.hpp"
#include "record/worker_page.hpp"

namespace clonebench {

// What the driver decided for every instance of a job, beyond the job itself.
struct JobDecisions {
  std::uint64_t live_limit = 1;
  std::uint64_t mailbox_slots = 1;
  std::string helper_path;  // empty unless the stressor starts the helper
};

// The seed of one instance: clean, seed + instance; stress-ng, its own rule.
std::uint64_t instance_seed(const StressorJob& job, std::uint32_t instance) noexcept;

// The fixed-layout job of one instance. Throws RuntimeError when a text does not fit its field.
WorkerJob make_worker_job(const StressorJob& job, std::uint32_t instance,
                          const JobDecisions& decisions);

class InstancePages {
 public:
  // Creates `count` pages (close-on-exec memfds; the supervisor clears the flag on its own).
  explicit InstancePages(std::size_t count);
  ~InstancePages();
  InstancePages(const InstancePages&) = delete;
  InstancePages& operator=(const InstancePages&) = delete;

  std::size_t size() const noexcept { return pages_.size(); }
  WorkerPage& operator[](std::size_t i) noexcept { return *pages_[i].page; }
  const WorkerPage& operator[](std::size_t i) const noexcept { return *pages_[i].page; }
  int fd(std::size_t i) const noexcept { return pages_[i].fd; }
  std::vector<const InstanceReport*> reports() const;

 private:
  struct Page {
    int fd = -1;
    WorkerPage* page = nullptr;
  };
  void release() noexcept;
  std::vector<Page> pages_;
};

}  // namespace clonebench

#include "runner/instance_pages.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include "core/error.hpp"

namespace clonebench {
namespace {

// SplitMix64: spreads neighbouring numbers over the whole 64-bit range.
std::uint64_t mixed(std::uint64_t value) noexcept {
  value += 0x9e3779b97f4a7c15ULL;
  value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
  value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
  return value ^ (value >> 31);
}

}  // namespace

std::uint64_t instance_seed(const StressorJob& job, std::uint32_t instance) noexcept {
  if (job.workload == Workload::kClean) {
    return job.seed + instance;
  }
  // stress-ng: --seed S seeds every instance with S; without it each instance reseeds at random,
  // here from the recorded seed so that clonebench can repeat the run.
  return job.seed_given ? job.seed : mixed(job.seed + instance);
}

WorkerJob make_worker_job(const StressorJob& job, std::uint32_t instance,
                          const JobDecisions& decisions) {
  WorkerJob worker;
  if (!copy_fixed_text(job.stressor, worker.stressor, sizeof(worker.stressor))) {
    throw RuntimeError("stressor name too long for the worker's job: " + job.stressor);
  }
  if (!copy_fixed_text(decisions.helper_path, worker.helper_path, sizeof(worker.helper_path))) {
    throw RuntimeError("helper path too long for the worker's job: " + decisions.helper_path);
  }
  worker.instance = instance;
  worker.instances = job.instances;
  worker.pin_cpu = job.pin_cpus.empty() ? -1 : job.pin_cpus[instance % job.pin_cpus.size()];
  worker.phase_sample_every = job.phase_every;
  worker.timeout_ns = static_cast<std::int64_t>(job.timeout_s * 1e9);
  worker.warm_up_ns = static_cast<std::int64_t>(effective_warm_up_s(job) * 1e9);
  worker.max_ops = job.max_ops;
  worker.parent = job.parent;
  worker.live_limit = decisions.live_limit;
  worker.mailbox_slots = decisions.mailbox_slots;
  worker.seed = instance_seed(job, instance);
  worker.workload = job.workload;
  worker.stress_ng = job.stress_ng;
  return worker;
}

InstancePages::InstancePages(std::size_t count) {
  pages_.reserve(count);
  try {
    for (std::size_t i = 0; i < count; ++i) {
      Page page;
      page.fd = ::memfd_create("clonebench-job", MFD_CLOEXEC);
      if (page.fd < 0) {
        throw_errno("memfd_create(instance page)");
      }
      pages_.push_back(page);
      if (::ftruncate(page.fd, sizeof(WorkerPage)) != 0) {
        throw_errno("ftruncate(instance page)");
      }
      void* address =
          ::mmap(nullptr, sizeof(WorkerPage), PROT_READ | PROT_WRITE, MAP_SHARED, page.fd, 0);
      if (address == MAP_FAILED) {
        throw_errno("mmap(instance page)");
      }
      pages_.back().page = start_worker_page(address);
    }
  } catch (...) {
    release();
    throw;
  }
}

InstancePages::~InstancePages() {
  release();
}

void InstancePages::release() noexcept {
  for (Page& page : pages_) {
    if (page.page != nullptr) {
      ::munmap(page.page, sizeof(WorkerPage));
    }
    if (page.fd >= 0) {
      ::close(page.fd);
    }
  }
  pages_.clear();
}

std::vector<const InstanceReport*> InstancePages::reports() const {
  std::vector<const InstanceReport*> reports;
  for (const Page& page : pages_) {
    reports.push_back(&page.page->report);
  }
  return reports;
}

}  // namespace clonebench

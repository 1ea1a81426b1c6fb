#include "kernels/guest_initramfs.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "core/error.hpp"
#include "kernels/newc_archive.hpp"
#include "process/private_program.hpp"
#include "record/worker_page.hpp"
#include "runner/instance_pages.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {
namespace {

constexpr std::uint64_t kGuestPidShare = 32768 / 4;
// The init names a job's page with one digit.
constexpr std::size_t kMaxGuestJobs = 10;

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) {
    throw RuntimeError(fmt::format("{}: cannot be read for the guest", path));
  }
  return bytes.str();
}

// The page exactly as the local runner hands it to a worker: header, then the job of
// instance 0.
std::string worker_page_bytes(const StressorJob& job) {
  std::unique_ptr<void, decltype(&std::free)> memory(std::calloc(1, sizeof(WorkerPage)),
                                                     &std::free);
  if (!memory) {
    throw RuntimeError("no memory for the guest's worker page");
  }
  WorkerPage* page = start_worker_page(memory.get());
  JobDecisions decisions;
  decisions.live_limit = guest_live_limit(job);
  const StressorInfo& info = require_stressor(job.stressor, "stressor").info;
  decisions.mailbox_slots = decisions.live_limit + info.foreign_child_slots;
  if (info.starts_helper) {
    decisions.helper_path = "/clonebench/helper";
  }
  page->job = make_worker_job(job, 0, decisions);
  return std::string(static_cast<const char*>(memory.get()), sizeof(WorkerPage));
}

void write_all(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t written = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (written < 0 && errno == EINTR) {
      continue;
    }
    if (written <= 0) {
      throw RuntimeError(fmt::format("writing the guest's initramfs: {}", std::strerror(errno)));
    }
    done += static_cast<std::size_t>(written);
  }
}

}  // namespace

std::uint64_t guest_live_limit(const StressorJob& job) {
  const StressorInfo& info = require_stressor(job.stressor, "stressor").info;
  if (!info.keeps_children_alive) {
    return 1;
  }
  const std::uint64_t instances = std::max<std::uint64_t>(1, job.instances);
  return std::max<std::uint64_t>(
      1, std::min<std::uint64_t>(job.clone_max, kGuestPidShare / instances));
}

void write_guest_initramfs(UnnamedFile& file, const std::vector<StressorJob>& jobs,
                           std::size_t runs, double run_deadline_s) {
  using Kind = ArchiveEntry::Kind;
  if (jobs.empty() || jobs.size() > kMaxGuestJobs) {
    throw std::invalid_argument("write_guest_initramfs: 1 to 10 jobs");
  }
  const std::string job_text = fmt::format("runs {}\njobs {}\ndeadline_ms {}\n", runs, jobs.size(),
                                           static_cast<long>(run_deadline_s * 1000));
  std::vector<ArchiveEntry> entries = {
      {Kind::kDirectory, "dev", 0755, {}, 0, 0},
      {Kind::kCharDevice, "dev/console", 0600, {}, 5, 1},
      {Kind::kDirectory, "proc", 0755, {}, 0, 0},
      {Kind::kDirectory, "sys", 0755, {}, 0, 0},
      {Kind::kDirectory, "clonebench", 0755, {}, 0, 0},
      {Kind::kFile, "init", 0755, file_bytes(find_private_program("clonebench-guest-init")), 0, 0},
      {Kind::kFile, "clonebench/worker", 0755,
       file_bytes(find_private_program("clonebench-worker")), 0, 0},
      {Kind::kFile, "clonebench/helper", 0755,
       file_bytes(find_private_program("clonebench-helper")), 0, 0},
      {Kind::kFile, "clonebench/job", 0644, job_text, 0, 0},
  };
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    entries.push_back(
        {Kind::kFile, fmt::format("clonebench/page{}", i), 0644, worker_page_bytes(jobs[i]), 0, 0});
  }
  write_all(file.fd(), newc_archive(entries));
}

}  // namespace clonebench

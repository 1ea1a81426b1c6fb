#include "worker/job_page.hpp"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace clonebench {

JobPage::JobPage(int fd) noexcept {
  struct stat info {};
  if (fd < 0 || ::fstat(fd, &info) != 0 ||
      info.st_size < static_cast<off_t>(sizeof(WorkerPageHeader))) {
    problem_ = "the descriptor does not hold a clonebench job";
    return;
  }
  bytes_ = static_cast<std::size_t>(info.st_size);
  mapping_ = ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (mapping_ == MAP_FAILED) {
    mapping_ = nullptr;
    problem_ = "the job descriptor cannot be mapped";
    return;
  }
  auto* header = static_cast<WorkerPageHeader*>(mapping_);
  problem_ = worker_page_problem(*header, bytes_);
  if (problem_ == nullptr) {
    page_ = static_cast<WorkerPage*>(mapping_);
  } else if (header->magic == kWorkerPageMagic) {
    header->worker_abi = kWorkerAbi;
    refused_version_ = true;
  }
}

JobPage::~JobPage() {
  if (mapping_ != nullptr) {
    ::munmap(mapping_, bytes_);
  }
}

}  // namespace clonebench

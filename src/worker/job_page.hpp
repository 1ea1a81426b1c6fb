#pragma once
// The worker's side of the instance page: the descriptor named on its command line, mapped and
// checked before anything in it is trusted.

#include <cstddef>
#include <string>

#include "record/worker_page.hpp"

namespace clonebench {

// How a worker ends; the supervisor passes the code on and the driver reads the page.
enum WorkerExit : int {
  kWorkerDone = 0,
  kWorkerUsage = 2,       // the job cannot run here (message in the page)
  kWorkerRuntime = 3,     // a syscall failed (message in the page)
  kWorkerRefused = 4,     // the page is from another version (header.worker_abi says ours)
  kWorkerNotStarted = 5,  // started without a job descriptor (message on stderr)
};

class JobPage {
 public:
  // Maps the page behind `fd` (a memfd the supervisor left open across exec). On failure
  // page() is nullptr and problem() says why; a page of another version gets our ABI written
  // into its header so the driver can name both.
  explicit JobPage(int fd) noexcept;
  ~JobPage();
  JobPage(const JobPage&) = delete;
  JobPage& operator=(const JobPage&) = delete;

  WorkerPage* page() const noexcept { return page_; }
  const char* problem() const noexcept { return problem_; }
  bool refused_version() const noexcept { return refused_version_; }

 private:
  void* mapping_ = nullptr;
  std::size_t bytes_ = 0;
  WorkerPage* page_ = nullptr;
  const char* problem_ = nullptr;
  bool refused_version_ = false;
};

}  // namespace clonebench

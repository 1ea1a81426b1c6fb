// clonebench-worker: the process that creates the children being measured. It is a separate,
// statically linked executable started with execve by each instance's supervisor, so its address
// space is a small known baseline plus the parent the user asked for, whatever the driver holds.
// It is not a command: `clonebench run` starts it with `--job-fd N`, a memfd holding the job.
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string_view>

#include "worker/job_page.hpp"
#include "worker/worker_run.hpp"

// libstdc++'s default terminate handler demangles the type of an uncaught exception, which links
// a 37 KiB demangler and sprintf into the measured image (more resident text for every run). The
// worker catches every exception it expects; should another escape, it aborts without the name.
namespace __gnu_cxx {
void __verbose_terminate_handler() {
  std::abort();
}
}  // namespace __gnu_cxx

namespace {

// Whatever the driver's own parent left us (an ignored SIGCHLD would make children vanish
// before they can be waited for), the worker starts from default dispositions and no mask.
void reset_signals() noexcept {
  for (const int signal_number : {SIGCHLD, SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGALRM}) {
    ::signal(signal_number, SIG_DFL);
  }
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
}

// One line on stderr with write(2): stdio's printf would add its code to the measured image.
void say(std::string_view first, std::string_view second = {}) noexcept {
  for (const std::string_view text : {first, second, std::string_view("\n")}) {
    if (::write(STDERR_FILENO, text.data(), text.size()) < 0) {
      return;
    }
  }
}

int job_fd_argument(int argc, char** argv) noexcept {
  if (argc != 3 || std::strcmp(argv[1], "--job-fd") != 0) {
    return -1;
  }
  char* end = nullptr;
  const long fd = std::strtol(argv[2], &end, 10);
  return end != argv[2] && *end == '\0' && fd >= 0 && fd < 65536 ? static_cast<int>(fd) : -1;
}

}  // namespace

int main(int argc, char** argv) {
  const int fd = job_fd_argument(argc, argv);
  if (fd < 0) {
    say("clonebench-worker: not a command; `clonebench run` starts it with --job-fd N (the "
        "descriptor of a job it prepared)");
    return clonebench::kWorkerNotStarted;
  }
  reset_signals();
  const clonebench::JobPage job(fd);
  ::close(fd);  // mapped now; the children need not inherit it
  if (job.page() == nullptr) {
    say("clonebench-worker: ", job.problem());
    return job.refused_version() ? clonebench::kWorkerRefused : clonebench::kWorkerNotStarted;
  }
  return clonebench::run_instance(*job.page());
}

// stress-ng 0.15.06's clone stressor (stress-clone.c), call for call. Every attempt appends a
// separately mapped 12 KiB descriptor to a FIFO (the legacy clone child's 8 KiB stack is inside
// it); a failed call reaps the head, a full list reaps the head, and reaping is
// waitpid(pid, __WCLONE) alone: it waits for legacy clone children (exit signal 0) and returns
// ECHILD at once for clone3 children (SIGCHLD) and CLONE_PARENT children (not ours), which stay
// zombies until the worker exits and its supervisor reaps them. A failed call leaves its
// descriptor in the list with pid -1, whose turn waits for any clone child. CLONE_PIDFD
// descriptors are never closed. The ballast is stress-ng's: 32768 pages, MAP_POPULATE, no advice.
#include <linux/sched.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <optional>

#include "core/error.hpp"
#include "process/process_control.hpp"
#include "stressors/clone3_arguments.hpp"
#include "stressors/clone_flags.hpp"
#include "stressors/stress_ng_child_work.hpp"
#include "stressors/stress_ng_stressors.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kCloneStackBytes = 8 * 1024;
constexpr std::size_t kBallastPages = 32768;

// stress_clone_t.
struct CloneDescriptor {
  CloneDescriptor* next;
  pid_t pid;
  std::uint64_t stack[kCloneStackBytes / sizeof(std::uint64_t)];
};

// stress_clone_list_t: the FIFO of descriptors and the free list they are recycled through.
class DescriptorList {
 public:
  std::uint64_t length() const noexcept { return length_; }
  bool empty() const noexcept { return head_ == nullptr; }

  // stress_clone_new(): a recycled or newly mapped descriptor at the tail; nullptr when mmap fails.
  CloneDescriptor* append() noexcept {
    CloneDescriptor* fresh = free_;
    if (fresh != nullptr) {
      free_ = fresh->next;
      fresh->next = nullptr;
    } else {
      void* mapped = ::mmap(nullptr, sizeof(CloneDescriptor), PROT_READ | PROT_WRITE,
                            MAP_ANONYMOUS | MAP_PRIVATE, -1, 0);
      if (mapped == MAP_FAILED) {
        return nullptr;
      }
      fresh = static_cast<CloneDescriptor*>(mapped);
    }
    if (head_ != nullptr) {
      tail_->next = fresh;
    } else {
      head_ = fresh;
    }
    tail_ = fresh;
    ++length_;
    return fresh;
  }

  // stress_clone_head_remove(): wait for the head with __WCLONE (result ignored), recycle it.
  void remove_head() noexcept {
    if (head_ == nullptr) {
      return;
    }
    CloneDescriptor* head = head_;
    int status = 0;
    (void)::waitpid(head->pid, &status, __WCLONE);
    head_ = tail_ == head ? nullptr : head->next;
    if (head_ == nullptr) {
      tail_ = nullptr;
    }
    head->next = free_;
    free_ = head;
    --length_;
  }

  // stress_clone_free(): unmap every descriptor, listed or free.
  void release() noexcept {
    for (CloneDescriptor** list : {&head_, &free_}) {
      while (*list != nullptr) {
        CloneDescriptor* next = (*list)->next;
        ::munmap(*list, sizeof(CloneDescriptor));
        *list = next;
      }
    }
    tail_ = nullptr;
    length_ = 0;
  }

 private:
  CloneDescriptor* head_ = nullptr;
  CloneDescriptor* tail_ = nullptr;
  CloneDescriptor* free_ = nullptr;
  std::uint64_t length_ = 0;
};

void* map_shared(std::size_t bytes) {
  void* mapped = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) {
    throw_errno("clone: mmap of stress-ng's shared timing page");
  }
  return mapped;
}

int legacy_clone_child(void* timing) {
  return stress_ng_clone_child_work(static_cast<StressNgCloneTiming*>(timing));
}

class StressNgClone final : public StressNgWorkload {
 public:
  ~StressNgClone() override { unmap_shared(); }

  void prepare(const WorkerJob& job) override {
    timing_ = new (map_shared(sizeof(StressNgCloneTiming))) StressNgCloneTiming{};
    timing_->lock = new (map_shared(sizeof(std::atomic<bool>))) std::atomic<bool>(false);
    chooser_.emplace(MwcRandom::stress_ng_seeded(job.seed), stress_ng_debian12_single_flags());
    clone_max_ = job.live_limit;
    stress_ng_make_oom_killable();
    if (const int error = drop_capabilities(); error != 0) {
      throw_errno("clone: cannot drop capabilities", error);
    }
    ballast_bytes_ = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE)) * kBallastPages;
    ballast_ = ::mmap(nullptr, ballast_bytes_, PROT_READ | PROT_WRITE,
                      MAP_ANONYMOUS | MAP_PRIVATE | MAP_POPULATE, -1, 0);
  }

  void run(WorkloadProbe& probe) noexcept override {
    do {
      if (list_.length() >= clone_max_) {
        list_.remove_head();
        continue;
      }
      const CloneChoice choice = chooser_->next(clone3_available_);
      CloneDescriptor* descriptor = list_.append();
      if (descriptor == nullptr) {
        break;
      }
      descriptor->pid = launch(choice, *descriptor, probe);
      if (descriptor->pid == -1) {
        list_.remove_head();  // the head, not the failed descriptor, as stress-ng does
        continue;
      }
      probe.bogo_op();
    } while (probe.keep_running());
  }

  void finish() noexcept override {
    if (ballast_ != MAP_FAILED) {
      ::munmap(ballast_, ballast_bytes_);
      ballast_ = MAP_FAILED;
    }
    while (!list_.empty()) {
      list_.remove_head();
    }
    list_.release();
  }

  bool misc_metric(double& value) const noexcept override {
    const double average_s = timing_->count > 0.0 ? timing_->duration_s / timing_->count : 0.0;
    value = average_s * 1e6;
    return true;
  }

 private:
  pid_t launch(const CloneChoice& choice, CloneDescriptor& descriptor,
               WorkloadProbe& probe) noexcept {
    pid_t child_tid = -1, parent_tid = -1;
    long pid = -1;
    if (choice.use_clone3) {
      int pidfd = -1;  // never closed: stress-ng leaks it
      clone_args arguments = clone3_arguments(choice.flags, pidfd, child_tid, parent_tid);
      timing_->t_start_s = stress_ng_time_now_s();
      const std::int64_t before_ns = probe.before_call();
      pid = ::syscall(SYS_clone3, &arguments, CLONE_ARGS_SIZE_VER0);
      if (pid == 0) {
        ::_exit(stress_ng_clone_child_work(timing_));
      }
      report(pid, before_ns, probe);
      if (pid < 0 && errno == ENOSYS) {
        clone3_available_ = false;
      }
    } else {
      // stress_get_stack_top() and stress_align_stack(): 64 bytes below the end, 16-aligned.
      auto top = reinterpret_cast<std::uintptr_t>(descriptor.stack) + kCloneStackBytes - 64;
      top &= ~std::uintptr_t{0xf};
      timing_->t_start_s = stress_ng_time_now_s();
      const std::int64_t before_ns = probe.before_call();
      pid = ::clone(&legacy_clone_child, reinterpret_cast<void*>(top),
                    static_cast<int>(choice.flags), timing_, &parent_tid, nullptr, &child_tid);
      report(pid, before_ns, probe);
    }
    return pid < 0 ? -1 : static_cast<pid_t>(pid);
  }

  static void report(long pid, std::int64_t before_ns, WorkloadProbe& probe) noexcept {
    if (pid < 0) {
      const int error = errno;
      probe.call_failed(error);
      errno = error;
    } else {
      probe.call_succeeded(before_ns);
    }
  }

  void unmap_shared() noexcept {
    if (timing_ != nullptr) {
      ::munmap(timing_->lock, sizeof(std::atomic<bool>));
      ::munmap(timing_, sizeof(StressNgCloneTiming));
      timing_ = nullptr;
    }
  }

  StressNgCloneTiming* timing_ = nullptr;
  std::optional<CloneFlagChooser> chooser_;
  DescriptorList list_;
  std::uint64_t clone_max_ = 1;
  bool clone3_available_ = true;
  void* ballast_ = MAP_FAILED;
  std::size_t ballast_bytes_ = 0;
};

}  // namespace

std::unique_ptr<StressNgWorkload> make_stress_ng_clone() {
  return std::make_unique<StressNgClone>();
}

}  // namespace clonebench

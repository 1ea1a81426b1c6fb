// A thread created with pthread_create and joined with pthread_join: one bogo op per thread.
#include <pthread.h>

#include "core/error.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {
namespace {

struct ThreadArgument {
  Mailbox* mailbox = nullptr;
  std::size_t slot = 0;
};

void* thread_body(void* raw) {
  const auto* argument = static_cast<const ThreadArgument*>(raw);
  argument->mailbox->stamp_start(argument->slot);
  argument->mailbox->stamp_exit(argument->slot);
  return nullptr;
}

class ThreadStressor final : public Stressor {
 public:
  ~ThreadStressor() override { ::pthread_attr_destroy(&attributes_); }
  void prepare(const StressorContext& context) override {
    argument_.mailbox = context.mailbox;
    if (::pthread_attr_init(&attributes_) != 0) {
      throw RuntimeError("pthread_attr_init failed");
    }
  }
  void before_launch(std::size_t slot) noexcept override { argument_.slot = slot; }
  Launched launch(std::size_t /*slot*/) noexcept override {
    pthread_t thread{};
    const int error = ::pthread_create(&thread, &attributes_, &thread_body, &argument_);
    if (error != 0) {
      return Launched{.pid = -1, .error = error};
    }
    return Launched{.pid = 0, .handle = static_cast<std::uintptr_t>(thread)};
  }
  Reaped reap(const Launched& launched) noexcept override {
    const int error = ::pthread_join(static_cast<pthread_t>(launched.handle), nullptr);
    return Reaped{error == 0, error, 0};
  }

 private:
  pthread_attr_t attributes_{};
  ThreadArgument argument_;
};

}  // namespace

extern const StressorDef kThreadStressor{
    {.name = "thread",
     .summary = "pthread_create() of a thread that returns at once, then pthread_join()",
     .child_start = "the thread function's first instruction"},
    &make_stressor<ThreadStressor>};

}  // namespace clonebench

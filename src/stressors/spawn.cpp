// posix_spawn() of the helper program, which stamps the mailbox and exits at once.
#include <spawn.h>

#include "stressors/helper_stressor.hpp"

namespace clonebench {
namespace {

class SpawnStressor final : public HelperStressor {
 public:
  Launched launch(std::size_t /*slot*/) noexcept override {
    pid_t pid = -1;
    const int error =
        ::posix_spawn(&pid, helper().path(), nullptr, nullptr, helper().argv(), helper().envp());
    return error != 0 ? Launched{.pid = -1, .error = error} : Launched{.pid = pid};
  }
};

}  // namespace

extern const StressorDef kSpawnStressor{
    {.name = "spawn",
     .summary = "posix_spawn() of a tiny helper program that exits at once",
     .child_start = "the helper's main() (after the exec inside posix_spawn)",
     .starts_helper = true},
    &make_stressor<SpawnStressor>};

}  // namespace clonebench

// posix_spawn() of the helper program, which stamps the mailbox and exits at once.
#include <spawn.h>

#include <optional>

#include "stressors/helper_program.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {

extern const StressorDef kSpawnStressor;

namespace {

class SpawnStressor final : public Stressor {
 public:
  const StressorInfo& info() const noexcept override { return kSpawnStressor.info; }
  void prepare(const StressorContext& context) override { helper_.emplace(context.mailbox->fd()); }
  Launched launch(std::size_t /*slot*/) noexcept override {
    pid_t pid = -1;
    const int error =
        ::posix_spawn(&pid, helper_->path(), nullptr, nullptr, helper_->argv(), helper_->envp());
    return error != 0 ? Launched{.pid = -1, .error = error} : Launched{.pid = pid};
  }

 private:
  std::optional<HelperProgram> helper_;
};

std::unique_ptr<Stressor> make_spawn() {
  return std::make_unique<SpawnStressor>();
}

}  // namespace

extern const StressorDef kSpawnStressor{
    {"spawn", "posix_spawn() of a tiny helper program that exits at once",
     "the helper's main() (after the exec inside posix_spawn)"},
    &make_spawn};

}  // namespace clonebench

#pragma once
// The base of the stressors whose child is the helper program (spawn, exec): the program, its
// argv and its environment are prepared once from the job, so launch() only passes pointers.

#include <optional>

#include "stressors/helper_program.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {

class HelperStressor : public Stressor {
 public:
  void prepare(const StressorContext& context) override {
    helper_.emplace(context.job->helper_path, context.mailbox->fd());
  }

 protected:
  HelperProgram& helper() noexcept { return *helper_; }

 private:
  std::optional<HelperProgram> helper_;
};

}  // namespace clonebench

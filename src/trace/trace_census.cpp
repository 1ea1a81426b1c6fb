#include "trace/trace_census.hpp"

#include <linux/sched.h>

#include <array>
#include <utility>

namespace clonebench {
namespace {

constexpr std::array<std::pair<CreationKind, const char*>, 4> kCreationKindNames{{
    {CreationKind::kFork, "fork"},
    {CreationKind::kVfork, "vfork"},
    {CreationKind::kThread, "thread"},
    {CreationKind::kOtherClone, "other clone"},
}};

}  // namespace

const char* creation_kind_name(CreationKind kind) noexcept {
  for (const auto& [each, name] : kCreationKindNames) {
    if (each == kind) {
      return name;
    }
  }
  return "other clone";
}

bool parse_creation_kind(const std::string& name, CreationKind& kind) noexcept {
  for (const auto& [each, each_name] : kCreationKindNames) {
    if (name == each_name) {
      kind = each;
      return true;
    }
  }
  return false;
}

CreationKind classify_clone_flags(std::uint64_t clone_flags) noexcept {
  if ((clone_flags & CLONE_THREAD) != 0) {
    return CreationKind::kThread;
  }
  const std::uint64_t vfork_like = CLONE_VM | CLONE_VFORK;
  if ((clone_flags & vfork_like) == vfork_like) {
    return CreationKind::kVfork;
  }
  if ((clone_flags & CLONE_VM) != 0) {
    return CreationKind::kOtherClone;
  }
  return CreationKind::kFork;
}

}  // namespace clonebench

// The one JSON codec of a kernels result (schema clonebench-kernels/1, docs/kernels.md).

#include "compare/renderers.hpp"
#include "core/text_safety.hpp"
#include "kernels/kernels_result.hpp"

namespace clonebench {
namespace {

nlohmann::ordered_json side_json(const KernelSide& side) {
  return {{"label", side.label},
          {"image", side.image.path},
          {"image_sha256", side.image.sha256},
          {"image_bytes", side.image.bytes},
          {"kernel_release", side.release}};
}

nlohmann::ordered_json boot_json(const BootRecord& boot) {
  nlohmann::ordered_json json = {{"sequence", boot.sequence},
                                 {"image", boot.image == Image::kA ? "a" : "b"},
                                 {"ok", boot.ok},
                                 {"boot_id", boot.boot_id},
                                 {"kernel_release", boot.release},
                                 {"runs", boot.runs},
                                 {"wall_s", boot.wall_s}};
  if (!boot.ok) {
    json["failure"] = boot.failure;
    json["last_console_lines"] = boot.last_lines;
  }
  return json;
}

}  // namespace

std::size_t KernelsResult::failed_boots() const noexcept {
  std::size_t failed = 0;
  for (const BootRecord& boot : boots) {
    failed += boot.ok ? 0 : 1;
  }
  return failed;
}

std::string emulation_notice() {
  return "Emulated (QEMU TCG, no KVM): these timings measure an emulator and do not represent "
         "the speed of either kernel on hardware; use them to check that things work, not to "
         "judge a kernel.";
}

nlohmann::ordered_json kernels_to_json(const KernelsResult& result) {
  nlohmann::ordered_json boots = nlohmann::ordered_json::array();
  for (const BootRecord& boot : result.boots) {
    boots.push_back(boot_json(boot));
  }
  nlohmann::ordered_json json = {
      {"schema", kKernelsSchema},
      {"experiment", result.tag},
      {"spec", result.spec},
      {"accelerator", accelerator_name(result.accelerator)},
      {"emulated", result.emulated()},
      {"accelerator_note", result.accelerator_note},
      {"seed", result.seed},
      {"boot_order", result.order},
      {"runs_per_boot", result.runs_per_boot},
      {"guest",
       {{"cpus", result.cpus}, {"memory_mb", result.memory_mb}, {"append", result.append}}},
      {"a", side_json(result.a)},
      {"b", side_json(result.b)},
      {"boots", boots},
      {"failed_boots", result.failed_boots()},
      {"stop_reason", result.stop_reason},
      {"comparison",
       result.comparison ? compare_to_json(*result.comparison) : nlohmann::ordered_json(nullptr)}};
  if (result.emulated()) {
    json["notice"] = emulation_notice();
  }
  return json;
}

std::string render_kernels_json(const KernelsResult& result) {
  return dump_json(kernels_to_json(result), 2) + "\n";
}

}  // namespace clonebench

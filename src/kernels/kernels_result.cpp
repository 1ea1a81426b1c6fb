// A kernels result in its stored form (record/kernels_summary.hpp), and through that form's
// codec and compare's, its clonebench-kernels/1 document (docs/kernels.md).

#include "kernels/kernels_result.hpp"

#include "compare/compare_json.hpp"
#include "compare/renderers.hpp"
#include "core/text_safety.hpp"
#include "record/kernels_summary_json.hpp"

namespace clonebench {
namespace {

KernelsSummarySide stored_side(const KernelSide& side) {
  return {side.label, side.image.path, side.image.sha256, side.image.bytes, side.release};
}

KernelsSummaryBoot stored_boot(const BootRecord& boot) {
  return {boot.sequence,  boot.image == Image::kA ? "a" : "b",
          boot.ok,        boot.boot_id,
          boot.release,   boot.runs,
          boot.wall_s,    boot.failure,
          boot.last_lines};
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
  return kKernelsEmulationNotice;
}

KernelsSummary kernels_summary_of(const KernelsResult& result) {
  std::vector<KernelsSummaryBoot> boots;
  for (const BootRecord& boot : result.boots) {
    boots.push_back(stored_boot(boot));
  }
  return {.experiment = result.tag,
          .spec = result.spec,
          .accelerator = accelerator_name(result.accelerator),
          .emulated = result.emulated(),
          .accelerator_note = result.accelerator_note,
          .seed = result.seed,
          .boot_order = result.order,
          .runs_per_boot = result.runs_per_boot,
          .guest_cpus = result.cpus,
          .guest_memory_mb = result.memory_mb,
          .guest_append = result.append,
          .a = stored_side(result.a),
          .b = stored_side(result.b),
          .boots = std::move(boots),
          .failed_boots = result.failed_boots(),
          .stop_reason = result.stop_reason,
          .comparison = std::nullopt};
}

nlohmann::ordered_json kernels_to_json(const KernelsResult& result) {
  return kernels_summary_to_json(
      kernels_summary_of(result),
      result.comparison ? compare_to_json(*result.comparison) : nlohmann::ordered_json(nullptr));
}

std::string render_kernels_json(const KernelsResult& result) {
  return dump_json(kernels_to_json(result), 2) + "\n";
}

}  // namespace clonebench

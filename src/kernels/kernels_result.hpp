#pragma once
// The result of `clonebench kernels`: the plan as it ran (images, order, accelerator), every
// boot with its outcome, and the comparison with boots as the units. It is stored, and written
// with --json, in its record form (record/kernels_summary.hpp, whose codec is the one JSON codec);
// pure renderers (kernels_render.cpp) take it.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.hpp"
#include "kernels/boot_order.hpp"
#include "kernels/kernel_image.hpp"
#include "kernels/qemu_boot.hpp"
#include "record/kernels_summary.hpp"

namespace clonebench {

struct KernelSide {
  std::string label;  // stored label of its runs ("<tag>:a")
  KernelImage image;
  std::string release;  // as the guest reported it (empty until a boot worked)
};

struct BootRecord {
  std::size_t sequence = 0;  // 1-based position in the boot order
  Image image = Image::kA;
  bool ok = false;
  std::string boot_id, release;
  std::size_t runs = 0;
  double wall_s = 0;
  std::string failure;                  // when not ok
  std::vector<std::string> last_lines;  // of the console, when not ok
};

struct KernelsResult {
  std::string tag;   // the stored experiment; empty with --no-store
  std::string spec;  // the run spec, as given
  Accelerator accelerator = Accelerator::kTcg;
  std::string accelerator_note;  // why this accelerator ("KVM could not run the guest: ...")
  std::uint64_t seed = 0;
  std::string order;  // boot_order_text()
  std::size_t runs_per_boot = 0;
  unsigned cpus = 1, memory_mb = 512;
  std::string append;
  KernelSide a, b;
  std::vector<BootRecord> boots;
  std::optional<ComparisonResult> comparison;  // absent when a side has no successful boot
  std::string stop_reason;  // "the planned boots" | "precision reached" | "--max-time" | ...
  bool emulated() const noexcept { return accelerator == Accelerator::kTcg; }
  std::size_t failed_boots() const noexcept;
};

// The sentence every output carries under TCG.
std::string emulation_notice();

// The stored form of `result`, its comparison aside (compare's document, encoded by compare).
KernelsSummary kernels_summary_of(const KernelsResult& result);
nlohmann::ordered_json kernels_to_json(const KernelsResult& result);
std::string render_kernels_json(const KernelsResult& result);
std::string render_kernels_table(const KernelsResult& result);

// git bisect run's code for this result (compare/bisect.hpp): a failed boot skips the commit.
int kernels_bisect_code(const KernelsResult& result);

}  // namespace clonebench

// The human table of a kernels result: the plan, one line per boot (failed boots with their last
// console lines), the comparison with boots as the units, and under TCG the emulation notice
// first and last, so that no excerpt of the output loses it.

#include <fmt/core.h>

#include "compare/bisect.hpp"
#include "compare/renderers.hpp"
#include "core/text_safety.hpp"
#include "kernels/kernels_result.hpp"

namespace clonebench {
namespace {

std::string side_line(const char* name, const KernelSide& side) {
  return fmt::format("{}        {} ({}, sha256 {}…)\n", name, printable(side.image.path),
                     side.release.empty() ? "release unknown" : printable(side.release),
                     side.image.sha256.substr(0, 12));
}

std::string boot_line(const BootRecord& boot, const KernelsResult& result) {
  const char image = boot.image == Image::kA ? 'A' : 'B';
  if (boot.ok) {
    return fmt::format("  {:>3}  {}  ok      {} runs  {:6.1f} s  boot {}\n", boot.sequence, image,
                       boot.runs, boot.wall_s, boot.boot_id);
  }
  std::string text = fmt::format("  {:>3}  {}  FAILED  {:6.1f} s  {}\n", boot.sequence, image,
                                 boot.wall_s, boot.failure);
  for (const std::string& line : boot.last_lines) {
    text += "            | " + line + "\n";
  }
  (void)result;
  return text;
}

}  // namespace

std::string render_kernels_table(const KernelsResult& result) {
  std::string out;
  if (result.emulated()) {
    out += "NOTE     " + emulation_notice() + "\n";
  }
  out +=
      fmt::format("kernels  {} runs of \"{}\" per boot; accelerator {}{}\n", result.runs_per_boot,
                  printable(result.spec), accelerator_name(result.accelerator),
                  result.accelerator_note.empty() ? "" : " (" + result.accelerator_note + ")");
  out += side_line("A", result.a);
  out += side_line("B", result.b);
  out += fmt::format("order    {} (seed {}); guest {} CPU{}, {} MiB{}\n", result.order, result.seed,
                     result.cpus, result.cpus == 1 ? "" : "s", result.memory_mb,
                     result.append.empty() ? "" : ", append \"" + printable(result.append) + "\"");
  out += fmt::format("boots    {} done, {} failed; stopped: {}\n", result.boots.size(),
                     result.failed_boots(), result.stop_reason);
  for (const BootRecord& boot : result.boots) {
    out += boot_line(boot, result);
  }
  out += "\n";
  if (result.comparison) {
    out += render_compare_table(*result.comparison);
  } else {
    out += "summary  No comparison: a kernel has no successful boot.\n";
  }
  if (result.emulated()) {
    out += "NOTE     " + emulation_notice() + "\n";
  }
  return out;
}

int kernels_bisect_code(const KernelsResult& result) {
  if (result.failed_boots() > 0 || !result.comparison) {
    return kBisectSkip;
  }
  return bisect_exit_code(*result.comparison);
}

}  // namespace clonebench

#include "kernels/hvo_key_kernels.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/text_safety.hpp"
#include "stats/descriptive.hpp"
#include "stats/hodges_lehmann.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

constexpr double kPageBytes = 4096;

// The median of a boot's runs of `job`; nullopt when the boot has none.
std::optional<double> boot_value(const BootRecord& boot, const std::string& job) {
  for (const BootJobValues& values : boot.values) {
    if (values.job == job && !values.runs.empty()) {
      return median(values.runs);
    }
  }
  return std::nullopt;
}

}  // namespace

std::string refuse_image_without_hvo(const KernelImage& image, const std::string& flag) {
  const std::filesystem::path path(image.path);
  const std::string name = path.filename().string();
  const std::string prefix = "vmlinuz-";
  if (!name.starts_with(prefix)) {
    return "";
  }
  const std::filesystem::path config =
      path.parent_path() / ("config-" + name.substr(prefix.size()));
  const std::optional<std::string> text = read_text_file(config);
  if (!text) {
    return "";
  }
  if (text->find("\nCONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP=y\n") == std::string::npos) {
    throw UsageError(fmt::format(
        "{} {}: --preset hvo-key: its kernel has no HVO (no CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP=y "
        "in {}), so there is no key to turn on",
        flag, printable(image.path), printable(config.string())));
  }
  return config.string();
}

void check_hvo_key_boot(const BootRecord& boot, const KernelsResult& result) {
  if (!boot.ok) {
    return;
  }
  const bool wants_on = boot.image == Image::kB;
  if (!boot.hvo_key_on || *boot.hvo_key_on != wants_on) {
    throw UsageError(fmt::format(
        "--preset hvo-key: boot {} of {} ({}) should have the HVO key {} but its guest "
        "reports {}{}",
        boot.sequence, printable(result.a.image.path),
        wants_on ? std::string("append \"") + kKernelsHvoKeyAppend + "\"" : "no own options",
        wants_on ? "on" : "off",
        boot.hvo_key_on ? (*boot.hvo_key_on ? "it on" : "it off") : "no HugeTLB switch",
        boot.hvo_basis.empty() ? "" : " (" + boot.hvo_basis + ")"));
  }
}

std::optional<PteCost> hvo_key_pte_cost(const KernelsResult& result, const std::string& small_job,
                                        const std::string& large_job, std::uint64_t small_bytes,
                                        std::uint64_t large_bytes, double alpha) {
  PteCost cost;
  cost.small_pages = static_cast<double>(small_bytes) / kPageBytes;
  cost.large_pages = static_cast<double>(large_bytes) / kPageBytes;
  std::vector<double> off, on;
  for (const BootRecord& boot : result.boots) {
    const std::optional<double> small = boot_value(boot, small_job);
    const std::optional<double> large = boot_value(boot, large_job);
    if (boot.ok && small && large) {
      (boot.image == Image::kA ? off : on)
          .push_back((*large - *small) / (cost.large_pages - cost.small_pages));
    }
  }
  if (off.empty() || on.empty()) {
    return std::nullopt;
  }
  cost.boots_off = off.size();
  cost.boots_on = on.size();
  cost.off_per_page = median(off);
  cost.on_per_page = median(on);
  const ShiftEstimate shift = hodges_lehmann_unpaired(off, on, alpha);
  cost.estimate = shift.estimate;
  cost.ci_low = shift.ci_low;
  cost.ci_high = shift.ci_high;
  cost.enough_boots = std::isfinite(shift.ci_low) && std::isfinite(shift.ci_high);
  return cost;
}

std::string render_pte_cost(const PteCost& cost, double alpha) {
  const std::string interval =
      cost.enough_boots
          ? interval_text_of(cost.ci_low, cost.ci_high)
          : std::string("n/a (too few boots: a rank interval needs 4 a side at α = 0.05)");
  const bool resolved = cost.enough_boots && (cost.ci_low > 0 || cost.ci_high < 0);
  return fmt::format(
      "per PTE  key on − off: {} instructions per 4 KiB page of the parent, {:g} % CI {}{}\n"
      "         (each boot's slope between {:.0f} and {:.0f} pages: off {}, on {} instructions "
      "per page, medians of {} and {} boots; the change per operation above is the larger "
      "parent's)\n",
      cost.enough_boots ? number_in_interval(cost.estimate, cost.ci_low, cost.ci_high)
                        : significant_text(cost.estimate),
      (1 - alpha) * 100, interval, resolved ? "  <- the key's cost per PTE copied at fork" : "",
      cost.small_pages, cost.large_pages, significant_text(cost.off_per_page),
      significant_text(cost.on_per_page), cost.boots_off, cost.boots_on);
}

}  // namespace clonebench

#pragma once
// Which `compound_head()` world a kernel is in (docs/kernel.md, "Kernels of every era"): one with
// HVO fake heads and the static key hugetlb_optimize_vmemmap_key — before c0bff412e67b, after it
// with _compound_head() out of line, or after ef5f379de302 with it inlined — or one where the
// "Eliminate fake head pages" series (Kiryl Shutsemau, 2026) removed both and made
// compound_head() branchless. Pure: what the kernel exposes in, a verdict with its certainty out.

#include <optional>
#include <string>
#include <string_view>

namespace clonebench {

enum class HeadWorld {
  kPreC0bff412,   // fake heads; PageAnonExclusive() looks up one head per PTE at fork
  kC0bff412,      // fake heads; a second lookup per PTE, _compound_head() out of line
  kEf5f379,       // fake heads; _compound_head() always inline
  kFakeHeadFree,  // the elimination series: no fake heads, no key, branchless compound_head()
  kNoHvo,         // HVO not compiled in: no fake-head check, whichever compound_head() it has
  kUnknown,
};

enum class Certainty { kCertain, kLikely, kUnknown };

// What the kernel exposes; nullopt / false where it could not be read.
struct HeadWorldEvidence {
  std::string kernel_release;    // uname -r; "" when unknown
  bool kallsyms_listed = false;  // /proc/kallsyms readable and not empty
  // The data symbols seen (only when kallsyms_listed): the sentinel init_task shows that data
  // symbols are listed at all, so that the key's absence is evidence.
  bool data_symbols_listed = false;
  bool hvo_key_symbol = false;                         // hugetlb_optimize_vmemmap_key listed
  bool compound_head_out_of_line = false;              // a text symbol _compound_head listed
  std::optional<std::string> config_optimize_vmemmap;  // CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP
};

struct HeadWorldVerdict {
  HeadWorld world = HeadWorld::kUnknown;
  Certainty certainty = Certainty::kUnknown;  // of "fake heads or not", see basis for the era
  std::string basis;                          // "certain: ...", "likely: ...", "unknown: ..."
};

HeadWorldVerdict decide_head_world(const HeadWorldEvidence& evidence);

// "pre-c0bff412", "c0bff412", "ef5f379", "fake-head-free", "no-hvo", "unknown": the names the
// JSON and `clonebench model` use; and back (unknown text gives kUnknown).
std::string_view head_world_name(HeadWorld world);
HeadWorld head_world_from_name(std::string_view name);
std::string_view certainty_name(Certainty certainty);  // "certain" | "likely" | "unknown"

// One line for people: what that world's compound_head() does per PTE.
std::string_view head_world_description(HeadWorld world);

// Major and minor of a release string ("6.18.44-fc-v1147" -> 6, 18); nullopt when it does not
// start with two dot-separated numbers.
struct KernelVersion {
  int major = 0;
  int minor = 0;
  auto operator<=>(const KernelVersion&) const = default;
};
std::optional<KernelVersion> parse_kernel_version(std::string_view release);

}  // namespace clonebench

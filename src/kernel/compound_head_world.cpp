#include "kernel/compound_head_world.hpp"

#include <fmt/core.h>

#include <charconv>

namespace clonebench {
namespace {

// The releases the decision leans on (docs/kernel.md, "Kernels of every era"): c0bff412e67b
// entered in 6.10, ef5f379de302 in 6.12; the key got its current name around 5.18; 6.18 is the
// newest release on which switching the key has been seen to change fork cost. The release
// that took in the elimination series is not known here, so no version decides "fake-head-free".
constexpr KernelVersion kC0bff412Release{6, 10};
constexpr KernelVersion kEf5f379Release{6, 12};
constexpr KernelVersion kOldestKeyRelease{5, 18};
constexpr KernelVersion kNewestSeenWithKey{6, 18};

std::string version_text(const KernelVersion& version) {
  return fmt::format("{}.{}", version.major, version.minor);
}

// Which fake-head era: by the release when known, by whether _compound_head is listed when
// the release is 6.10 or newer (a compiler may outline or inline regardless of the commit).
HeadWorld fake_head_era(const std::optional<KernelVersion>& version,
                        const HeadWorldEvidence& evidence) {
  if (version && *version < kC0bff412Release) {
    return HeadWorld::kPreC0bff412;
  }
  if (evidence.kallsyms_listed) {
    return evidence.compound_head_out_of_line ? HeadWorld::kC0bff412 : HeadWorld::kEf5f379;
  }
  if (version && *version < kEf5f379Release) {
    return HeadWorld::kC0bff412;
  }
  return HeadWorld::kEf5f379;
}

std::string kallsyms_note(const HeadWorldEvidence& evidence) {
  if (!evidence.kallsyms_listed) {
    return "/proc/kallsyms tells nothing";
  }
  return fmt::format(
      "/proc/kallsyms lists no data symbols (needs CONFIG_KALLSYMS_ALL), so the "
      "absence of {} proves nothing",
      "hugetlb_optimize_vmemmap_key");
}

HeadWorldVerdict decide_without_key_evidence(const std::optional<KernelVersion>& version,
                                             const HeadWorldEvidence& evidence) {
  if (evidence.kallsyms_listed && evidence.compound_head_out_of_line) {
    return {fake_head_era(version, evidence), Certainty::kLikely,
            "likely: _compound_head is a function of its own, as GCC emitted it while the "
            "fake-head check made it large (before ef5f379de302); the branchless form of the "
            "elimination series has nothing to outline"};
  }
  if (!version) {
    return {HeadWorld::kUnknown, Certainty::kUnknown,
            fmt::format("unknown: the release cannot be parsed and {}", kallsyms_note(evidence))};
  }
  const std::string release = version_text(*version);
  if (*version < kOldestKeyRelease) {
    return {HeadWorld::kUnknown, Certainty::kUnknown,
            fmt::format("unknown: Linux {} is older than {}, before the HVO static key had its "
                        "present form, and {}",
                        release, version_text(kOldestKeyRelease), kallsyms_note(evidence))};
  }
  if (*version <= kNewestSeenWithKey) {
    return {fake_head_era(version, evidence), Certainty::kLikely,
            fmt::format("likely: Linux {} is not newer than {}, the newest release on which "
                        "switching the HVO key "
                        "was seen to change fork cost; {}",
                        release, version_text(kNewestSeenWithKey), kallsyms_note(evidence))};
  }
  return {HeadWorld::kUnknown, Certainty::kUnknown,
          fmt::format("unknown: Linux {} is newer than {} and the release that took in the "
                      "elimination series is not known here; {}",
                      release, version_text(kNewestSeenWithKey), kallsyms_note(evidence))};
}

}  // namespace

std::optional<KernelVersion> parse_kernel_version(std::string_view release) {
  KernelVersion version;
  const char* end = release.data() + release.size();
  auto [after_major, major_error] = std::from_chars(release.data(), end, version.major);
  if (major_error != std::errc() || after_major == end || *after_major != '.') {
    return std::nullopt;
  }
  auto [after_minor, minor_error] = std::from_chars(after_major + 1, end, version.minor);
  if (minor_error != std::errc()) {
    return std::nullopt;
  }
  return version;
}

HeadWorldVerdict decide_head_world(const HeadWorldEvidence& evidence) {
  const std::optional<KernelVersion> version = parse_kernel_version(evidence.kernel_release);
  if (evidence.config_optimize_vmemmap && *evidence.config_optimize_vmemmap != "y") {
    return {HeadWorld::kNoHvo, Certainty::kCertain,
            "certain: CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP is not set, so no HugeTLB folio is "
            "ever optimized and compound_head() has no fake head to test for"};
  }
  if (evidence.kallsyms_listed && evidence.hvo_key_symbol) {
    return {fake_head_era(version, evidence), Certainty::kCertain,
            "certain: /proc/kallsyms lists hugetlb_optimize_vmemmap_key, the static key the "
            "elimination series removed"};
  }
  if (evidence.kallsyms_listed && evidence.data_symbols_listed) {
    if (evidence.config_optimize_vmemmap) {
      return {HeadWorld::kFakeHeadFree, Certainty::kCertain,
              "certain: /proc/kallsyms lists data symbols (init_task) but not "
              "hugetlb_optimize_vmemmap_key, although HVO is built in: the key is gone"};
    }
    return {HeadWorld::kFakeHeadFree, Certainty::kLikely,
            "likely: /proc/kallsyms lists data symbols (init_task) but not "
            "hugetlb_optimize_vmemmap_key; without the kernel config HVO may simply not be built "
            "(then there is no fake-head check either)"};
  }
  return decide_without_key_evidence(version, evidence);
}

std::string_view head_world_name(HeadWorld world) {
  switch (world) {
    case HeadWorld::kPreC0bff412:
      return "pre-c0bff412";
    case HeadWorld::kC0bff412:
      return "c0bff412";
    case HeadWorld::kEf5f379:
      return "ef5f379";
    case HeadWorld::kFakeHeadFree:
      return "fake-head-free";
    case HeadWorld::kNoHvo:
      return "no-hvo";
    case HeadWorld::kUnknown:
      return "unknown";
  }
  return "unknown";
}

HeadWorld head_world_from_name(std::string_view name) {
  for (const HeadWorld world : {HeadWorld::kPreC0bff412, HeadWorld::kC0bff412, HeadWorld::kEf5f379,
                                HeadWorld::kFakeHeadFree, HeadWorld::kNoHvo}) {
    if (head_world_name(world) == name) {
      return world;
    }
  }
  return HeadWorld::kUnknown;
}

std::string_view certainty_name(Certainty certainty) {
  switch (certainty) {
    case Certainty::kCertain:
      return "certain";
    case Certainty::kLikely:
      return "likely";
    case Certainty::kUnknown:
      return "unknown";
  }
  return "unknown";
}

std::string_view head_world_description(HeadWorld world) {
  switch (world) {
    case HeadWorld::kPreC0bff412:
      return "HVO fake heads behind the static key; one head lookup per PTE at fork, before "
             "c0bff412e67b added PageAnonExclusive()'s second";
    case HeadWorld::kC0bff412:
      return "HVO fake heads behind the static key; two head lookups per PTE at fork, each a "
             "call of the out-of-line _compound_head() (c0bff412e67b)";
    case HeadWorld::kEf5f379:
      return "HVO fake heads behind the static key; two head lookups per PTE at fork, "
             "_compound_head() always inline (ef5f379de302)";
    case HeadWorld::kFakeHeadFree:
      return "no fake heads and no static key: tail pages hold a mask and compound_head() is "
             "branchless (\"Eliminate fake head pages\", Shutsemau 2026)";
    case HeadWorld::kNoHvo:
      return "HVO not built: compound_head() has no fake-head test";
    case HeadWorld::kUnknown:
      return "cannot be told from what this kernel exposes";
  }
  return "";
}

}  // namespace clonebench

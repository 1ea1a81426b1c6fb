#pragma once
// The compiled variants of the walks: each is a separate translation unit built with its own
// macros and flags (src/model/CMakeLists.txt), reached here through function pointers.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/walk_context.hpp"

namespace clonebench::model {

// kBranchless: a branchless select over the head|1 word that keeps the fake-head check (no
// kernel has it; it isolates the data-dependent select). kFakeHeadFree: the kernel after the
// "Eliminate fake head pages" series: mask word, no fake-head check, no key.
enum class HeadMode { kOutline, kInline, kBranchless, kFakeHeadFree };

struct Variant {
  // "<pre|post>-<outline|inline|branchless>-<keyoff|keyon>-<ret|srso>", or
  // "post-fakeheadfree-nokey-<ret|srso>"
  std::string name;
  HeadMode head_mode = HeadMode::kOutline;
  bool anon_post = false;   // PageAnonExclusive with c0bff412e67b's page_folio step
  bool hvo_key = false;     // hugetlb_optimize_vmemmap_key patched on
  bool srso_thunk = false;  // returns through the SRSO-shaped __x86_return_thunk
  void (*copy_walk)(WalkContext*) = nullptr;
  void (*zap_walk)(WalkContext*) = nullptr;
  PageDescriptor* (*page_folio)(const PageDescriptor*) = nullptr;
  bool (*page_anon_exclusive)(const PageDescriptor*) = nullptr;
  std::string copy_walk_symbol;      // for disassembly checks
  std::string compound_head_symbol;  // the outlined function (kOutline only, else empty)
};

// "outline" | "inline" | "branchless" | "fakeheadfree"
std::string_view head_mode_name(HeadMode mode);

// All 26 variants, in a fixed order.
std::span<const Variant> all_variants();

// The baseline a variant is compared with: post-c0bff412, always-inline, same key and return.
const Variant& baseline_of(const Variant& variant);

// Variants selected by a comma-separated list of selectors. A selector is "all" or dash-joined
// name components ("srso", "post-outline", "post-inline-keyoff-srso"); it selects every variant
// having all of them. Throws UsageError naming `flag` for an unknown component or an empty pick.
std::vector<const Variant*> select_variants(std::string_view selectors, std::string_view flag);

}  // namespace clonebench::model

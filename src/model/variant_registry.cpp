#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "core/error.hpp"
#include "model/variant.hpp"

// Every combination of P (anon-exclusive post), M (head mode 0-2), K (HVO key), R (SRSO thunk),
// and the fake-head-free kernel (M 3: only post-c0bff412, no key); src/model/CMakeLists.txt
// builds the same list.
// clang-format off
#define CB_FOR_EACH_VARIANT(X) \
  X(0, 0, 0, 0) \
  X(0, 0, 0, 1) \
  X(0, 0, 1, 0) \
  X(0, 0, 1, 1) \
  X(0, 1, 0, 0) \
  X(0, 1, 0, 1) \
  X(0, 1, 1, 0) \
  X(0, 1, 1, 1) \
  X(0, 2, 0, 0) \
  X(0, 2, 0, 1) \
  X(0, 2, 1, 0) \
  X(0, 2, 1, 1) \
  X(1, 0, 0, 0) \
  X(1, 0, 0, 1) \
  X(1, 0, 1, 0) \
  X(1, 0, 1, 1) \
  X(1, 1, 0, 0) \
  X(1, 1, 0, 1) \
  X(1, 1, 1, 0) \
  X(1, 1, 1, 1) \
  X(1, 2, 0, 0) \
  X(1, 2, 0, 1) \
  X(1, 2, 1, 0) \
  X(1, 2, 1, 1) \
  X(1, 3, 0, 0) \
  X(1, 3, 0, 1)
// clang-format on

#define CB_NAME(fn, p, m, k, r) cb_model_##fn##_p##p##_m##m##_k##k##_r##r
#define CB_DECLARE(p, m, k, r)                                                             \
  void CB_NAME(copy_walk, p, m, k, r)(clonebench::model::WalkContext*);                    \
  void CB_NAME(zap_walk, p, m, k, r)(clonebench::model::WalkContext*);                     \
  clonebench::model::PageDescriptor* CB_NAME(page_folio, p, m, k,                          \
                                             r)(const clonebench::model::PageDescriptor*); \
  bool CB_NAME(page_anon_exclusive, p, m, k, r)(const clonebench::model::PageDescriptor*);

extern "C" {
CB_FOR_EACH_VARIANT(CB_DECLARE)
}

namespace clonebench::model {
namespace {

struct RawVariant {
  int post, mode, key, srso;
  void (*copy_walk)(WalkContext*);
  void (*zap_walk)(WalkContext*);
  PageDescriptor* (*page_folio)(const PageDescriptor*);
  bool (*page_anon_exclusive)(const PageDescriptor*);
};

#define CB_ENTRY(p, m, k, r)                  \
  RawVariant{p,                               \
             m,                               \
             k,                               \
             r,                               \
             CB_NAME(copy_walk, p, m, k, r),  \
             CB_NAME(zap_walk, p, m, k, r),   \
             CB_NAME(page_folio, p, m, k, r), \
             CB_NAME(page_anon_exclusive, p, m, k, r)},

constexpr std::array kRawVariants{CB_FOR_EACH_VARIANT(CB_ENTRY)};

// The fake-head-free kernel has no HVO key at all: "nokey", not "keyoff".
std::string_view key_component(const Variant& variant) {
  if (variant.head_mode == HeadMode::kFakeHeadFree) {
    return "nokey";
  }
  return variant.hvo_key ? "keyon" : "keyoff";
}

std::vector<Variant> build_variants() {
  std::vector<Variant> variants;
  for (const RawVariant& raw : kRawVariants) {
    Variant variant;
    variant.head_mode = static_cast<HeadMode>(raw.mode);
    variant.anon_post = raw.post != 0;
    variant.hvo_key = raw.key != 0;
    variant.srso_thunk = raw.srso != 0;
    variant.name = fmt::format("{}-{}-{}-{}", variant.anon_post ? "post" : "pre",
                               head_mode_name(variant.head_mode), key_component(variant),
                               variant.srso_thunk ? "srso" : "ret");
    variant.copy_walk = raw.copy_walk;
    variant.zap_walk = raw.zap_walk;
    variant.page_folio = raw.page_folio;
    variant.page_anon_exclusive = raw.page_anon_exclusive;
    const auto suffix = fmt::format("p{}_m{}_k{}_r{}", raw.post, raw.mode, raw.key, raw.srso);
    variant.copy_walk_symbol = "cb_model_copy_walk_" + suffix;
    if (variant.head_mode == HeadMode::kOutline) {
      variant.compound_head_symbol = "cb_model_compound_head_" + suffix;
    }
    variants.push_back(std::move(variant));
  }
  return variants;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) {
      return parts;
    }
    start = end + 1;
  }
}

bool has_component(const Variant& variant, std::string_view component) {
  const auto parts = split(variant.name, '-');
  return std::find(parts.begin(), parts.end(), component) != parts.end();
}

}  // namespace

std::string_view head_mode_name(HeadMode mode) {
  switch (mode) {
    case HeadMode::kOutline:
      return "outline";
    case HeadMode::kInline:
      return "inline";
    case HeadMode::kBranchless:
      return "branchless";
    case HeadMode::kFakeHeadFree:
      return "fakeheadfree";
  }
  return "?";
}

std::span<const Variant> all_variants() {
  static const std::vector<Variant> variants = build_variants();
  return variants;
}

const Variant& baseline_of(const Variant& variant) {
  for (const Variant& candidate : all_variants()) {
    if (candidate.anon_post && candidate.head_mode == HeadMode::kInline &&
        candidate.hvo_key == variant.hvo_key && candidate.srso_thunk == variant.srso_thunk) {
      return candidate;
    }
  }
  throw RuntimeError("model: no baseline variant for " + variant.name);
}

std::vector<const Variant*> select_variants(std::string_view selectors, std::string_view flag) {
  static constexpr std::array<std::string_view, 11> kComponents{
      "pre",   "post",   "outline", "inline", "branchless", "fakeheadfree",
      "nokey", "keyoff", "keyon",   "ret",    "srso"};
  std::vector<const Variant*> selected;
  for (const std::string_view selector : split(selectors, ',')) {
    const auto components = split(selector, '-');
    for (const std::string_view component : components) {
      if (selector != "all" &&
          std::find(kComponents.begin(), kComponents.end(), component) == kComponents.end()) {
        throw UsageError(fmt::format("{}: unknown variant component '{}' in '{}' (known: all, {})",
                                     flag, component, selector, fmt::join(kComponents, ", ")));
      }
    }
    for (const Variant& variant : all_variants()) {
      const bool match =
          selector == "all" || std::all_of(components.begin(), components.end(),
                                           [&](auto c) { return has_component(variant, c); });
      if (match && std::find(selected.begin(), selected.end(), &variant) == selected.end()) {
        selected.push_back(&variant);
      }
    }
  }
  if (selected.empty()) {
    throw UsageError(fmt::format("{}: '{}' selects no variant", flag, selectors));
  }
  return selected;
}

}  // namespace clonebench::model

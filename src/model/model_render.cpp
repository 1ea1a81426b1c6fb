#include "model/model_render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <tuple>

#include "core/number_text.hpp"
#include "core/size_text.hpp"
#include "core/word_wrap.hpp"

namespace clonebench::model {
namespace {

// The estimate and its interval by the one number rule (core/number_text.hpp).
std::string interval_text(const MedianInterval& interval) {
  return estimate_text(interval.estimate, interval.low, interval.high);
}

std::vector<const VariantResult*> display_order(const ModelResult& result) {
  std::vector<const VariantResult*> order;
  for (const VariantResult& entry : result.variants) {
    order.push_back(&entry);
  }
  std::stable_sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
    const auto key = [](const Variant& v) {
      return std::tuple(v.srso_thunk, v.hvo_key, v.anon_post, static_cast<int>(v.head_mode));
    };
    return key(*a->variant) < key(*b->variant);
  });
  return order;
}

const Variant* find_variant(bool post, HeadMode mode, bool key, bool srso) {
  for (const Variant& variant : all_variants()) {
    if (variant.anon_post == post && variant.head_mode == mode && variant.hvo_key == key &&
        variant.srso_thunk == srso) {
      return &variant;
    }
  }
  return nullptr;
}

std::optional<Comparison> compare_if_run(const ModelResult& result, const Variant* numerator,
                                         const Variant* denominator) {
  const VariantResult* a = find_result(result, *numerator);
  const VariantResult* b = find_result(result, *denominator);
  if (a == nullptr || b == nullptr) {
    return std::nullopt;
  }
  return compare_variants(*a, *b);
}

// Which walk a sweep phase corresponds to: creation copies, reaping zaps, anything else both.
const MedianInterval& overhead_for_phase(const std::string& phase, const CallOverhead& overhead) {
  const auto has = [&](std::string_view word) { return phase.find(word) != std::string::npos; };
  if (has("create") || has("fork") || has("clone")) {
    return overhead.copy;
  }
  if (has("reap") || has("exit")) {
    return overhead.zap;
  }
  return overhead.total;
}

std::vector<double> differences(const std::vector<double>& values,
                                const std::vector<double>& base) {
  std::vector<double> out;
  for (std::size_t i = 0; i < values.size() && i < base.size(); ++i) {
    out.push_back(values[i] - base[i]);
  }
  return out;
}

const VariantResult* world_result(const ModelResult& result, const KernelWorld& world, bool srso) {
  const Variant* variant = find_variant(world.anon_post, world.head_mode, false, srso);
  return variant == nullptr ? nullptr : find_result(result, *variant);
}

// One block per return path: each world's copy and zap ns/PTE and its fork+exit ratio to the
// ef5f379 world (paired per round), the running kernel's world marked.
void append_kernel_worlds(std::string& out, const ModelResult& result,
                          const ModelContext& context) {
  const KernelWorld& reference = kernel_worlds()[2];
  bool header = false;
  for (const bool srso : {false, true}) {
    const VariantResult* base = world_result(result, reference, srso);
    for (const KernelWorld& world : kernel_worlds()) {
      const VariantResult* entry = world_result(result, world, srso);
      if (entry == nullptr || base == nullptr) {
        continue;
      }
      if (!header) {
        out += fmt::format("\nKernel eras (key off; fork+exit ratio to ef5f379 [CI]):\n");
        header = true;
      }
      // Marked on the return path this machine's kernel takes only.
      const bool running = context.running && context.running->name == world.name &&
                           srso == machine_uses_srso_thunk(context.mitigations);
      out += fmt::format("  {:<15} {:<5} copy {:>6.2f}  zap {:>6.2f} ns/PTE  ratio {}{}\n",
                         world.name, srso ? "srso" : "ret", entry->copy.estimate,
                         entry->zap.estimate, interval_text(compare_variants(*entry, *base).total),
                         running ? "  <- this kernel" : "");
    }
  }
  if (!header) {
    return;
  }
  for (const KernelWorld& world : kernel_worlds()) {
    out += fmt::format("  {}: {}\n", world.name, world.what);
  }
  if (context.running) {
    out += word_wrap(
        fmt::format("This kernel: {} ({})", context.running->name, context.running->basis), 100,
        "  ");
  }
}

void append_kernel_link(std::string& out, const ModelResult& result, const ModelContext& context) {
  if (!context.kernel || context.kernel->fits.empty()) {
    return;
  }
  const bool srso = machine_uses_srso_thunk(context.mitigations);
  const auto overhead = call_overhead_ns(result, srso);
  out += fmt::format("\nReal kernel (stored sweep {}, {}), this machine's return path: {}\n",
                     context.kernel->experiment_tag, context.kernel->created_at,
                     srso ? "SRSO thunk" : "plain ret");
  for (const KernelFit& fit : context.kernel->fits) {
    out += fmt::format("  {:<12} {}", fit.phase,
                       estimate_text(fit.per_page_ns, fit.low, fit.high, "ns/page"));
    if (overhead) {
      out += call_overhead_text(overhead_for_phase(fit.phase, *overhead), fit);
    }
    out += "\n";
  }
  if (!overhead) {
    out += "  (run post-outline-keyoff and post-inline-keyoff for the call overhead)\n";
  }
}

}  // namespace

std::optional<CallOverhead> call_overhead_ns(const ModelResult& result, bool srso) {
  const VariantResult* outline =
      find_result(result, *find_variant(true, HeadMode::kOutline, false, srso));
  const VariantResult* inlined =
      find_result(result, *find_variant(true, HeadMode::kInline, false, srso));
  if (outline == nullptr || inlined == nullptr || outline->copy_ns_per_pte.empty()) {
    return std::nullopt;
  }
  const std::vector<double> copy = differences(outline->copy_ns_per_pte, inlined->copy_ns_per_pte);
  const std::vector<double> zap = differences(outline->zap_ns_per_pte, inlined->zap_ns_per_pte);
  std::vector<double> total;
  for (std::size_t i = 0; i < copy.size() && i < zap.size(); ++i) {
    total.push_back(copy[i] + zap[i]);
  }
  return CallOverhead{median_interval(copy, kConfidenceLevel),
                      median_interval(zap, kConfidenceLevel),
                      median_interval(total, kConfidenceLevel)};
}

std::string call_overhead_text(const MedianInterval& overhead, const KernelFit& fit) {
  std::string text = fmt::format("; model call overhead {}",
                                 estimate_text(overhead.estimate, overhead.low, overhead.high,
                                               "ns/entry", NumberSign::kAlways));
  if (overhead.low <= 0 && overhead.high >= 0) {
    return text + ": not resolved (its interval includes 0), so no share of the cost is stated";
  }
  if (!(fit.low > 0)) {
    return text + "; the per-page cost's interval reaches 0, so no share of it is stated";
  }
  // The share's ends from the ends of both intervals: the widest the two allow.
  const double low = overhead.low > 0 ? overhead.low / fit.high : overhead.low / fit.low;
  const double high = overhead.high > 0 ? overhead.high / fit.low : overhead.high / fit.high;
  return text + fmt::format(" = {} of it", estimate_text(100 * overhead.estimate / fit.per_page_ns,
                                                         100 * low, 100 * high, "%"));
}

std::string comparison_label(const Comparison& comparison) {
  const bool fix = comparison.denominator->head_mode == HeadMode::kInline;
  return fmt::format("{} ({}): {} / {}",
                     fix ? "out-of-line vs always-inline" : "c0bff412 post vs pre, out of line",
                     fix ? "the ef5f379de302 fix" : "the regression", comparison.numerator->name,
                     comparison.denominator->name);
}

const std::vector<KernelWorld>& kernel_worlds() {
  static const std::vector<KernelWorld> worlds = {
      {"pre-c0bff412", false, HeadMode::kOutline,
       "pre-outline-keyoff: one _compound_head() call per PTE at fork (before 6.10)"},
      {"c0bff412", true, HeadMode::kOutline,
       "post-outline-keyoff: PageAnonExclusive() adds a second call per PTE (6.10, 6.11)"},
      {"ef5f379", true, HeadMode::kInline,
       "post-inline-keyoff: both lookups inlined, fake-head check behind the key (6.12 on)"},
      {"fake-head-free", true, HeadMode::kFakeHeadFree,
       "post-fakeheadfree-nokey: mask word, branchless, no fake heads, no key (Shutsemau's "
       "series)"},
  };
  return worlds;
}

bool machine_uses_srso_thunk(const std::map<std::string, std::string>& mitigations) {
  const auto found = mitigations.find("spec_rstack_overflow");
  return found != mitigations.end() && found->second.find("Safe RET") != std::string::npos;
}

std::vector<Comparison> key_comparisons(const ModelResult& result) {
  std::vector<Comparison> comparisons;
  for (const bool srso : {true, false}) {
    for (const bool key : {false, true}) {
      const Variant* post_outline = find_variant(true, HeadMode::kOutline, key, srso);
      const Variant* post_inline = find_variant(true, HeadMode::kInline, key, srso);
      const Variant* pre_outline = find_variant(false, HeadMode::kOutline, key, srso);
      if (auto fix = compare_if_run(result, post_outline, post_inline)) {
        comparisons.push_back(*fix);
      }
      if (auto regression = compare_if_run(result, post_outline, pre_outline)) {
        comparisons.push_back(*regression);
      }
    }
  }
  return comparisons;
}

std::string render_model_text(const ModelResult& result, const ModelContext& context) {
  const ModelOptions& options = result.options;
  std::string out = fmt::format(
      "clonebench model: {} PTEs ({} region), {} simulated memory, layout {}, {} % large "
      "folios, {} rounds, {} HVO HugeTLB folios, {:.1f} s\n",
      result.nr_ptes, format_size(options.region_bytes), format_size(options.memory_bytes),
      layout_name(options.layout), options.large_folio_pct, options.rounds, options.hugetlb_folios,
      result.elapsed_s);
  out += fmt::format(
      "ns per entry: median of the per-round values [order-statistic CI, coverage {:.1f} %]; "
      "ratio: per-round variant / post-inline with the same key and return\n\n",
      100.0 * result.coverage);
  out += fmt::format("{:<28} {:>22} {:>22} {:>22} {:>22}\n", "variant", "copy ns/PTE", "zap ns/PTE",
                     "copy ratio", "zap ratio");
  for (const VariantResult* entry : display_order(result)) {
    const Comparison ratio =
        compare_variants(*entry, *find_result(result, baseline_of(*entry->variant)));
    out += fmt::format("{:<28} {:>22} {:>22} {:>22} {:>22}\n", entry->variant->name,
                       interval_text(entry->copy), interval_text(entry->zap),
                       interval_text(ratio.copy), interval_text(ratio.zap));
  }
  const auto comparisons = key_comparisons(result);
  if (!comparisons.empty()) {
    out += "\nfork+exit per entry (copy+zap), ratio [CI]:\n";
    for (const Comparison& comparison : comparisons) {
      out +=
          fmt::format("  {}: {}\n", comparison_label(comparison), interval_text(comparison.total));
    }
  }
  append_kernel_worlds(out, result, context);
  out += "\nMitigations (/sys/devices/system/cpu/vulnerabilities):\n";
  for (const char* name : {"spec_rstack_overflow", "retbleed", "spectre_v2"}) {
    const auto found = context.mitigations.find(name);
    out += fmt::format("  {:<22} {}\n", name,
                       found == context.mitigations.end() ? "(unknown)" : found->second);
  }
  append_kernel_link(out, result, context);
  return out;
}

}  // namespace clonebench::model

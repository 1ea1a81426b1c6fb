// The model end to end through its library API: option checks, variant selection, a short run
// and the JSON it produces. Sanity only (positive, ordered): the machine is too noisy for speed.

#include "model/model_run.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/error.hpp"
#include "model/model_json.hpp"

namespace clonebench::model {
namespace {

ModelOptions small_options() {
  ModelOptions options;
  options.memory_bytes = std::uint64_t{256} << 20;
  options.region_bytes = std::uint64_t{8} << 20;
  options.rounds = 3;
  options.large_folio_pct = 25;
  return options;
}

TEST(ModelVariants, NamesTwentySixDistinctCompiledVariants) {
  std::set<std::string> names;
  std::set<void (*)(WalkContext*)> walks;
  for (const Variant& variant : all_variants()) {
    names.insert(variant.name);
    walks.insert(variant.copy_walk);
  }
  EXPECT_EQ(names.size(), 26u);
  EXPECT_EQ(walks.size(), 26u);
}

TEST(ModelVariants, SelectsByNameComponents) {
  EXPECT_EQ(select_variants("all", "--variants").size(), 26u);
  EXPECT_EQ(select_variants("srso", "--variants").size(), 13u);
  const auto headfree = select_variants("fakeheadfree", "--variants");
  ASSERT_EQ(headfree.size(), 2u);
  EXPECT_EQ(headfree.front()->name, "post-fakeheadfree-nokey-ret");
  EXPECT_FALSE(headfree.front()->hvo_key);
  EXPECT_EQ(select_variants("post-outline-keyoff", "--variants").size(), 2u);
  const auto one = select_variants("pre-inline-keyon-ret,pre-inline-keyon-ret", "--variants");
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one.front()->name, "pre-inline-keyon-ret");
}

TEST(ModelVariants, RejectsUnknownComponentsNamingTheFlag) {
  try {
    select_variants("post-outlined", "--variants");
    FAIL() << "no UsageError";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("--variants"), std::string::npos);
    EXPECT_NE(std::string(error.what()).find("outlined"), std::string::npos);
  }
  EXPECT_THROW(select_variants("", "--variants"), UsageError);
}

TEST(ModelVariants, AddsTheBaselineOfEverySelectedVariant) {
  const auto selected = with_baselines(select_variants("pre-outline-keyon-srso", "--variants"));
  ASSERT_EQ(selected.size(), 2u);
  EXPECT_EQ(selected[1]->name, "post-inline-keyon-srso");
}

TEST(ModelRun, ReportsEveryVariantWithOrderedIntervalsAndTheIssuesJsonShape) {
  ModelOptions options = small_options();
  options.variants = select_variants("keyoff", "--variants");
  const ModelResult result = run_model(options);
  ASSERT_EQ(result.variants.size(), 12u);
  EXPECT_EQ(result.nr_ptes, 2048u);
  EXPECT_EQ(result.large_folios, 1u);
  ModelContext context;
  context.mitigations = {{"spec_rstack_overflow", "Mitigation: Safe RET"}};
  const auto document = model_json(result, context);
  const auto& variants = document.at("model").at("variants");
  ASSERT_EQ(variants.size(), 12u);
  for (const auto& variant : variants) {
    for (const char* key : {"copy_ns_per_pte", "zap_ns_per_pte"}) {
      const double estimate = variant.at(key).at("estimate");
      const double low = variant.at(key).at("ci").at(0);
      const double high = variant.at(key).at("ci").at(1);
      EXPECT_GT(low, 0) << variant.at("name");
      EXPECT_LE(low, estimate);
      EXPECT_LE(estimate, high);
      EXPECT_LT(high, 1e6);  // a microsecond per entry would mean the walk is broken
    }
    const std::string head = variant.at("compound_head");
    EXPECT_TRUE(head == "outline" || head == "inline" || head == "branchless" ||
                head == "fakeheadfree");
    const std::string anon = variant.at("anon_exclusive");
    EXPECT_TRUE(anon == "pre" || anon == "post");
    EXPECT_TRUE(variant.at("hvo_key").is_boolean());
    EXPECT_FALSE(variant.at("hvo_key").get<bool>());
    const std::string ret = variant.at("return");
    EXPECT_TRUE(ret == "ret" || ret == "srso-thunk");
  }
  EXPECT_EQ(document.at("model").at("comparisons").size(), 4u);
  EXPECT_NEAR(document.at("model").at("ci_coverage").get<double>(), 0.75, 1e-12);
  const std::string text = render_model_text(result, context);
  EXPECT_NE(text.find("post-outline-keyoff-srso"), std::string::npos);
  EXPECT_NE(text.find("Mitigation: Safe RET"), std::string::npos);
}

// Deliberately broken walks: the child gets no entries, or never gives them back.
void copy_nothing(WalkContext* /*context*/) {}
void zap_nothing(WalkContext* /*context*/) {}

TEST(ModelRun, StopsWhenAVariantLeavesTheSimulatedMemoryInconsistent) {
  const Variant& sound = *select_variants("post-inline-keyoff-ret", "--variants").front();
  Variant broken_copy = sound;
  broken_copy.name = "broken-copy";
  broken_copy.copy_walk = &copy_nothing;
  Variant broken_zap = sound;
  broken_zap.name = "broken-zap";
  broken_zap.zap_walk = &zap_nothing;
  for (const Variant* broken : {&broken_copy, &broken_zap}) {
    ModelOptions options = small_options();
    options.variants = {broken};
    try {
      run_model(options);
      ADD_FAILURE() << broken->name << " ran without an error";
    } catch (const RuntimeError& error) {
      EXPECT_EQ(std::string(error.what()),
                "model: variant " + broken->name +
                    " left the simulated memory inconsistent (rss or refcounts)");
    }
  }
}

TEST(ModelReport, PutsAStoredSweepBesideTheModelsCallOverhead) {
  const std::vector<KernelFit> fits = {{"create", 80.0, 75.0, 85.0}};
  ModelOptions options = small_options();
  options.variants = select_variants("post-keyoff-ret", "--variants");
  const ModelResult result = run_model(options);
  ModelContext context;
  context.kernel = KernelLink{"sweep-x", "2026-11-29T18:00:00Z", fits};
  const std::string text = render_model_text(result, context);
  EXPECT_NE(text.find("stored sweep sweep-x"), std::string::npos);
  EXPECT_NE(text.find("model call overhead"), std::string::npos) << text;
  const nlohmann::json overhead =
      model_json(result, context).at("kernel").at("model_call_overhead_ns");
  EXPECT_EQ(overhead.at("copy_ci").size(), 2u) << overhead;
}

// A model result of six rounds in which out-of-line costs `copy_extra` ns per entry more than
// inline in each round, plus `swing` that alternates in sign.
ModelResult call_overhead_result(const std::vector<double>& copy_extra) {
  ModelResult result;
  result.coverage = 0.97;
  for (const Variant* variant :
       select_variants("post-inline-keyoff-ret,post-outline-keyoff-ret", "--variants")) {
    VariantResult entry;
    entry.variant = variant;
    const bool outline = variant->head_mode == HeadMode::kOutline;
    for (std::size_t round = 0; round < copy_extra.size(); ++round) {
      const double base = 10.0 + static_cast<double>(round % 3);
      entry.copy_ns_per_pte.push_back(base + (outline ? copy_extra[round] : 0));
      entry.zap_ns_per_pte.push_back(base);
    }
    entry.copy = median_interval(entry.copy_ns_per_pte, kConfidenceLevel);
    entry.zap = median_interval(entry.zap_ns_per_pte, kConfidenceLevel);
    result.variants.push_back(entry);
  }
  return result;
}

std::string kernel_line(const ModelResult& result) {
  ModelContext context;
  context.kernel = KernelLink{"sweep-x", "2026-11-29T18:00:00Z", {{"create", 80.0, 75.0, 85.0}}};
  const std::string text = render_model_text(result, context);
  const std::size_t at = text.find("  create ");
  return at == std::string::npos ? text : text.substr(at, text.find('\n', at) - at);
}

// "call overhead -2.63 ns/entry = -2.2 %" was printed with no interval: the overhead now has one
// (the median of the per-round differences), and an overhead whose interval holds 0 is not
// turned into a share of the real cost.
TEST(ModelReport, GivesTheCallOverheadAnIntervalAndNoShareWhenItIsNotResolved) {
  const std::string line = kernel_line(call_overhead_result({-1, 1, -1, 2, -1, 0}));
  EXPECT_NE(line.find("model call overhead"), std::string::npos) << line;
  EXPECT_NE(line.find("ns/entry ["), std::string::npos) << line;
  EXPECT_NE(line.find("not resolved"), std::string::npos) << line;
  EXPECT_EQ(line.find("% of it"), std::string::npos) << line;
}

TEST(ModelReport, StatesAResolvedCallOverheadsShareWithItsInterval) {
  const std::string line = kernel_line(call_overhead_result({3, 3, 3, 3, 3, 3}));
  EXPECT_NE(
      line.find("model call overhead +3.00 ns/entry [+3.00, +3.00] = 3.75 % [3.53, 4.00] of it"),
      std::string::npos)
      << line;
}

TEST(ModelReport, ShowsTheFourKernelErasSideBySideAndMarksTheRunningOne) {
  ModelOptions options = small_options();
  options.variants = select_variants(
      "pre-outline-keyoff-ret,post-outline-keyoff-ret,post-fakeheadfree-ret", "--variants");
  const ModelResult result = run_model(options);
  ASSERT_EQ(result.variants.size(), 4u);  // the ef5f379 world joins as the baseline
  ModelContext context;
  context.running = RunningWorld{"fake-head-free", "certain: the key is gone"};
  const std::string text = render_model_text(result, context);
  std::size_t previous = text.find("Kernel eras");
  ASSERT_NE(previous, std::string::npos) << text;
  for (const KernelWorld& world : kernel_worlds()) {
    const std::size_t row = text.find(fmt::format("  {} ", world.name), previous);
    ASSERT_NE(row, std::string::npos) << world.name << "\n" << text;
    previous = row;
  }
  const std::size_t marker = text.find("<- this kernel");
  ASSERT_NE(marker, std::string::npos) << text;
  const std::size_t line_start = text.rfind('\n', marker) + 1;
  EXPECT_EQ(text.substr(line_start, 17), "  fake-head-free ") << text;
  EXPECT_NE(text.find("This kernel: fake-head-free (certain: the key is gone)"), std::string::npos);
  EXPECT_EQ(model_json(result, context).at("running_kernel_world").at("world"), "fake-head-free");
}

}  // namespace
}  // namespace clonebench::model

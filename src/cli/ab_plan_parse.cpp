#include "cli/ab_plan_parse.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <random>
#include <utility>

#include "cli/argument_split.hpp"
#include "cli/option_values.hpp"
#include "cli/precision_options.hpp"
#include "cli/run_spec.hpp"
#include "cli/shared_options.hpp"
#include "compare/gate.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "experiment/profiled_job.hpp"

namespace clonebench {

namespace {

// `run`'s output and storage options would be silently ignored inside an arm: refuse them.
void reject_run_only_options(const RunSpec& spec, const std::string& where) {
  const auto refuse = [&where](const char* flag) {
    throw UsageError(
        fmt::format("{}: {} is not an option of an arm (ab has its own, or none)", where, flag));
  };
  if (spec.runs != 1)
    refuse("--runs");
  if (!spec.json_path.empty())
    refuse("--json");
  if (!spec.yaml_path.empty())
    refuse("--yaml");
  if (!spec.csv_path.empty())
    refuse("--csv");
  if (spec.metrics)
    refuse("--metrics");
  if (!spec.label.empty())
    refuse("--label");
  if (spec.db_path)
    refuse("--db");
  if (!spec.store)
    refuse("--no-store");
  if (spec.profile)
    refuse("--profile");
  if (spec.quiet)
    refuse("--quiet");
}

StressorJob arm_job(const std::vector<std::string>& spec_words, const std::string& options,
                    const std::string& flag) {
  std::vector<std::string> words = spec_words;
  for (std::string& word : split_arguments(options, flag)) {
    words.push_back(std::move(word));
  }
  const std::string where =
      fmt::format("SPEC{} ('{}')", options.empty() ? "" : " with " + flag, fmt::join(words, " "));
  RunSpec spec;
  try {
    spec = parse_run_spec(words);
  } catch (const UsageError& error) {
    throw UsageError(fmt::format("{}: {}", where, error.what()));
  }
  if (spec.jobs.size() != 1) {
    std::vector<std::string> names;
    for (const StressorJob& job : spec.jobs) {
      names.push_back(job.stressor);
    }
    throw UsageError(fmt::format("{}: resolves to {} stressors ({}); each arm must be one stressor",
                                 where, spec.jobs.size(), fmt::join(names, " ")));
  }
  reject_run_only_options(spec, where);
  StressorJob job = spec.jobs.front();
  if (!spec.timeout_given && job.max_ops == 0) {
    job.timeout_s = kAbDefaultRunS;
  }
  return job;
}

bool names_seed(const std::string& text) {
  return text.find("--seed") != std::string::npos;
}

// --pairs, --precision and --max-time: with --precision or --max-time, pairs until the precision
// or the budget is reached, --pairs a cap (default one high enough that the time bounds the
// experiment); with neither, a fixed number of pairs (count_default's rule).
AbStopRule stop_rule_of(const AbArguments& args, double alpha) {
  AbStopRule rule;
  rule.alpha = alpha;
  rule.metrics = args.metrics;
  const PrecisionOptions options = parse_precision_options(args.precision, args.max_time, "10m");
  if (options.precision) {
    rule.precision = PrecisionTarget{};
    rule.precision->half_width = *options.precision;
  }
  rule.max_time_s = options.max_time_s;
  rule.max_pairs = static_cast<std::size_t>(
      parse_integer(count_default(options, args.pairs, "20", "10000"), "--pairs", 2, 100000));
  return rule;
}

}  // namespace

AbPlan plan_ab(const AbArguments& args) {
  AbPlan plan;
  plan.warmups = static_cast<std::size_t>(parse_integer(args.warmup, "--warmup", 0, 1000));
  plan.seed = seed_option(args.seed).value;
  plan.options.threshold = parse_threshold(args.threshold, "--threshold");
  check_label_option(args.label);
  // Shell commands are stored and shown in reports: one line of text, no control character.
  for (const auto& [text, flag] :
       {std::pair{&args.setup_a, "--setup-a"}, std::pair{&args.setup_b, "--setup-b"},
        std::pair{&args.restore, "--restore"}}) {
    require_clean_text(*text, flag);
  }
  plan.options.alpha = parse_real(args.alpha, "--alpha", 0.0001, 0.5);
  plan.stop = stop_rule_of(args, plan.options.alpha);
  const std::vector<std::string> spec_words = split_arguments(args.spec, "SPEC");
  plan.arms[0] = {"a", arm_job(spec_words, args.a_options, "--a"), args.setup_a, "--setup-a"};
  plan.arms[1] = {"b", arm_job(spec_words, args.b_options, "--b"), args.setup_b, "--setup-b"};
  // Arms must differ only in what the user asked for: the same clone-flag seed unless given.
  if (!names_seed(args.spec + args.a_options + args.b_options)) {
    plan.arms[0].job.seed = plan.arms[1].job.seed = plan.seed;
  }
  for (const Arm& arm : plan.arms) {
    validate_job(arm.job);
  }
  plan.profiler = prepare_profiler(args.profile);
  plan.spec = args.spec;
  plan.a_options = args.a_options;
  plan.b_options = args.b_options;
  plan.restore = args.restore;
  return plan;
}

}  // namespace clonebench

#include "cli/ab_arguments.hpp"

#include <fmt/core.h>

#include <set>

#include "cli/option_values.hpp"
#include "cli/shared_options.hpp"

namespace clonebench {
namespace {

void add_report_options(CLI::App& ab, AbArguments& args) {
  ab.add_option("--metric", args.metrics,
                "Metric to compare (repeatable; default ops_per_sec_real): ops_per_sec_cpu, "
                "latency_us.create.p50, sys_time_s, ...");
  ab.add_option("--threshold", args.threshold, "Smallest change that matters (default 1%)");
  ab.add_option("--alpha", args.alpha, "Significance level, 0.0001 to 0.5 (default 0.05)");
  ab.add_option("--format", args.format, "table | benchstat | markdown | json")
      ->check(CLI::IsMember({"table", "benchstat", "markdown", "json"}));
  ab.add_option("--fail-on", args.fail_on,
                "Exit 3 if a metric is slower beyond the threshold ('slower'), 4 if one is "
                "inconclusive ('inconclusive')")
      ->check(CLI::IsMember({"slower", "inconclusive"}));
  ab.add_option("--json", args.json_path,
                "Write the clonebench-compare/1 document (with run ids and design) to FILE or -");
}

}  // namespace

void define_ab_options(CLI::App& ab, AbArguments& args) {
  ab.add_option("SPEC", args.spec,
                fmt::format("One quoted run specification, e.g. \"fork --timeout 2s\" (without "
                            "--timeout or --ops, each run lasts {:g} s)",
                            kAbDefaultRunS));
  ab.add_option("--preset", args.preset,
                "Run a whole experiment: hvo-key (the HVO static key on vs off, with a "
                "control; SPEC optional), or list")
      ->check(CLI::IsMember({"hvo-key", "list"}));
  ab.add_option("--a", args.a_options, "Options added to SPEC for arm A, e.g. \"--rss 0\"");
  ab.add_option("--b", args.b_options, "Options added to SPEC for arm B, e.g. \"--rss 64M\"");
  ab.add_option("--setup-a", args.setup_a, "Shell command run before each run of arm A");
  ab.add_option("--setup-b", args.setup_b, "Shell command run before each run of arm B");
  ab.add_option("--restore", args.restore,
                "Shell command run once at the end, and after an error or an interrupt");
  ab.add_option("--pairs", args.pairs,
                "Measured pairs (default 20); with --precision or --max-time, the most to run "
                "(default 10000)");
  ab.add_option("--precision", args.precision,
                "Run pairs until every metric's CI is at most ±P, e.g. 1% (looks after 30 pairs, "
                "then every 5)");
  ab.add_option("--max-time", args.max_time,
                "Run pairs until D, none that would end after it, e.g. 5m (default 10m with "
                "--precision)");
  ab.add_flag("--quiet", args.quiet, "No progress line on a terminal");
  ab.add_option("--warmup", args.warmup, "Warm-up runs per arm, interleaved, discarded (1)");
  define_seed_option(ab, args.seed, "the pair order");
  define_label_option(ab, args.label, "the stored runs: LABEL:a and LABEL:b (default: uname -r)");
  define_db_option(ab, args.db_path);
  ab.add_flag("--no-store", args.no_store, "Do not store the runs");
  ab.add_flag("--profile", args.profile,
              "Sample the kernel with perf over every run of both arms (see `clonebench kernel`)");
  define_lock_wait_option(ab, args.lock_wait);
  add_report_options(ab, args);
  name_value_types(ab);
}

std::vector<std::string> glue_option_values(const std::vector<std::string>& args) {
  static const std::set<std::string> kTakesText = {"--a",       "--b",       "--setup-a",
                                                   "--setup-b", "--restore", "--label"};
  std::vector<std::string> glued;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if ((args[i] == "--a" || args[i] == "--b") && i + 1 < args.size() && args[i + 1].empty()) {
      ++i;  // an arm that adds nothing to SPEC (the natural baseline) is an arm not given
      continue;
    }
    if (kTakesText.contains(args[i]) && i + 1 < args.size()) {
      glued.push_back(args[i] + "=" + args[i + 1]);
      ++i;
    } else {
      glued.push_back(args[i]);
    }
  }
  return glued;
}

}  // namespace clonebench

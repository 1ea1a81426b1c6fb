#include "store/schema_description.hpp"

namespace clonebench {
namespace {

using enum ColumnType;

// Version 1. Raw latency buckets are kept (not only percentiles) so that a better summary
// statistic can be recomputed for old runs; environments are deduplicated by their exact JSON.
Migration version_1() {
  return {{
      CreateTable{"environment", {{"id", kRowKey}, {"json", kText, "NOT NULL", true}}},
      CreateTable{"experiment",
                  {{"tag", kText, "PRIMARY KEY"},
                   {"kind", kText, "NOT NULL"},
                   {"created_at", kText, "NOT NULL"},
                   {"summary_json", kText, "NOT NULL"}}},
      CreateTable{"run",
                  {{"id", kRowKeyNeverReused},
                   {"label", kText, "NOT NULL"},
                   {"started_at", kText, "NOT NULL"},
                   {"experiment", kText, "REFERENCES experiment(tag)"},
                   {"tool_version", kText, "NOT NULL"},
                   {"environment_id", kInteger, "NOT NULL REFERENCES environment(id)"},
                   {"stressor", kText, "NOT NULL"},
                   {"instances", kInteger, "NOT NULL"},
                   {"options_json", kText, "NOT NULL"},
                   {"bogo_ops", kInteger, "NOT NULL"},
                   {"real_time_s", kReal, "NOT NULL"},
                   {"usr_time_s", kReal, "NOT NULL"},
                   {"sys_time_s", kReal, "NOT NULL"},
                   {"max_rss_kb", kInteger, "NOT NULL"},
                   {"failures_json", kText, "NOT NULL"},
                   {"parent_json", kText, "NOT NULL"}}},
      CreateIndex{"run_label", "run", "label"},
      CreateIndex{"run_experiment", "run", "experiment"},
      CreateTable{"latency",
                  {{"run_id", kInteger, "NOT NULL REFERENCES run(id) ON DELETE CASCADE"},
                   {"phase", kText, "NOT NULL CHECK (phase IN ('create', 'start', 'reap'))"},
                   {"count", kInteger, "NOT NULL"},
                   {"sum_ns", kInteger, "NOT NULL"},
                   {"min_ns", kInteger, "NOT NULL"},
                   {"max_ns", kInteger, "NOT NULL"},
                   {"buckets", kText, "NOT NULL"}},
                  "run_id, phase",
                  true},
  }};
}

// Version 2. Throughput over time per run, and the state of an experiment: its runs are stored
// as they end, so an interrupted one keeps them and says it did not finish. The kernel profile
// of a run sampled with --profile, one row per profiled run; a run without a row was not
// sampled. The JSON is record/profile_json.hpp's.
Migration version_2() {
  return {{
      AddColumn{"run", {"intervals_json", kText, "NOT NULL DEFAULT '{}'"}},
      AddColumn{"experiment", {"status", kText, "NOT NULL DEFAULT 'complete'"}},
      CreateTable{"profile",
                  {{"run_id", kInteger, "PRIMARY KEY REFERENCES run(id) ON DELETE CASCADE"},
                   {"json", kText, "NOT NULL"}}},
  }};
}

// Version 3. --workload stress-ng: stress-ng's own accounting of the run beside clonebench's
// ('{}' for clean runs), and how many children the supervisors reaped (zombies left by stress-ng's
// reaping, CLONE_PARENT children, orphans).
Migration version_3() {
  return {{
      AddColumn{"run", {"stress_ng_json", kText, "NOT NULL DEFAULT '{}'"}},
      AddColumn{"run", {"supervisor_reaped", kInteger, "NOT NULL DEFAULT 0"}},
  }};
}

// Version 4. Where a run came from: a random id that stays with the run across stores (so
// pushing twice stores once), and the host that measured it (store/host_identity.hpp). Runs
// stored before get a fresh id and an empty host: which machine measured them was not recorded.
Migration version_4() {
  return {{
      AddRandomIdColumn{"run", "uid", "run_uid", "id"},
      AddColumn{"run", {"hostname", kText, "NOT NULL DEFAULT ''"}},
      AddColumn{"run", {"machine_hash", kText, "NOT NULL DEFAULT ''"}},
      CreateIndex{"run_hostname", "run", "hostname"},
  }};
}

// Version 5. Which process runs an experiment that is "running" (store/experiment_owner.hpp):
// one killed with SIGKILL cannot mark it interrupted, so readers tell by this whether it still
// runs. Rows stored before have none: nothing is known of their process.
Migration version_5() {
  return {{
      AddColumn{"experiment", {"owner", kText, "NOT NULL DEFAULT ''"}},
  }};
}

}  // namespace

const std::vector<Migration>& schema_history() {
  static const std::vector<Migration> history = {version_1(), version_2(), version_3(), version_4(),
                                                 version_5()};
  return history;
}

std::int64_t latest_schema_version() {
  return static_cast<std::int64_t>(schema_history().size());
}

}  // namespace clonebench

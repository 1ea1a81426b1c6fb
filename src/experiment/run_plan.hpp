#pragma once
// What `clonebench run` measures and where its runs go, as parsed by cli/run_spec.hpp (also the
// spec of each `ab` arm, of which only the job is kept).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "record/job.hpp"

namespace clonebench {

struct RunSpec {
  std::vector<StressorJob> jobs;  // run one after another, in this order
  std::uint32_t runs = 1;         // --runs: separate run records per job
  std::string label;              // --label; empty = `uname -r`
  bool metrics = false;           // --metrics / --metrics-brief
  std::string json_path, yaml_path, csv_path;
  std::optional<std::string> db_path;  // --db
  bool store = true;                   // false with --no-store
  bool profile = false;                // --profile: sample the kernel over each run (perf)
  bool quiet = false;                  // -q/--quiet: no progress line on a terminal
  bool timeout_given = false;          // -t/--timeout was given (else a default applies)
  // The command as typed ("clonebench", "run", its arguments), stored with each run so that a
  // report's test plan repeats it exactly; empty when the spec was not typed (an ab arm). Every
  // database location in it is redacted before a run carries it (store/argument_redaction.hpp).
  std::vector<std::string> command_line;
};

}  // namespace clonebench

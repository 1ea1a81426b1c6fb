#pragma once
// The arguments of `clonebench run`, parsed into jobs. Shared by `run`, `ab` (one spec plus
// per-arm options) and `sweep`.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "experiment/run_plan.hpp"
#include "record/job.hpp"

namespace CLI {
class App;
}

namespace clonebench {

// Parses `run` arguments without the word "run", e.g. {"fork", "--timeout", "2s", "--rss", "64M"}
// or stress-ng's {"--seq=5", "--clone", "2", "--timeout=3", "--metrics"}. Throws UsageError
// naming the flag on bad input.
RunSpec parse_run_spec(const std::vector<std::string>& args);

// --rss-kind as an enum; throws UsageError naming `flag` and the known kinds.
ParentKind parse_parent_kind(std::string_view text, std::string_view flag);

// The usage text of `clonebench run`.
std::string run_help();

// Calls `use` with the CLI11 definition of `run`'s options (man page tests, shell completion).
void with_run_definition(const std::function<void(CLI::App&)>& use);

}  // namespace clonebench

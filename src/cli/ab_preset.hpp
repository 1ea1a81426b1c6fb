#pragma once
// `clonebench ab --preset NAME`: experiments that ab runs whole, with their own arms and machine
// settings. Today one: hvo-key (ab/hvo_key_experiment.hpp). `--preset list` lists them.

#include "ab/hvo_key_experiment.hpp"
#include "cli/ab_arguments.hpp"

namespace clonebench {

// Runs the preset named by args.preset (or prints the list) and returns the exit code. Throws
// UsageError naming the flag for an unknown preset or an option the preset does not take.
int run_ab_preset(const AbArguments& args);

// The plan of --preset hvo-key from the arguments; throws UsageError naming the flag.
HvoKeyPlan plan_hvo_key(const AbArguments& args);

}  // namespace clonebench

#pragma once
// A subcommand: its CLI11 definition and what to run when it is chosen. Each command lives in
// its own file and adds itself through one add_*_command() function listed in app.cpp.

#include <CLI/CLI.hpp>
#include <functional>
#include <vector>

namespace clonebench {

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;  // returns the exit code
};
using CommandList = std::vector<Command>;

void add_run_command(CLI::App& app, CommandList& commands);
void add_list_command(CLI::App& app, CommandList& commands);
void add_env_command(CLI::App& app, CommandList& commands);
void add_store_commands(CLI::App& app, CommandList& commands);  // history, show, export
void add_compare_command(CLI::App& app, CommandList& commands);
void add_sweep_command(CLI::App& app, CommandList& commands);
void add_scale_command(CLI::App& app, CommandList& commands);
void add_model_command(CLI::App& app, CommandList& commands);
void add_ab_command(CLI::App& app, CommandList& commands);
// Hidden: the CLI as JSON and stored labels, for shell completion and the man page tests.
void add_completion_commands(CLI::App& app, CommandList& commands);
void add_kernel_command(CLI::App& app, CommandList& commands);
void add_check_command(CLI::App& app, CommandList& commands);
void add_transfer_commands(CLI::App& app, CommandList& commands);  // push, pull
void add_report_command(CLI::App& app, CommandList& commands);
void add_trace_command(CLI::App& app, CommandList& commands);
void add_kernels_command(CLI::App& app, CommandList& commands);

}  // namespace clonebench

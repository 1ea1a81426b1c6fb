#pragma once
// A subcommand: its CLI11 definition and what to run when it is chosen. Each command lives in
// its own file and adds itself through one add_*_command() function listed in app.cpp.

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clonebench {

struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;  // returns the exit code
};
using CommandList = std::vector<Command>;

// A command just added, for its add_*_command() to define its options on.
template <typename Options>
struct DefinedCommand {
  CLI::App& app;
  Options& options;
};

// Adds subcommand `name`, which runs `run` with the options the command line gave it. The options
// start as Options{} and live as long as the command list.
template <typename Options>
DefinedCommand<Options> define_command(CLI::App& app, CommandList& commands, std::string name,
                                       std::string description, int (*run)(const Options&)) {
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand(std::move(name), std::move(description));
  commands.push_back({command, [options, run] { return run(*options); }});
  return {*command, *options};
}

// Adds subcommand `name`, which passes every word after it to `run` as it is: the command parses
// them with its own definition (parse_own_arguments) and prints its own help.
inline void define_prefix_command(CLI::App& app, CommandList& commands, std::string name,
                                  std::string description,
                                  int (*run)(const std::vector<std::string>& words)) {
  CLI::App* command = app.add_subcommand(std::move(name), std::move(description));
  command->prefix_command();
  command->set_help_flag();
  command->allow_extras();
  commands.push_back({command, [command, run] { return run(command->remaining()); }});
}

void add_run_command(CLI::App& app, CommandList& commands);
void add_list_command(CLI::App& app, CommandList& commands);
void add_env_command(CLI::App& app, CommandList& commands);
void add_store_commands(CLI::App& app, CommandList& commands);  // history, show, export
void add_experiments_command(CLI::App& app, CommandList& commands);
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

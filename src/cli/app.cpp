#include "cli/app.hpp"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>

#include "cli/command.hpp"
#include "cli/option_values.hpp"
#include "cli/version_text.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "process/signal_defaults.hpp"

namespace clonebench {
namespace {

// One line whatever the message holds: a newline from a flag's value or a file is shown escaped.
void print_error(const std::string& message) {
  fmt::print(stderr, "clonebench: error: {}\n", printable(message));
}

int dispatch(CLI::App& app, const CommandList& commands) {
  for (const auto& command : commands) {
    if (command.app->parsed()) {
      check_given_values(*command.app);
      return command.run();
    }
  }
  fmt::print(stderr, "{}", app.help());
  return kExitUsage;
}

// Whatever a command printed is flushed here, once, and a failed write (a full disk, /dev/full, a
// closed stdout) is an error: exit 1 with a message, never 0 over a lost or truncated output.
int finish_standard_output(int exit_code) {
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int error_number = errno;
  if (flushed && std::ferror(stdout) == 0) {
    return exit_code;
  }
  print_error(fmt::format("cannot write standard output: {}",
                          error_number != 0 ? std::strerror(error_number) : "write error"));
  return exit_code == kExitOk ? kExitFailure : exit_code;
}

int run_command_line(int argc, char** argv);

}  // namespace

int run_app(int argc, char** argv) {
  return finish_standard_output(run_command_line(argc, argv));
}

namespace {

int run_command_line(int argc, char** argv) {
  try {
    reset_inherited_signal_state();
  } catch (const std::exception& error) {
    print_error(error.what());
    return kExitFailure;
  }
  CLI::App app{"clonebench: measure the cost of creating processes and threads on Linux"};
  app.set_version_flag("--version", version_text(build_commit()));
  app.require_subcommand(0, 1);
  CommandList commands;
  add_run_command(app, commands);
  add_list_command(app, commands);
  add_env_command(app, commands);
  add_store_commands(app, commands);
  add_experiments_command(app, commands);
  add_compare_command(app, commands);
  add_sweep_command(app, commands);
  add_scale_command(app, commands);
  add_model_command(app, commands);
  add_ab_command(app, commands);
  add_completion_commands(app, commands);
  add_kernel_command(app, commands);
  add_check_command(app, commands);
  add_transfer_commands(app, commands);
  add_report_command(app, commands);
  add_trace_command(app, commands);
  add_kernels_command(app, commands);
  name_value_types(app);
  try {
    app.parse(argc, argv);
    return dispatch(app, commands);
  } catch (const CLI::Success& help_or_version) {
    // --help of the subcommand that was asked about, or --version; CLI11 prints it on stdout.
    return app.exit(help_or_version);
  } catch (const CLI::ParseError& error) {
    print_error(error.what());
    return kExitUsage;
  } catch (const UsageError& error) {
    print_error(error.what());
    return kExitUsage;
  } catch (const Busy& busy) {
    print_error(busy.what());
    return kExitBusy;
  } catch (const Interrupted& interrupted) {
    fmt::print(stderr, "clonebench: interrupted; every child was stopped and reaped\n");
    return 128 + interrupted.signal_number();
  } catch (const std::exception& error) {
    print_error(error.what());
    return kExitFailure;
  }
}

}  // namespace
}  // namespace clonebench

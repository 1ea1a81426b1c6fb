#include "cli/app.hpp"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "cli/command.hpp"
#include "core/error.hpp"

namespace clonebench {
namespace {

void print_error(const std::string& message) {
  fmt::print(stderr, "clonebench: error: {}\n", message);
}

int dispatch(CLI::App& app, const CommandList& commands) {
  for (const auto& command : commands) {
    if (command.app->parsed()) {
      return command.run();
    }
  }
  fmt::print(stderr, "{}", app.help());
  return kExitUsage;
}

}  // namespace

int run_app(int argc, char** argv) {
  CLI::App app{"clonebench: measure the cost of creating processes and threads on Linux"};
  app.set_version_flag("--version", std::string("clonebench ") + CLONEBENCH_VERSION);
  app.require_subcommand(0, 1);
  CommandList commands;
  add_run_command(app, commands);
  add_list_command(app, commands);
  add_env_command(app, commands);
  add_store_commands(app, commands);
  add_compare_command(app, commands);
  add_sweep_command(app, commands);
  add_model_command(app, commands);
  add_ab_command(app, commands);
  add_kernel_command(app, commands);
  add_check_command(app, commands);
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
  } catch (const Interrupted& interrupted) {
    fmt::print(stderr, "clonebench: interrupted; every child was stopped and reaped\n");
    return 128 + interrupted.signal_number();
  } catch (const std::exception& error) {
    print_error(error.what());
    return kExitFailure;
  }
}

}  // namespace clonebench

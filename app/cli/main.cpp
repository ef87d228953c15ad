// matchscope-cli: solve, generate and benchmark matching problems without a GUI.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <new>

#include "app/cli/commands.h"
#include "app/cli/exit_codes.h"
#include "solver/core/errors.h"

int main(int argc, char** argv) {
  CLI::App app{"MatchScope headless solver: LAP (Hungarian, classical and alternating tree) and weighted matching",
               "matchscope-cli"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Print help for every subcommand");
  ms::cli::addLapCommands(app);
  ms::cli::addBenchCommand(app);
  ms::cli::addRenderCommand(app);
  ms::cli::addBenchRenderCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return ms::cli::kExitUsage;
  } catch (const ms::InputError& error) {
    std::fprintf(stderr, "matchscope-cli: %s\n", error.what());
    return ms::cli::kExitBadInput;
  } catch (const ms::InfeasibleError& error) {
    std::fprintf(stderr, "matchscope-cli: %s\n", error.what());
    return ms::cli::kExitInfeasible;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "matchscope-cli: out of memory\n");
    return ms::cli::kExitBadInput;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "matchscope-cli: %s\n", error.what());
    return ms::cli::kExitBadInput;
  }
  return ms::cli::kExitOk;
}

// matchscope-cli: solve, generate and benchmark matching problems without a GUI.
#include <CLI/CLI.hpp>

#include "app/cli/cli_main.h"
#include "app/cli/commands.h"
#include "app/cli/huge_page_malloc.h"

int main(int argc, char** argv) {
  ms::cli::restartWithHugePageMalloc(argv);
  CLI::App app{
      "MatchScope headless solver: LAP (Hungarian, classical and alternating tree) and weighted matching",
      "matchscope-cli"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Print help for every subcommand");
  ms::cli::addLapCommands(app);
  ms::cli::addBenchCommand(app);
  ms::cli::addRenderCommand(app);
  ms::cli::addBenchRenderCommand(app);
  return ms::cli::parseAndRun(app, argc, argv, "matchscope-cli");
}

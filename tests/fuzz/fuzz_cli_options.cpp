// matchscope-cli's option parser: the bytes are its arguments, one per line. Every command line must end in
// a parsed one or a CLI::ParseError (a usage error, exit 2); any other exception, crash or sanitizer report
// is a finding. The subcommands' callbacks are removed: only parsing and the option validators run.
#include <string>
#include <vector>

#include "app/cli/commands.h"
#include "tests/fuzz/fuzz_entry.h"

void fuzzInput(ms::InputSource& source) {
  std::vector<std::string> arguments = {"matchscope-cli"};
  for (std::string line; std::getline(source.stream(), line);) arguments.push_back(line);
  std::vector<char*> argv;
  for (std::string& argument : arguments) argv.push_back(argument.data());

  CLI::App app{"fuzz", "matchscope-cli"};
  app.require_subcommand(1);
  ms::cli::addLapCommands(app);
  ms::cli::addBenchCommand(app);
  for (CLI::App* subcommand : app.get_subcommands({})) subcommand->callback(nullptr);
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError&) {
  }
}

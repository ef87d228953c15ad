// matchscope-cli's option parser: the bytes are its arguments, one per line. Every command line must end in
// a parsed one or a CLI::ParseError (a usage error, exit 2); any other exception, crash or sanitizer report
// is a finding. Only parsing and the option validators run: the main app's parse-complete callback, which
// CLI11 calls after every option is processed and before any subcommand's callback, stops there. (Removing
// the subcommands' callbacks instead would free the option structs they own while the parser writes them.)
#include <string>
#include <vector>

#include "app/cli/commands.h"
#include "tests/fuzz/fuzz_entry.h"

namespace {
struct ParsedOnly {};
}  // namespace

void fuzzInput(ms::InputSource& source) {
  std::vector<std::string> arguments = {"matchscope-cli"};
  for (std::string line; std::getline(source.stream(), line);) arguments.push_back(line);
  std::vector<char*> argv;
  for (std::string& argument : arguments) argv.push_back(argument.data());

  CLI::App app{"fuzz", "matchscope-cli"};
  app.require_subcommand(1);
  ms::cli::addLapCommands(app);
  ms::cli::addBenchCommand(app);
  app.parse_complete_callback([] { throw ParsedOnly{}; });
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError&) {
  } catch (const ParsedOnly&) {
  }
}

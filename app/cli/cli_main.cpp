#include "app/cli/cli_main.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>

#include "app/cli/exit_codes.h"
#include "solver/core/atomic_file.h"
#include "solver/core/errors.h"

namespace ms::cli {

int parseAndRun(CLI::App& app, int argc, char** argv, const std::string& messagePrefix, RankRun* rank) {
  const auto report = [&](const char* what) {
    std::fprintf(stderr, "%s: %s\n", messagePrefix.c_str(), what);
  };
  // CLI11's default adds "Run with --help for more information." on a second line.
  const bool printsUsage = rank == nullptr || rank->printsUsageErrors;
  app.failure_message([messagePrefix, printsUsage](const CLI::App*, const CLI::Error& error) {
    return printsUsage ? messagePrefix + ": " + error.what() + "\n" : std::string();
  });
  // --force may follow the subcommand: every subcommand passes what it does not know to the program.
  app.add_flag_callback(
      "--force", [] { replaceReadOnlyFiles(true); }, "Replace output files that are read-only for you");
  for (CLI::App* subcommand : app.get_subcommands({})) subcommand->fallthrough();
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    if (rank != nullptr) rank->failedTogether = true;
    return kExitUsage;
  } catch (const SharedFailure& failure) {
    if (failure.what()[0] != '\0') report(failure.what());
    if (rank != nullptr) rank->failedTogether = true;
    return failure.status();
  } catch (const InputError& error) {
    report(error.what());
    return kExitBadInput;
  } catch (const InfeasibleError& error) {
    report(error.what());
    return kExitInfeasible;
  } catch (const std::bad_alloc&) {
    report("out of memory");
    return kExitBadInput;
  } catch (const std::exception& error) {
    report(error.what());
    return kExitBadInput;
  }
  // The results are on standard output: a write that failed there (a full disk behind "> file") is an error,
  // not an exit 0 with the result lost.
  errno = 0;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    report(("standard output: " + std::string(errno != 0 ? std::strerror(errno) : "write failed")).c_str());
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace ms::cli

#include "app/cli/cli_main.h"

#include <cstdio>
#include <exception>
#include <new>

#include "app/cli/exit_codes.h"
#include "solver/core/errors.h"

namespace ms::cli {

int parseAndRun(CLI::App& app, int argc, char** argv, const std::string& messagePrefix) {
  const auto report = [&](const char* what) {
    std::fprintf(stderr, "%s: %s\n", messagePrefix.c_str(), what);
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return kExitUsage;
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
  return kExitOk;
}

}  // namespace ms::cli

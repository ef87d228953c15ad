#pragma once
// Parses the command line and runs the chosen subcommand, turning errors into one-line messages on stderr
// ("<program>: <problem>") and the exit statuses of exit_codes.h. Shared by matchscope-cli and
// matchscope-mpi.

#include <CLI/CLI.hpp>
#include <string>

namespace ms::cli {

int parseAndRun(CLI::App& app, int argc, char** argv, const std::string& messagePrefix);

}  // namespace ms::cli

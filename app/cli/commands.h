#pragma once
// Each subcommand registers itself on the application and runs from its callback.

#include <CLI/CLI.hpp>

namespace ms::cli {

void addLapCommands(CLI::App& app);   // solve, generate
void addBenchCommand(CLI::App& app);  // bench

}  // namespace ms::cli

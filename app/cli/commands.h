#pragma once
// Each subcommand registers itself on the application and runs from its callback.

#include <CLI/CLI.hpp>

namespace ms::cli {

void addLapCommands(CLI::App& app);         // solve, generate
void addBenchCommand(CLI::App& app);        // bench
void addRenderCommand(CLI::App& app);       // render
void addBenchRenderCommand(CLI::App& app);  // bench-render

}  // namespace ms::cli

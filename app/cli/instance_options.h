#pragma once
// Command-line options shared by the subcommands that load or generate a LAP instance and pick a solver.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "solver/lap/cost_matrix.h"
#include "solver/lap/generators.h"
#include "solver/lap/lap_names.h"
#include "solver/lap/lap_solver.h"

namespace ms::cli {

struct InstanceOptions {
  std::string input;
  std::string generator;
  int32_t n = 0;
  std::string range = "n";
  uint64_t seed = 1;
  std::string stream = "sequential";
};

// --input FILE | --generate KIND --n N [--range R] [--seed S] [--stream sequential|counter]
void addInstanceOptions(CLI::App& command, InstanceOptions& options);
// The generator of --generate (checked), and a one-line description of the instance.
lap::GeneratorSpec generatorSpec(const InstanceOptions& options, std::string* description);
// Reads or generates the instance; `description` receives a one-line summary of where it came from.
lap::AnyCostMatrix loadInstance(const InstanceOptions& options, std::string* description);

// --granularity, shared by solve and bench: search (the default) runs whole Hungarian iterations per step.
void addGranularityOption(CLI::App& command, std::string& granularity);

}  // namespace ms::cli

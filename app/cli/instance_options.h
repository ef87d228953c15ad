#pragma once
// Command-line options shared by the LAP subcommands: which instance (a file, or a generator) and which
// solver (variant and backend).

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "solver/lap/cost_matrix.h"
#include "solver/lap/lap_solver.h"

namespace ms::cli {

struct InstanceOptions {
  std::string input;
  std::string generator;
  int32_t n = 0;
  std::string range = "n";
  uint64_t seed = 1;
};

void addInstanceOptions(CLI::App& command, InstanceOptions& options);

// Reads or generates the instance; `description` says which, for the summary line.
lap::AnyCostMatrix loadInstance(const InstanceOptions& options, std::string* description);

lap::LapAlgorithm parseAlgorithm(const std::string& name);
lap::Backend parseBackend(const std::string& name);

}  // namespace ms::cli

#pragma once
// `solve --problem matching` and `generate --problem matching`: weighted matching on complete graphs. The
// subcommands themselves live in lap_commands.cpp; their matching-only options and work live here.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "app/cli/instance_options.h"
#include "solver/matching/matching_solver.h"

namespace ms::cli {

inline constexpr const char* kMatchingAlgorithmHelp =
    "matching: greedy, roma, parallel-roma-1, parallel-roma-2, exact";
inline constexpr const char* kMatchingObjectiveHelp =
    "matching: min (a maximum-cardinality matching of least total weight) or max (of greatest total weight); "
    "default min for geometric graphs (points), max otherwise (the thesis's setting)";

// Options of `solve` that only matching uses.
struct MatchingSolveOptions {
  std::string objective;  // "min" or "max"; "" = min for geometric graphs (points), max otherwise
  std::string initial = "neighbour";
  int32_t maxPhases = matching::kDefaultMaxPhases;
  float gainThreshold = matching::kDefaultGainThreshold;
  int32_t flipRetries = 0;
  std::string matchingOut;
};

// What `solve --problem matching` takes from the options `solve` shares with the LAP.
struct MatchingSolveRequest {
  InstanceOptions instance;
  std::string algorithm;  // "" = the default, parallel-roma-2
  std::string backend = "auto";
  int threads = 0;
  bool verify = false;  // also solve exactly (LEMON) and print the gap to optimality
  std::string traceOut;
};

// Registers --init, --max-phases, --gain-threshold, --flip-retries and --matching-out on `solve` (which
// registers the --objective it shares with hypergraphs and fills `objective`).
std::shared_ptr<MatchingSolveOptions> addMatchingSolveOptions(CLI::App& solve);
bool isMatchingAlgorithm(const std::string& name);
bool isMatchingGenerator(const std::string& name);  // uniform, exponential, geometric

void solveMatching(const MatchingSolveRequest& request, const MatchingSolveOptions& options);
// Writes the generated graph: .npy, .points/.pts (geometric only) or a text matrix.
void generateMatching(const InstanceOptions& instance, const std::string& output);

}  // namespace ms::cli

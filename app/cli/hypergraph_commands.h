#pragma once
// `solve --problem hypergraph` and `generate --problem hypergraph`: coarsening and bipartitioning of
// hypergraphs (Cheng, Cho & Yoon). The subcommands live in lap_commands.cpp; their hypergraph options and
// work live here.

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>

#include "app/cli/instance_options.h"
#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/hypergraph_solver.h"
#include "solver/hypergraph/kway_solver.h"

namespace ms::cli {

inline constexpr const char* kHypergraphAlgorithmHelp =
    "hypergraph: coarsen-greedy, coarsen-suitor, bipartition";
inline constexpr const char* kHypergraphGeneratorHelp =
    "hypergraph: flickr, wikipedia, stanford, stanford-berkeley (Table II profiles, --n 0 = original size), "
    "heavy-columns (the paper's 700k matrix scaled to --n), random-hypergraph";

// Options of `solve` that only hypergraphs use.
struct HypergraphSolveOptions {
  double epsilon = hypergraph::kDefaultEpsilon;  // set from solve's shared --epsilon
  std::string partitionOut;
  std::string matching = "greedy";  // how bipartition coarsens
  int32_t levels = 0;
  int32_t coarsestNodes = 0;  // 0 = hypergraph::coarsestNodesFor(|V|)
  int32_t bruteForceBelow = hypergraph::kDefaultBruteForceBelow;
  int32_t fmPasses = 8;
  std::optional<int32_t> pinHeavyFmPasses;  // unset: the bipartition's or the k-way bisections' default
  double fmMinImprovement = hypergraph::HypergraphOptions{}.fmMinImprovement;
  int32_t suitorRatingCap = 0;      // suitor: hyperedges a node rates through at most (0 = all)
  std::string refinement = "auto";  // bipartition: fm (host), jet (the backend's kernels, then FM) or auto
  int32_t parts = 2;                // bipartition: more parts by recursive bisection, then k-way refinement
  std::string objective = "km1";    // what the k-way refinement and the bisections' splitting aim at
  int32_t kwayPasses = 8;           // k-way label propagation passes at most
  int32_t kwayFmPasses = 8;         // k-way FM passes after them at most
  int32_t kwayVCycles = 2;          // V-cycles after them at most
  double kwayMinImprovement = hypergraph::KWayOptions{}.minImprovement;
};

// What `solve --problem hypergraph` takes from the options `solve` shares with the LAP.
struct HypergraphSolveRequest {
  InstanceOptions instance;
  std::string algorithm;  // "" = bipartition
  std::string backend = "auto";
  int threads = 0;
  std::string traceOut;
};

// Registers --partition-out, --coarsen-with, --levels, --brute-force-below, --fm-passes, --parts and
// --kway-passes, --kway-fm-passes, --kway-vcycles (`solve` registers the --objective it shares with matching
// and fills `objective`).
std::shared_ptr<HypergraphSolveOptions> addHypergraphSolveOptions(CLI::App& solve);
bool isHypergraphAlgorithm(const std::string& name);
bool isHypergraphGenerator(const std::string& name);

// Reads (.hgr, .mtx) or generates the hypergraph; `description` receives a one-line summary.
hypergraph::Hypergraph loadHypergraph(const InstanceOptions& options, std::string* description);
void solveHypergraph(const HypergraphSolveRequest& request, const HypergraphSolveOptions& options);
// Writes the generated hypergraph as .hgr.
void generateHypergraph(const InstanceOptions& instance, const std::string& output);

}  // namespace ms::cli

#pragma once
// k parts by recursive bisection (the paper's "readily generalized to multiple categories via recursive
// bipartition"): the multilevel bipartition splits the hypergraph into sides standing for floor(k / 2) and
// ceil(k / 2) parts, then each side's induced sub-hypergraph, until every side is one part.

#include <cstdint>
#include <vector>

#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/hypergraph_solver.h"

namespace ms::hypergraph {

// The hyperedges restricted to `nodes` (sorted; renumbered 0..|nodes|-1 in that order) that keep at least
// two pins there, with their weights, and the nodes' weights. Without `splitCutEdges` a hyperedge with a pin
// outside `nodes` is left out (it is cut whatever happens inside: the cut objective); with it, its pins
// inside stay (each further part it reaches costs again: the connectivity objective).
Hypergraph inducedSubhypergraph(const Hypergraph& graph, const std::vector<int32_t>& nodes,
                                bool splitCutEdges = true);

// Nodes still to be split into parts [firstPart, firstPart + parts).
struct BisectionTask {
  std::vector<int32_t> nodes;  // sorted
  int32_t firstPart = 0;
  int32_t parts = 1;
};

// The balance a bisection of nodes weighing `weight` into `parts` final parts keeps so that the
// ceil(log2 parts) bisections left compound to parts of at most maxPart (Mt-KaHyPar's adaptive epsilon:
// (maxPart * parts / weight)^(1 / ceil(log2 parts)) - 1). A side lighter than its share leaves its
// sub-problem more room than (1 + epsilon)^(1 / ceil(log2 k)) at every level would.
double bisectionEpsilon(int64_t maxPart, int64_t weight, int32_t parts);

// One bisection of `task` by the multilevel bipartition (`options` with its sides' shares and epsilon set
// here): writes each side's first part into `part` and returns the sides that still stand for several parts.
std::vector<BisectionTask> bisect(const Hypergraph& graph, const BisectionTask& task,
                                  const HypergraphOptions& options, double epsilon, bool splitCutEdges,
                                  std::vector<int32_t>& part);

}  // namespace ms::hypergraph

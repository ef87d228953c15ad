#pragma once
// k parts by recursive bisection (the paper's "readily generalized to multiple categories via recursive
// bipartition"): the multilevel bipartition splits the hypergraph, then each side's induced sub-hypergraph,
// until there are k parts (k a power of two). Each split keeps eq. 2 with the options' epsilon, so the parts
// weigh at most (1 + epsilon)^log2(k) times |V| / k.

#include <cstdint>
#include <memory>
#include <vector>

#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/hypergraph_solver.h"

namespace ms::hypergraph {

struct KWayPartition {
  std::vector<int32_t> part;  // 0..k-1 per node
  int64_t cut = 0;       // weight of the hyperedges whose pins lie in more than one part (eq. 1 for k parts)
  double imbalance = 0;  // (k max part weight - |V|) / |V|, eq. 2 for k parts
};

// The hyperedges restricted to `nodes` (sorted; renumbered 0..|nodes|-1 in that order), those left with at
// least two pins, with their weights, and the nodes' weights.
Hypergraph inducedSubhypergraph(const Hypergraph& graph, const std::vector<int32_t>& nodes);
int64_t kWayCut(const Hypergraph& graph, const std::vector<int32_t>& part);
double kWayImbalance(const Hypergraph& graph, const std::vector<int32_t>& part, int32_t parts);

// options.algorithm must be Bipartition. Throws std::invalid_argument unless parts is a power of two >= 2.
KWayPartition recursiveBisection(const std::shared_ptr<const Hypergraph>& graph, int32_t parts,
                                 const HypergraphOptions& options);

}  // namespace ms::hypergraph

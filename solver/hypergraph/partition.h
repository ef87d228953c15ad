#pragma once
// Bipartitions: edge cut (eq. 1), imbalance (eq. 2, with node weights so that a coarse node counts the nodes
// it stands for), the brute-force and growing initial partitions, projection (eq. 5) and one pass of
// Fiduccia-Mattheyses refinement with gain buckets and roll-back to the best prefix.

#include <cstdint>
#include <vector>

#include "solver/hypergraph/hypergraph.h"

namespace ms::hypergraph {

using Partition = std::vector<uint8_t>;  // side 0 or 1 of each node

int64_t cutOf(const Hypergraph& graph, const Partition& partition);
double imbalanceOf(const Hypergraph& graph, const Partition& partition);
// The heaviest side eq. 2 allows: max side weight with (2 max - total) / total <= epsilon, and never less
// than ceil(total / 2), which every partition needs. `slack` is added (coarse levels, whose nodes are heavy).
int64_t maxSideWeight(int64_t totalWeight, double epsilon, int64_t slack = 0);

// The cut-minimal partition with both sides at most `maxSide` (the least overweight one when none fits),
// over all 2^(n-1) partitions. Precondition: n <= 30.
Partition bruteForcePartition(const Hypergraph& graph, int64_t maxSide);
// Grows side 1 breadth-first through the hyperedges from node 0 until it holds half the weight.
Partition growPartition(const Hypergraph& graph);
// eq. 5: each fine node takes its cluster's side.
Partition project(const Partition& coarse, const std::vector<int32_t>& map);

struct FmPassResult {
  int64_t cutBefore = 0, cutAfter = 0;
  int64_t movesTried = 0, movesKept = 0;
};

// Makes an overweight partition meet eq. 2 (both sides at most maxSide) by moving the fewest nodes, whenever
// some partition meets it: an exact subset sum over the node weights (FM moves one node at a time and can
// get stuck one node over the bound when every single move overshoots). Done when nodes x (total weight + 1)
// is at most kRebalanceCells; larger inputs are left as they are. Returns whether the partition changed.
inline constexpr int64_t kRebalanceCells = int64_t{1} << 27;
bool rebalance(const Hypergraph& graph, Partition& partition, int64_t maxSide);

// One FM pass: moves the best-gain free node whose move keeps both sides within maxSide (or, while the
// partition is overweight, lightens the heavier side), locks it, and at the end rolls back to the prefix
// that is feasible (or least overweight) with the smallest cut. Never worsens the cut of a feasible input.
FmPassResult fmPass(const Hypergraph& graph, Partition& partition, int64_t maxSide);

}  // namespace ms::hypergraph

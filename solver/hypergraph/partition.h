#pragma once
// Bipartitions: edge cut (eq. 1), imbalance (eq. 2, with node weights so that a coarse node counts the nodes
// it stands for), the brute-force and growing initial partitions, projection (eq. 5) and one pass of
// Fiduccia-Mattheyses refinement with gain buckets and roll-back to the best prefix.

#include <array>
#include <cstdint>
#include <vector>

#include "solver/hypergraph/hypergraph.h"

namespace ms::hypergraph {

using Partition = std::vector<uint8_t>;  // side 0 or 1 of each node
// The heaviest each side may be. Equal for a bisection into halves; unequal when recursive bisection splits
// k parts into floor(k / 2) and ceil(k / 2).
using SideLimits = std::array<int64_t, 2>;
// How many of the final parts each side stands for: {1, 1} halves, {1, 2} gives side 1 two thirds.
using SideShares = std::array<int32_t, 2>;

int64_t cutOf(const Hypergraph& graph, const Partition& partition);
double imbalanceOf(const Hypergraph& graph, const Partition& partition);
// The same from the sides' weights: (2 max - total) / total.
double imbalanceOf(const std::array<int64_t, 2>& sideWeights);
// The heaviest side eq. 2 allows: max side weight with (2 max - total) / total <= epsilon, and never less
// than ceil(total / 2), which every partition needs. `slack` is added (coarse levels, whose nodes are heavy).
int64_t maxSideWeight(int64_t totalWeight, double epsilon, int64_t slack = 0);
// The same for sides that carry `shares` of the weight: side s at most (1 + epsilon) * total * shares[s] /
// (shares[0] + shares[1]) and never less than the ceiling of its exact share, plus `slack`.
SideLimits sideLimits(int64_t totalWeight, double epsilon, SideShares shares, int64_t slack = 0);
// The weight side 1 should carry under `shares`.
int64_t sideTarget(int64_t totalWeight, SideShares shares);

// The cut-minimal partition with each side within its limit (the least overweight one when none fits), over
// all 2^(n-1) partitions. Precondition: n <= 30.
Partition bruteForcePartition(const Hypergraph& graph, SideLimits limits);
// Grows side 1 breadth-first through the hyperedges from node 0 until it holds `target` weight.
Partition growPartition(const Hypergraph& graph, int64_t target);
// eq. 5: each fine node takes its cluster's side.
Partition project(const Partition& coarse, const std::vector<int32_t>& map);

// Whether a refinement pass that took an objective from `before` to `after` lowered it by more than `share`
// of it: what keeps FM passes (bisections and k-way) and V-cycles going.
inline bool lowersByMoreThan(int64_t before, int64_t after, double share) {
  return static_cast<double>(before - after) > share * static_cast<double>(before);
}

struct FmPassResult {
  int64_t cutBefore = 0, cutAfter = 0;
  int64_t movesTried = 0, movesKept = 0;
};

// Makes an overweight partition meet eq. 2 (each side within its limit) by moving the fewest nodes, whenever
// some partition meets it: an exact subset sum over the node weights (FM moves one node at a time and can
// get stuck one node over the bound when every single move overshoots). Done when nodes x (total weight + 1)
// is at most kRebalanceCells; larger inputs are left as they are. Returns whether the partition changed.
inline constexpr int64_t kRebalanceCells = int64_t{1} << 27;
bool rebalanceBySubsetSum(const Hypergraph& graph, Partition& partition, SideLimits limits);

// One FM pass: moves the best-gain free node whose move keeps both sides within their limits (or, while the
// partition is overweight, lessens the excess of the side most over its limit), locks it, and at the end
// rolls back to the prefix that is feasible (or least overweight) with the smallest cut. Never worsens the
// cut of a feasible input. The set-up (pin counts and gains) runs on `threads` OpenMP threads; the moves on
// one.
FmPassResult fmPass(const Hypergraph& graph, Partition& partition, SideLimits limits, int threads = 1);

}  // namespace ms::hypergraph

#pragma once
// A k-way V-cycle: the hypergraph is coarsened again with pairs inside one part only (so every coarse
// level holds the partition exactly, with the same cut and km1), then label propagation and k-way FM run
// on each level from the coarsest down. On the coarse levels a move carries a whole cluster, which
// single-node moves at the finest level cannot price as a gain (the leaves of a hub all want the hub's
// part, and one leaf at a time does not pay).

#include <cstdint>
#include <vector>

#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/kway_partition.h"

namespace ms::hypergraph {

// Coarsening stops at kVCycleNodesPerPart * parts nodes (Mt-KaHyPar's contraction limit of 160 k), when a
// level keeps more than kVCycleStall of its nodes, or after kVCycleMaxLevels levels.
inline constexpr int32_t kVCycleNodesPerPart = 160;
inline constexpr double kVCycleStall = 0.95;
inline constexpr int32_t kVCycleMaxLevels = 30;
// Refinement per level: label propagation until a pass moves nothing (at most this many), then FM passes
// until one gains nothing (at most this many).
inline constexpr int32_t kVCycleLabelPropagationPasses = 4;
inline constexpr int32_t kVCycleFmPasses = 2;

struct VCycleResult {
  KWayPassResult pass;  // objective before and after, nodes moved on the finest level
  int32_t levels = 0;   // coarse levels built
};

// Greedy matching (Fig. 4) restricted to pairs of nodes in the same part: mate per node, -1 when alone.
std::vector<int32_t> matchWithinParts(const Hypergraph& graph, const std::vector<int32_t>& part,
                                      int32_t parts);

// One V-cycle on a partition within maxPart: never raises the objective, keeps every part within maxPart.
VCycleResult kWayVCycle(const Hypergraph& graph, std::vector<int32_t>& part, int32_t parts, int64_t maxPart,
                        Objective objective);

}  // namespace ms::hypergraph

#pragma once
// k-way partitions: the two objectives Mt-KaHyPar reports (cut: the weight of hyperedges spanning more than
// one part; km1, the connectivity objective: sum of w(e) * (lambda(e) - 1), lambda(e) = parts e touches),
// its balance constraint (every part at most (1 + epsilon) * ceil(|V| / k)), and direct k-way refinement:
// label propagation with exact gains and a rebalancing pass.

#include <cstdint>
#include <string_view>
#include <vector>

#include "solver/hypergraph/hypergraph.h"

namespace ms::hypergraph {

enum class Objective { Cut, Km1 };
std::string_view objectiveName(Objective objective);  // "cut", "km1"
// Inverse of the name above; throws std::invalid_argument naming the choices.
Objective parseObjective(std::string_view text);

int64_t kWayCut(const Hypergraph& graph, const std::vector<int32_t>& part);
int64_t km1Of(const Hypergraph& graph, const std::vector<int32_t>& part);
int64_t objectiveOf(const Hypergraph& graph, const std::vector<int32_t>& part, Objective objective);
std::vector<int64_t> partWeights(const Hypergraph& graph, const std::vector<int32_t>& part, int32_t parts);
// Mt-KaHyPar's bound: floor((1 + epsilon) * ceil(total / parts)).
int64_t maxPartWeight(int64_t totalWeight, int32_t parts, double epsilon);
// Mt-KaHyPar's imbalance: max part weight / ceil(total / parts) - 1.
double kWayImbalance(const Hypergraph& graph, const std::vector<int32_t>& part, int32_t parts);

struct KWayPassResult {
  int64_t objectiveBefore = 0, objectiveAfter = 0;
  int64_t moves = 0;
};

// One label propagation pass: each node in turn moves to the part that lowers the objective most, when it
// lowers it and the part stays within maxPart. Every move is priced exactly at the moment it is made, so
// the objective never rises and a balanced partition stays balanced.
KWayPassResult labelPropagationPass(const Hypergraph& graph, std::vector<int32_t>& part, int32_t parts,
                                    int64_t maxPart, Objective objective);
// One k-way Fiduccia-Mattheyses pass: the boundary nodes in a priority queue by the gain of their best move
// within maxPart; the best one moves (also when its gain is negative, which can make room in a full part or
// lead to a better state), is locked, and the nodes whose gains it changed are priced again (km1: from the
// gain cache, kway_gain_cache.h, where it fits; cut: from their hyperedges). At the end the pass rolls back
// to the prefix of moves with the lowest objective, so the objective never rises and a balanced partition
// stays balanced. Gives up after max(kFmMinPatience, |V| / kFmPatienceDivisor) moves without a new best.
inline constexpr int64_t kFmMinPatience = 200;
inline constexpr int64_t kFmPatienceDivisor = 10;
// After a move, the pins of its hyperedges are priced again, except through hyperedges of more pins than
// kFmUpdateEdgeLimit and, without the gain cache, except nodes in more than kFmUpdateDegreeLimit hyperedges:
// pricing such a hub from its hyperedges scans thousands of them, and on flickr-like 100k at k = 8 doing it
// after every move made a pass 30x slower (224 s against 8 s for the whole solve) for the same km1. Those
// nodes are priced again when they reach the top of the queue.
inline constexpr int64_t kFmUpdateEdgeLimit = 1000;
inline constexpr int64_t kFmUpdateDegreeLimit = 200;
KWayPassResult kWayFmPass(const Hypergraph& graph, std::vector<int32_t>& part, int32_t parts, int64_t maxPart,
                          Objective objective);
// Moves nodes out of parts heavier than maxPart into parts they fit, cheapest objective increase first,
// until every part fits or no move helps.
KWayPassResult rebalance(const Hypergraph& graph, std::vector<int32_t>& part, int32_t parts, int64_t maxPart,
                         Objective objective);

}  // namespace ms::hypergraph

#include "solver/hypergraph/kway_vcycle.h"

#include <algorithm>

#include "solver/hypergraph/coarsening.h"

namespace ms::hypergraph {
namespace {

// Label propagation, then FM, on one level; returns the nodes moved.
int64_t refineLevel(const Hypergraph& graph, std::vector<int32_t>& part, int32_t parts, int64_t maxPart,
                    Objective objective) {
  int64_t moves = 0;
  for (int32_t pass = 0; pass < kVCycleLabelPropagationPasses; ++pass) {
    const KWayPassResult r = labelPropagationPass(graph, part, parts, maxPart, objective);
    moves += r.moves;
    if (r.moves == 0) break;
  }
  for (int32_t pass = 0; pass < kVCycleFmPasses; ++pass) {
    const KWayPassResult r = kWayFmPass(graph, part, parts, maxPart, objective);
    moves += r.moves;
    if (r.objectiveAfter >= r.objectiveBefore) break;
  }
  return moves;
}

}  // namespace

std::vector<int32_t> matchWithinParts(const Hypergraph& graph, const std::vector<int32_t>& part,
                                      int32_t parts) {
  const auto n = static_cast<std::size_t>(graph.nodeCount());
  std::vector<int32_t> mate(n, -1), visible(n);
  NeighbourScan scan(graph.nodeCount());
  for (int32_t p = 0; p < parts; ++p) {
    // The scan takes a node as a candidate when its entry is -1: the nodes of other parts are marked as
    // matched with themselves.
    for (std::size_t v = 0; v < n; ++v) visible[v] = part[v] == p ? -1 : static_cast<int32_t>(v);
    int32_t lastScanned = -1;
    greedyMatch(graph, 0, graph.nodeCount(), visible, scan, &lastScanned);
    for (std::size_t v = 0; v < n; ++v) {
      if (part[v] == p && visible[v] >= 0) mate[v] = visible[v];
    }
  }
  return mate;
}

VCycleResult kWayVCycle(const Hypergraph& graph, std::vector<int32_t>& part, int32_t parts, int64_t maxPart,
                        Objective objective) {
  VCycleResult result;
  result.pass.objectiveBefore = objectiveOf(graph, part, objective);
  // levels[i] is coarsened from levels[i - 1] (graph for i = 0) by maps[i]; parts[i] is its partition.
  std::vector<Hypergraph> levels;
  std::vector<std::vector<int32_t>> maps, levelParts;
  levels.reserve(kVCycleMaxLevels);  // `current` points into it
  levelParts.reserve(kVCycleMaxLevels);
  const Hypergraph* current = &graph;
  const std::vector<int32_t>* currentPart = &part;
  const int64_t enough = static_cast<int64_t>(kVCycleNodesPerPart) * parts;
  while (current->nodeCount() > enough && static_cast<int32_t>(levels.size()) < kVCycleMaxLevels) {
    std::vector<int32_t> map = coarseningMap(matchWithinParts(*current, *currentPart, parts));
    const int32_t clusters = map.empty() ? 0 : *std::max_element(map.begin(), map.end()) + 1;
    if (clusters > kVCycleStall * current->nodeCount()) break;
    std::vector<int32_t> coarsePart(static_cast<std::size_t>(clusters));
    for (std::size_t v = 0; v < map.size(); ++v)
      coarsePart[static_cast<std::size_t>(map[v])] = (*currentPart)[v];
    levels.push_back(applyCoarsening(*current, map, clusters));
    maps.push_back(std::move(map));
    levelParts.push_back(std::move(coarsePart));
    current = &levels.back();
    currentPart = &levelParts.back();
  }
  result.levels = static_cast<int32_t>(levels.size());
  for (std::size_t i = levels.size(); i-- > 0;) {
    refineLevel(levels[i], levelParts[i], parts, maxPart, objective);
    std::vector<int32_t>& finer = i == 0 ? part : levelParts[i - 1];
    for (std::size_t v = 0; v < maps[i].size(); ++v)
      finer[v] = levelParts[i][static_cast<std::size_t>(maps[i][v])];
  }
  result.pass.moves = refineLevel(graph, part, parts, maxPart, objective);
  result.pass.objectiveAfter = objectiveOf(graph, part, objective);
  return result;
}

}  // namespace ms::hypergraph

#pragma once
// Host copy of a hypergraph coarsening or bipartitioning machine's state for the views: the level being
// worked on, the node whose neighbours were just found with the lane of every nonzero scanned (Fig. 5/7),
// the matching so far, the sizes of every level, and the partition with its cut and imbalance.

#include <cstdint>
#include <memory>
#include <vector>

#include "solver/core/step_header.h"
#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/warp_plan.h"

namespace ms::hypergraph {

struct LevelSize {
  int32_t nodes = 0;
  int32_t edges = 0;
  int64_t pins = 0;
};

// One neighbour of the current node and its similarity <a_j, a_k>_w (eq. 8).
struct Neighbour {
  int32_t node = 0;
  Similarity similarity = 0;
};

// The header's iteration is the level the latest step worked on.
struct HypergraphSnapshot : StepHeader {
  int32_t level = 0;                        // 0 = the input hypergraph
  std::shared_ptr<const Hypergraph> graph;  // the hypergraph of `level` (shared, not copied)
  std::vector<LevelSize> levels;            // every level built so far, input first

  // The node whose neighbours the last step found (-1 when that step found none, e.g. FM passes), its
  // hyperedges, its unmatched neighbours at that moment, and the warp plan of the scan.
  int32_t currentNode = -1;
  std::vector<int32_t> currentEdges;
  std::vector<Neighbour> neighbours;
  std::vector<PlannedNonzero> lanes;

  std::vector<int32_t> mate;       // partner of each node of `level` so far, -1 while unmatched
  std::vector<int32_t> candidate;  // suitor matching only: each node's current proposal (-1 none)

  // Bipartition only (empty / zero before the first partition exists): side (0/1) of each node of `level`.
  std::vector<uint8_t> partition;
  int64_t cut = 0;       // eq. 1 (k-way: hyperedges spanning several parts)
  double imbalance = 0;  // eq. 2 with node weights (k-way: max part / ceil(|V| / k) - 1)

  // k-way partitioning only (kway_solver.h): part of each input node, the number of parts and the
  // connectivity objective sum w(e) (lambda(e) - 1).
  std::vector<int32_t> parts;
  int32_t partCount = 0;
  int64_t km1 = 0;
};

}  // namespace ms::hypergraph

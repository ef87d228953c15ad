#pragma once
// The collaborative task plan of Fig. 5 (Table I): a warp takes the nonzeros of up to `width` hyperedges and
// shares them equally among its lanes. Lane l gets the nonzeros from (startRow, startColumn) up to, not
// including, (endRow, endColumn), rows counted within the warp's hyperedges and columns within a row. The
// CUDA kernel computes the same ranges with shuffles; this host version feeds the views and the tests.

#include <cstdint>
#include <span>
#include <vector>

#include "solver/hypergraph/hypergraph.h"

namespace ms::hypergraph {

inline constexpr int32_t kWarpWidth = 32;

struct LaneShare {
  int32_t startRow = 0, startColumn = 0;
  int32_t endRow = 0, endColumn = 0;
};

// rowSizes: nnz of each of the warp's hyperedges (at most `width` of them). Returns one share per lane.
std::vector<LaneShare> planWarp(std::span<const int64_t> rowSizes, int32_t width = kWarpWidth);

// One nonzero a_ik scanned while finding the neighbours of a node, and the lane that scans it.
struct PlannedNonzero {
  int32_t edge = 0;  // i: a hyperedge of the node
  int32_t node = 0;  // k: a pin of that hyperedge
  int32_t lane = 0;
};

// Every nonzero of the hyperedges of `node`, hyperedges taken `width` at a time as the warp does (Fig. 7).
std::vector<PlannedNonzero> planNeighbourScan(const Hypergraph& graph, int32_t node,
                                              int32_t width = kWarpWidth);

}  // namespace ms::hypergraph

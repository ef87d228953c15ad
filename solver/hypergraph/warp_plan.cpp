#include "solver/hypergraph/warp_plan.h"

#include <algorithm>

namespace ms::hypergraph {

std::vector<LaneShare> planWarp(std::span<const int64_t> rowSizes, int32_t width) {
  const auto rows = static_cast<int32_t>(rowSizes.size());
  // b' (exclusive scan of the row sizes) and S (their total), Fig. 5 lines 5-8.
  std::vector<int64_t> exclusive(static_cast<std::size_t>(rows), 0);
  int64_t total = 0;
  for (int32_t r = 0; r < rows; ++r) {
    exclusive[static_cast<std::size_t>(r)] = total;
    total += rowSizes[static_cast<std::size_t>(r)];
  }
  const int64_t share = (total + width - 1) / width;
  std::vector<LaneShare> out(static_cast<std::size_t>(width));
  for (int32_t lane = 0; lane < width; ++lane) {
    // Lines 9-15: the end of lane l's share is entry L = ceil(S / w)(l + 1), at most S; its row is the last
    // one starting before L.
    const int64_t end = std::min(total, share * (lane + 1));
    int32_t endRow = 0;
    for (int32_t z = 0; z < rows; ++z) {
      if (exclusive[static_cast<std::size_t>(z)] < end) endRow = z;
    }
    out[static_cast<std::size_t>(lane)].endRow = endRow;
    out[static_cast<std::size_t>(lane)].endColumn =
        rows == 0 ? 0 : static_cast<int32_t>(end - exclusive[static_cast<std::size_t>(endRow)]);
  }
  // Lines 16-21: a lane starts where the previous one ended.
  for (int32_t lane = 1; lane < width; ++lane) {
    out[static_cast<std::size_t>(lane)].startRow = out[static_cast<std::size_t>(lane - 1)].endRow;
    out[static_cast<std::size_t>(lane)].startColumn = out[static_cast<std::size_t>(lane - 1)].endColumn;
  }
  return out;
}

std::vector<PlannedNonzero> planNeighbourScan(const Hypergraph& graph, int32_t node, int32_t width) {
  std::vector<PlannedNonzero> out;
  const auto edges = graph.edgesOf(node);
  for (std::size_t first = 0; first < edges.size(); first += static_cast<std::size_t>(width)) {
    const std::size_t count = std::min(edges.size() - first, static_cast<std::size_t>(width));
    std::vector<int64_t> sizes(count);
    for (std::size_t r = 0; r < count; ++r)
      sizes[r] = static_cast<int64_t>(graph.pins(edges[first + r]).size());
    const std::vector<LaneShare> shares = planWarp(sizes, width);
    for (int32_t lane = 0; lane < width; ++lane) {
      const LaneShare& s = shares[static_cast<std::size_t>(lane)];
      for (int32_t row = s.startRow, column = s.startColumn;
           row < s.endRow || (row == s.endRow && column < s.endColumn);) {
        const int64_t rowSize = sizes[static_cast<std::size_t>(row)];
        if (column >= rowSize) {
          ++row;
          column = 0;
          continue;
        }
        const int32_t edge = edges[first + static_cast<std::size_t>(row)];
        out.push_back({edge, graph.pins(edge)[static_cast<std::size_t>(column)], lane});
        ++column;
      }
    }
  }
  return out;
}

}  // namespace ms::hypergraph

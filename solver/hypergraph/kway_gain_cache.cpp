#include "solver/hypergraph/kway_gain_cache.h"

namespace ms::hypergraph {

Km1GainCache::Km1GainCache(const Hypergraph& graph, const std::vector<int32_t>& part, int32_t parts)
    : graph_(graph),
      part_(part),
      parts_(parts),
      benefit_(static_cast<std::size_t>(graph.nodeCount()), 0),
      incident_(static_cast<std::size_t>(graph.nodeCount()), 0),
      rowIndex_(static_cast<std::size_t>(graph.nodeCount()), -1),
      stamp_(static_cast<std::size_t>(parts), -1),
      pinsIn_(static_cast<std::size_t>(parts), 0) {}

Km1GainCache::Row Km1GainCache::rowOf(int32_t v) {
  const auto node = static_cast<std::size_t>(v);
  if (rowIndex_[node] < 0) {
    rowIndex_[node] = static_cast<int32_t>(rows_.size() / static_cast<std::size_t>(parts_));
    rows_.resize(rows_.size() + static_cast<std::size_t>(parts_), 0);
    int64_t* row = rows_.data() + slot(rowIndex_[node], 0);
    const int32_t home = part_[node];
    int64_t benefit = 0, incident = 0;
    for (int32_t e : graph_.edgesOf(v)) {
      const int64_t w = graph_.edgeWeight(e);
      incident += w;
      ++visit_;
      for (int32_t u : graph_.pins(e)) {
        const auto p = static_cast<std::size_t>(part_[static_cast<std::size_t>(u)]);
        if (stamp_[p] != visit_) {
          stamp_[p] = visit_;
          pinsIn_[p] = 0;
          row[p] += w;
        }
        ++pinsIn_[p];
      }
      if (pinsIn_[static_cast<std::size_t>(home)] == 1) benefit += w;
    }
    benefit_[node] = benefit;
    incident_[node] = incident;
  }
  return {benefit_[node] - incident_[node], rows_.data() + slot(rowIndex_[node], 0)};
}

KWayMove Km1GainCache::bestMove(int32_t v, int64_t maxPart, const std::vector<int64_t>& partWeight) {
  const int32_t from = part_[static_cast<std::size_t>(v)];
  const int64_t nodeWeight = graph_.nodeWeight(v);
  const Row row = rowOf(v);
  KWayMove best;
  for (int32_t p = 0; p < parts_; ++p) {
    const auto s = static_cast<std::size_t>(p);
    if (p == from || partWeight[s] + nodeWeight > maxPart) continue;
    const int64_t gain = row.base + row.connected[p];
    if (best.target < 0 || gain > best.gain ||
        (gain == best.gain && partWeight[s] < partWeight[static_cast<std::size_t>(best.target)])) {
      best = {p, gain};
    }
  }
  return best;
}

}  // namespace ms::hypergraph

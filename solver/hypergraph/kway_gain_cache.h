#pragma once
// The km1 gain of moving any node to any part, kept up to date move by move (Mt-KaHyPar's gain cache), so
// that k-way FM prices a node from one row of k entries instead of reading all of its hyperedges again
// after every move of a neighbour.
//
// For node u in part q, with W(u) the weight of u's hyperedges:
//   benefit(u)      = weight of u's hyperedges with no other pin in q (they leave q when u does),
//   connected(u, t) = weight of u's hyperedges with a pin in t,
//   gain(u -> t)    = benefit(u) - W(u) + connected(u, t)   (t != q).
// A node's row is computed when it is first priced and kept up to date from then on; rows are stored in the
// order they were first needed (a pass prices the boundary and its neighbours, often a small share of the
// nodes: |V| x k rows filled up front, or allocated and touched one by one, took a k = 64 run of a 300 x 300
// grid from 1.4 to 2.0 or 1.6 s).
//
// The partition is read through `Parts`, which the caller keeps up to date: weights() (per part),
// pinsIn(e, p) (pins of hyperedge e in part p) and forEachPart(e, f) (f(p) for each part e touches). Rows are
// computed from those counts, not from the pins: reading every pin's part made the rows of a hub cost the
// square of its hyperedges' sizes, 31 % of a k = 8 run of wikipedia-like 300k.

#include <cstdint>
#include <vector>

#include "solver/hypergraph/hypergraph.h"

namespace ms::hypergraph {

struct KWayMove {
  int32_t target = -1;  // -1: no other part takes the node within the bound
  int64_t gain = 0;     // objective decrease
};

class Km1GainCache {
 public:
  // The most row entries a cache may come to hold (2 GiB): with more parts times nodes, FM prices km1 from
  // the hyperedges as before (the pass's pin counts already take |E| x k entries).
  static constexpr int64_t kMaxEntries = int64_t{1} << 28;
  static bool fits(int32_t nodes, int32_t parts) {
    return static_cast<int64_t>(nodes) * static_cast<int64_t>(parts) <= kMaxEntries;
  }

  Km1GainCache(const Hypergraph& graph, const std::vector<int32_t>& part, int32_t parts)
      : graph_(graph),
        part_(part),
        parts_(parts),
        benefit_(static_cast<std::size_t>(graph.nodeCount()), 0),
        incident_(static_cast<std::size_t>(graph.nodeCount()), 0),
        rowIndex_(static_cast<std::size_t>(graph.nodeCount()), -1) {}

  template <class Parts>
  int64_t gain(int32_t v, int32_t to, Parts& parts) {
    const Row row = rowOf(v, parts);
    return row.base + row.connected[to];
  }

  // The move of v that lowers km1 most among the parts it fits in under maxPart (ties: the lighter part),
  // as PartState::bestMove prices it from the hyperedges.
  template <class Parts>
  KWayMove bestMove(int32_t v, int64_t maxPart, Parts& parts) {
    const int32_t from = part_[static_cast<std::size_t>(v)];
    const int64_t nodeWeight = graph_.nodeWeight(v);
    const Row row = rowOf(v, parts);
    const std::vector<int64_t>& weight = parts.weights();
    KWayMove best;
    for (int32_t p = 0; p < parts_; ++p) {
      const auto s = static_cast<std::size_t>(p);
      if (p == from || weight[s] + nodeWeight > maxPart) continue;
      const int64_t gain = row.base + row.connected[p];
      if (best.target < 0 || gain > best.gain ||
          (gain == best.gain && weight[s] < weight[static_cast<std::size_t>(best.target)])) {
        best = {p, gain};
      }
    }
    return best;
  }

  // Node v has moved from `from` to `to` (`part` and `parts` say so already): brings the rows of v and of its
  // hyperedges' pins up to date.
  template <class Parts>
  void moved(int32_t v, int32_t from, int32_t to, Parts& parts) {
    int64_t benefit = 0;
    for (int32_t e : graph_.edgesOf(v)) {
      const int64_t w = graph_.edgeWeight(e);
      const int32_t leftInFrom = parts.pinsIn(e, from), nowInTarget = parts.pinsIn(e, to);
      if (nowInTarget == 1) benefit += w;
      if (leftInFrom > 1 && nowInTarget > 2) continue;  // no pin's row moves through e
      for (int32_t u : graph_.pins(e)) {
        const auto node = static_cast<std::size_t>(u);
        const int32_t row = rowIndex_[node];
        if (row < 0) continue;
        if (leftInFrom == 0) rows_[slot(row, from)] -= w;
        if (nowInTarget == 1) rows_[slot(row, to)] += w;
        if (u == v) continue;
        const int32_t q = part_[node];
        if (leftInFrom == 1 && q == from) benefit_[node] += w;  // u is e's last pin in `from` now
        if (nowInTarget == 2 && q == to) benefit_[node] -= w;   // u is no longer e's only pin in `to`
      }
    }
    benefit_[static_cast<std::size_t>(v)] = benefit;
  }

 private:
  struct Row {
    int64_t base;  // benefit(v) - W(v)
    const int64_t* connected;
  };

  template <class Parts>
  Row rowOf(int32_t v, Parts& parts) {
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
        if (parts.pinsIn(e, home) == 1) benefit += w;
        parts.forEachPart(e, [&](int32_t p) { row[p] += w; });
      }
      benefit_[node] = benefit;
      incident_[node] = incident;
    }
    return {benefit_[node] - incident_[node], rows_.data() + slot(rowIndex_[node], 0)};
  }

  std::size_t slot(int32_t row, int32_t p) const {
    return static_cast<std::size_t>(row) * static_cast<std::size_t>(parts_) + static_cast<std::size_t>(p);
  }

  const Hypergraph& graph_;
  const std::vector<int32_t>& part_;
  int32_t parts_;
  std::vector<int64_t> benefit_, incident_;
  std::vector<int32_t> rowIndex_;  // per node: its row in rows_, -1 until computed
  std::vector<int64_t> rows_;      // connected(u, .) of the nodes priced, k entries each
};

}  // namespace ms::hypergraph

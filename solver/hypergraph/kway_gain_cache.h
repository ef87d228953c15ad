#pragma once
// The km1 gain of moving any node to any part, kept up to date move by move (Mt-KaHyPar's gain cache), so
// that k-way FM prices a node from one row of k entries instead of reading all of its hyperedges again
// after every move of a neighbour.
//
// A node's row is computed from its hyperedges when it is first priced, and kept up to date from then on;
// rows are stored in the order they were first needed (a pass prices the boundary and its neighbours, often
// a small share of the nodes: |V| x k rows filled up front, or allocated and touched one by one, took a
// k = 64 run of a 300 x 300 grid from 1.4 to 2.0 or 1.6 s). For node u in part q, with W(u) the weight of u's
// hyperedges:
//   benefit(u)      = weight of u's hyperedges with no other pin in q (they leave q when u does),
//   connected(u, t) = weight of u's hyperedges with a pin in t,
//   gain(u -> t)    = benefit(u) - W(u) + connected(u, t)   (t != q).

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
  Km1GainCache(const Hypergraph& graph, const std::vector<int32_t>& part, int32_t parts);

  int64_t gain(int32_t v, int32_t to) {
    const Row row = rowOf(v);
    return row.base + row.connected[to];
  }

  // The move of v that lowers km1 most among the parts it fits in under maxPart (ties: the lighter part),
  // as PartState::bestMove prices it from the hyperedges.
  KWayMove bestMove(int32_t v, int64_t maxPart, const std::vector<int64_t>& partWeight);

  // Node v has moved from `from` to `to` (`part` says so already), and pinsIn(e, p) counts the pins of e in
  // p after the move: brings the entries of v and of its hyperedges' pins up to date.
  template <class PinsIn>
  void moved(int32_t v, int32_t from, int32_t to, PinsIn pinsIn) {
    int64_t benefit = 0;
    for (int32_t e : graph_.edgesOf(v)) {
      const int64_t w = graph_.edgeWeight(e);
      const int32_t leftInFrom = pinsIn(e, from), nowInTarget = pinsIn(e, to);
      if (nowInTarget == 1) benefit += w;
      if (leftInFrom > 1 && nowInTarget > 2) continue;  // no pin's entry moves through e
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
  std::size_t slot(int32_t row, int32_t p) const {
    return static_cast<std::size_t>(row) * static_cast<std::size_t>(parts_) + static_cast<std::size_t>(p);
  }

  struct Row {
    int64_t base;  // benefit(v) - W(v)
    const int64_t* connected;
  };
  Row rowOf(int32_t v);

  const Hypergraph& graph_;
  const std::vector<int32_t>& part_;
  int32_t parts_;
  std::vector<int64_t> benefit_, incident_;
  std::vector<int32_t> rowIndex_;  // per node: its row in rows_, -1 until computed
  std::vector<int64_t> rows_;      // connected(u, .) of the nodes priced, k entries each
  // rowOf's scratch: per part, the visit (one per hyperedge read) that last counted pins there, and the count.
  std::vector<int64_t> stamp_;
  std::vector<int32_t> pinsIn_;
  int64_t visit_ = 0;
};

}  // namespace ms::hypergraph

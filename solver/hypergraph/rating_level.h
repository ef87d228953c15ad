#pragma once
// The level the suitor rates neighbours on when each node rates through at most a cap of its hyperedges.
// On hub-heavy inputs every node's first proposal scans all its neighbours, most of that work by the hubs
// (nodes of thousands of hyperedges), and no exact suitor scans less (docs/results/hypergraphs.md, "The
// OpenMP suitor, counted"). Mt-KaHyPar's coarsening samples the hyperedges of high-degree nodes when it
// rates (--c-vertex-degree-sampling-threshold) for the same reason. Here the sample keeps the suitor's
// properties: a node of more than the cap keeps its heaviest hyperedges per pin (RatingOrder; ties go by a
// hash of the hyperedge that is the same for every node, so that hubs keep the same ones), and a hyperedge
// keeps the pins that kept it. Two nodes are then similar through the hyperedges both kept: similarity stays
// symmetric, and the suitor's matching is still the one locally dominant matching of this rating, the same
// on every thread count.

#include <cstdint>
#include <memory>
#include <vector>

#include "solver/hypergraph/hypergraph.h"

namespace ms::hypergraph {

// The order in which a node keeps its hyperedges: weight per other pin (w(e) / (|e| - 1) in double
// precision; a hyperedge of one pin rates no one and comes last), then the hash, then the smaller number.
class RatingOrder {
 public:
  RatingOrder(const Hypergraph& graph, int threads);
  struct Key {
    double weightPerPin;
    uint64_t tie;
    int32_t edge;
  };
  Key keyOf(int32_t edge) const;
  static bool before(const Key& a, const Key& b);

 private:
  std::vector<double> weightPerPin_;  // per hyperedge; -1 for one pin
};

// The level above for cap >= 1, built on `threads` OpenMP threads (the same level on any count); nullptr
// when no node has more than cap hyperedges (the level rates as it is). Node and hyperedge weights and the
// hyperedges' numbering are the level's; a node's hyperedges stay in increasing order.
std::shared_ptr<const Hypergraph> ratingLevel(const Hypergraph& graph, int32_t cap, int threads = 1);

}  // namespace ms::hypergraph

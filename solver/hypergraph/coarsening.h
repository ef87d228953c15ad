#pragma once
// Sequential coarsening pieces: the Mondriaan neighbour scan (Fig. 3), the greedy matching (Fig. 4), the
// coarsening map f (f(v) = min{v, mate(v)}) and apply-coarsening (eq. 3-4).

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/hypergraph_snapshot.h"
#include "solver/hypergraph/preference.h"

namespace ms::hypergraph {

// Similarity accumulator of one scanning thread: S of Fig. 3 kept compactly per neighbour found, with a
// dense map from node to its place there (4 bytes per node, so that large inputs stay in cache longer), so
// resetting costs the neighbours found, not n.
class NeighbourScan {
 public:
  explicit NeighbourScan(int32_t nodes) : slot_(static_cast<std::size_t>(nodes), kUnseen) {}
  // Fig. 3 for node j over the nodes with mate == -1 (j excluded; `mate` is read atomically, so other
  // threads may claim nodes meanwhile). Returns the nonzeros scanned; the
  // neighbours found stay readable until the next scan. Similarities are summed as non-negative integers.
  int64_t scan(const Hypergraph& graph, int32_t j, const std::vector<int32_t>& mate);
  // The same while every node is unmatched (the suitor's first proposals): no mate to read per nonzero.
  int64_t scanAllUnmatched(const Hypergraph& graph, int32_t j);
  // argmax_k S(k) under `preferred` (preference.h); -1 when j has no unmatched neighbour.
  int32_t best() const;
  // The unmatched neighbours j prefers most, in order of preference, into out (-1 past the last when j has
  // fewer than out.size()).
  void bestFew(std::span<int32_t> out);
  std::vector<Neighbour> neighbours() const;
  std::size_t found() const { return touched_.size(); }

 private:
  // A neighbour found (its index in touched_ and found_) with a key that orders most pairs as preferred()
  // does.
  struct Ranked {
    uint64_t key;
    int32_t index;
  };
  static constexpr std::size_t kFewByInsertion = 16;  // bestFew keeps up to this many by insertion
  template <bool kReadMate>
  int64_t accumulate(const Hypergraph& graph, int32_t j, const int32_t* mate);
  static constexpr int32_t kUnseen = -1;  // slot_ of a node the scan has not touched
  std::vector<int32_t> slot_;             // per node: its index in touched_ and found_
  std::vector<int32_t> touched_;          // the neighbours found, in the order found
  std::vector<Similarity> found_;         // their similarities
  std::vector<Ranked> ranked_;            // bestFew's work space
  int32_t current_ = -1;
};

// Fig. 4 run over nodes [first, last) of a matching in progress. Returns the nonzeros scanned; the last node
// that was still unmatched and scanned goes to *lastScanned (unchanged when none).
int64_t greedyMatch(const Hypergraph& graph, int32_t first, int32_t last, std::vector<int32_t>& mate,
                    NeighbourScan& scan, int32_t* lastScanned);

// Greedy matching on several threads (Fig. 4 shared out in chunks of consecutive nodes, taken in order by
// whichever thread is free): a node still unmatched at its turn finds its best unmatched neighbour and claims
// both ends with compare-and-swap, first itself, then the neighbour; when the neighbour was claimed by
// another thread in the meantime it lets go of itself and scans again. Every pair is a node with its best
// unmatched neighbour at the moment it claimed it. One thread is Fig. 4 exactly; with more, the matching
// depends on the threads' timing. One parallel region per call and no barrier inside: on a loaded machine a
// descheduled thread delays only its own chunk. `scans` holds one accumulator per thread. Returns the
// nonzeros scanned.
int64_t parallelGreedyMatch(const Hypergraph& graph, int32_t first, int32_t last, std::vector<int32_t>& mate,
                            std::vector<NeighbourScan>& scans, int32_t* lastScanned);

// Two-hop matching (as METIS does on star-like graphs): each node the matching left alone finds its most
// similar neighbour, matched or not, and nodes left alone with the same such neighbour are paired in node
// order while the pair weighs at most maxWeight; so are nodes without any neighbour. On hub-heavy inputs the
// nodes left alone are leaves whose only neighbours are hubs, which take one partner per level; pairing the
// leaves keeps coarsening going. Returns the nonzeros scanned; the pairs go into `mate` (they need not share
// a hyperedge). The scans run on `threads` OpenMP threads; the pairs do not depend on them.
int64_t pairByCommonNeighbour(const Hypergraph& graph, std::vector<int32_t>& mate, int64_t maxWeight,
                              int threads = 1);

// The OpenMP threads a `threads` option stands for (0 = all).
int resolvedThreads(int threads);

// f of eq. 3-5 for a matching: each pair and each unmatched node becomes one cluster, labelled by its
// smallest node and numbered 0..|V'|-1 in increasing order of that label.
std::vector<int32_t> coarseningMap(const std::vector<int32_t>& mate);
// eq. 3-4: e'_i = f(e_i) without repeats, w'(e'_i) = w(e_i); a cluster weighs what its nodes weigh.
Hypergraph applyCoarsening(const Hypergraph& graph, const std::vector<int32_t>& map, int32_t clusters);

// The level the partitioner refines: hyperedges of fewer than two pins dropped (never cut) and identical
// hyperedges merged into the first of them with their weights summed (while the sum fits), so every cut and
// km1 stays what it was and every similarity too. Coarse levels keep all the input's hyperedges otherwise:
// flickr-like's level of 12 nodes still had 820,878 hyperedges. Pins of each hyperedge in increasing order,
// as contraction leaves them. Returns nullptr when that would drop less than `minShare` of the pins (the
// rebuild costs about what one pass over the pins saves). Hashes and sorts on `threads` OpenMP threads.
std::shared_ptr<const Hypergraph> compactEdges(const Hypergraph& graph, double minShare = 0, int threads = 1);

// compactEdges in two halves: what it would drop and merge (hashes, sorted; the costlier half on coarse
// levels is the rebuild), then the rebuilt level. The partitioner plans every level it refines and rebuilds
// only those FM runs on.
struct EdgeCompaction {
  std::vector<int32_t>
      representative;           // per hyperedge: the one it merges into (itself when kept), -1: dropped
  std::vector<int64_t> weight;  // per kept hyperedge: its weight and the merged ones'
  int32_t keptEdges = 0;
  int64_t droppedPins = 0;
  bool changes = false;  // a hyperedge is dropped or merged
  // Whether compaction drops something, and at least `share` of the level's `pins`.
  bool drops(double share, int64_t pins) const {
    return changes && static_cast<double>(droppedPins) >= share * static_cast<double>(pins);
  }
};
EdgeCompaction planEdgeCompaction(const Hypergraph& graph, int threads = 1);
// planEdgeCompaction's two steps: which hyperedge each one merges into (EdgeCompaction::representative;
// the CUDA contraction also finds it on the device, cuda/device_compaction.h), then the rest of the plan.
std::vector<int32_t> compactionRepresentatives(const Hypergraph& graph, int threads = 1);
EdgeCompaction planFromRepresentatives(const Hypergraph& graph, std::vector<int32_t> representative,
                                       int threads = 1);
// Precondition: plan is planEdgeCompaction(graph) and plan.changes.
std::shared_ptr<const Hypergraph> compactedLevel(const Hypergraph& graph, const EdgeCompaction& plan,
                                                 int threads = 1);

}  // namespace ms::hypergraph

#pragma once
// Sequential coarsening pieces: the Mondriaan neighbour scan (Fig. 3), the greedy matching (Fig. 4), the
// coarsening map f (f(v) = min{v, mate(v)}) and apply-coarsening (eq. 3-4).

#include <cstdint>
#include <vector>

#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/hypergraph_snapshot.h"
#include "solver/hypergraph/preference.h"

namespace ms::hypergraph {

// Dense similarity accumulator of one scanning thread: S of Fig. 3 plus the list of nodes it touched, so
// resetting costs the neighbours found, not n.
class NeighbourScan {
 public:
  explicit NeighbourScan(int32_t nodes)
      : similarity_(static_cast<std::size_t>(nodes), 0), seen_(static_cast<std::size_t>(nodes), 0) {}
  // Fig. 3 for node j over the nodes with mate == -1 (j excluded). Returns the nonzeros scanned; the
  // neighbours found stay readable until the next scan. Similarities are summed as non-negative integers.
  int64_t scan(const Hypergraph& graph, int32_t j, const std::vector<int32_t>& mate);
  // argmax_k S(k) under `preferred` (preference.h); -1 when j has no unmatched neighbour.
  int32_t best() const;
  // The up to `count` unmatched neighbours j prefers most, in order of preference, into out[0..count) (-1
  // where j has fewer).
  void bestFew(int32_t count, int32_t* out) const;
  std::vector<Neighbour> neighbours() const;

 private:
  std::vector<Similarity> similarity_;
  std::vector<uint8_t> seen_;
  std::vector<int32_t> touched_;
  int32_t current_ = -1;
};

// Fig. 4 run over nodes [first, last) of a matching in progress. Returns the nonzeros scanned; the last node
// that was still unmatched and scanned goes to *lastScanned (unchanged when none).
int64_t greedyMatch(const Hypergraph& graph, int32_t first, int32_t last, std::vector<int32_t>& mate,
                    NeighbourScan& scan, int32_t* lastScanned);

// Greedy matching for several threads (Fig. 4 in batches): the unmatched nodes of a batch of `batch`
// consecutive nodes find their few most preferred unmatched neighbours in parallel against the matching as
// it stood when the batch began; then, in node order, a node matched meanwhile is skipped, and any other
// takes the first of its choices still unmatched (its best now, as every neighbour it prefers is matched and
// the unmatched set only shrank); one whose choices were all taken scans again in the batch's next round.
// Every pair is a node with its best unmatched neighbour at the moment it matched, as in Fig. 4, and the
// result depends on the batch size, not on the threads (batch = 1 is Fig. 4 itself). `scans` holds one
// accumulator per thread. Returns the nonzeros scanned.
int64_t batchedGreedyMatch(const Hypergraph& graph, int32_t first, int32_t last, int32_t batch,
                           std::vector<int32_t>& mate, std::vector<NeighbourScan>& scans,
                           int32_t* lastScanned);

// The OpenMP threads a `threads` option stands for (0 = all).
int resolvedThreads(int threads);

// f of eq. 3-5 for a matching: each pair and each unmatched node becomes one cluster, labelled by its
// smallest node and numbered 0..|V'|-1 in increasing order of that label.
std::vector<int32_t> coarseningMap(const std::vector<int32_t>& mate);
// eq. 3-4: e'_i = f(e_i) without repeats, w'(e'_i) = w(e_i); a cluster weighs what its nodes weigh.
Hypergraph applyCoarsening(const Hypergraph& graph, const std::vector<int32_t>& map, int32_t clusters);

}  // namespace ms::hypergraph

#include "solver/hypergraph/hypergraph.h"
#include "solver/core/huge_pages.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <stdexcept>

#include <omp.h>

namespace ms::hypergraph {

Hypergraph::Hypergraph(int32_t nodes, std::vector<int64_t> edgeOffsets, std::vector<int32_t> pins,
                       std::vector<int32_t> edgeWeights, std::vector<int32_t> nodeWeights)
    : nodes_(nodes),
      edgeOffsets_(std::move(edgeOffsets)),
      pins_(std::move(pins)),
      edgeWeights_(std::move(edgeWeights)),
      nodeWeights_(std::move(nodeWeights)) {
  frameEdges();
  buildIncidence();
}

Hypergraph::Hypergraph(int32_t nodes, std::vector<int64_t> edgeOffsets, std::vector<int32_t> pins,
                       std::vector<int32_t> edgeWeights, std::vector<int32_t> nodeWeights,
                       std::vector<int64_t> nodeOffsets, std::vector<int32_t> incidence)
    : nodes_(nodes),
      edgeOffsets_(std::move(edgeOffsets)),
      pins_(std::move(pins)),
      edgeWeights_(std::move(edgeWeights)),
      nodeOffsets_(std::move(nodeOffsets)),
      incidence_(std::move(incidence)),
      nodeWeights_(std::move(nodeWeights)) {
  frameEdges();
  if (nodeOffsets_.size() != static_cast<std::size_t>(nodes_) + 1 || nodeOffsets_.front() != 0 ||
      nodeOffsets_.back() != static_cast<int64_t>(pins_.size()) || incidence_.size() != pins_.size()) {
    throw std::invalid_argument("hypergraph: node offsets do not frame the incidence");
  }
}

void Hypergraph::frameEdges() {
  if (nodes_ < 0 || edgeOffsets_.empty() || edgeOffsets_.front() != 0 ||
      edgeOffsets_.back() != static_cast<int64_t>(pins_.size())) {
    throw std::invalid_argument("hypergraph: offsets do not frame the pins");
  }
  const auto edges = static_cast<std::size_t>(edgeOffsets_.size() - 1);
  if (edgeWeights_.empty()) edgeWeights_.assign(edges, 1);
  if (nodeWeights_.empty()) nodeWeights_.assign(static_cast<std::size_t>(nodes_), 1);
  if (edgeWeights_.size() != edges || nodeWeights_.size() != static_cast<std::size_t>(nodes_)) {
    throw std::invalid_argument("hypergraph: weight arrays do not match the counts");
  }
  totalNodeWeight_ = std::accumulate(nodeWeights_.begin(), nodeWeights_.end(), int64_t{0});
}

// Each node's hyperedges in increasing order: a stable counting sort of the pins by node, in two passes so
// that no pass writes all over memory (one scatter straight to the nodes' lists waits on a cache miss per
// pin). Pass 1 splits the (node, hyperedge) pairs into buckets of 2^shift consecutive nodes, each thread a
// range of hyperedges, the threads' shares of a bucket in hyperedge order; pass 2 sorts each bucket within
// its cache-sized range of the incidence. Large levels run on the OpenMP threads.
void Hypergraph::buildIncidence() {
  const auto pinCount = pins_.size();
  const bool parallel = pinCount >= (std::size_t{1} << 18);
  const int threads = parallel ? omp_get_max_threads() : 1;
  const int shift =
      std::max(0, static_cast<int>(std::bit_width(static_cast<uint32_t>(std::max(nodes_, 1)))) - 10);
  const std::size_t buckets = (static_cast<std::size_t>(nodes_) >> shift) + 1;
  const auto edges = static_cast<int64_t>(edgeOffsets_.size()) - 1;
  // cursor[t * buckets + b]: where thread t's pairs of bucket b go.
  std::vector<int64_t> cursor(static_cast<std::size_t>(threads) * buckets, 0);
  std::vector<int64_t> bucketStart(buckets + 1, 0);
  // Pass 1 leaves the pairs' hyperedges in incidence_ and their nodes in pairNode.
  std::vector<int32_t> pairNode = hugePageVector<int32_t>(pinCount);
  incidence_ = hugePageVector<int32_t>(pinCount);
  int64_t outOfRange = 0;
#pragma omp parallel num_threads(threads) reduction(+ : outOfRange)
  {
    const int team = omp_get_num_threads(), t = omp_get_thread_num();
    // The threads' hyperedge ranges hold about equal numbers of pins.
    const auto edgeAt = [&](int k) {
      const int64_t target = static_cast<int64_t>(pinCount) * k / team;
      return k == team ? edges
                       : std::lower_bound(edgeOffsets_.begin(), edgeOffsets_.end() - 1, target) -
                             edgeOffsets_.begin();
    };
    const int64_t first = edgeAt(t), last = edgeAt(t + 1);
    int64_t* mine = cursor.data() + static_cast<std::size_t>(t) * buckets;
    for (int64_t p = edgeOffsets_[static_cast<std::size_t>(first)];
         p < edgeOffsets_[static_cast<std::size_t>(last)]; ++p) {
      const int32_t pin = pins_[static_cast<std::size_t>(p)];
      if (pin < 0 || pin >= nodes_) {
        ++outOfRange;
        continue;
      }
      ++mine[static_cast<std::size_t>(pin) >> shift];
    }
#pragma omp barrier
#pragma omp single
    {
      // Exclusive sums in (bucket, thread) order.
      int64_t sum = 0;
      for (std::size_t b = 0; b < buckets; ++b) {
        bucketStart[b] = sum;
        for (int k = 0; k < team; ++k) {
          const int64_t n = cursor[static_cast<std::size_t>(k) * buckets + b];
          cursor[static_cast<std::size_t>(k) * buckets + b] = sum;
          sum += n;
        }
      }
      bucketStart[buckets] = sum;
    }
    if (outOfRange == 0) {  // this thread's count; the others stop at the end
      for (int64_t e = first; e < last; ++e) {
        for (int64_t p = edgeOffsets_[static_cast<std::size_t>(e)];
             p < edgeOffsets_[static_cast<std::size_t>(e) + 1]; ++p) {
          const int32_t pin = pins_[static_cast<std::size_t>(p)];
          const auto slot = static_cast<std::size_t>(mine[static_cast<std::size_t>(pin) >> shift]++);
          pairNode[slot] = pin;
          incidence_[slot] = static_cast<int32_t>(e);
        }
      }
    }
  }
  if (outOfRange > 0) throw std::invalid_argument("hypergraph: pin out of range");

  nodeOffsets_ = hugePageVector<int64_t>(static_cast<std::size_t>(nodes_) + 1, 0);
#pragma omp parallel num_threads(threads)
  {
    std::vector<int64_t> count(std::size_t{1} << shift);
    std::vector<int32_t> bucketEdges;
#pragma omp for schedule(dynamic, 8)
    for (std::size_t b = 0; b < buckets; ++b) {
      const int64_t begin = bucketStart[b], end = bucketStart[b + 1];
      const std::size_t firstNode = b << shift;
      const std::size_t width =
          std::min(std::size_t{1} << shift, static_cast<std::size_t>(nodes_) + 1 - firstNode);
      std::fill(count.begin(), count.begin() + static_cast<std::ptrdiff_t>(width), 0);
      for (int64_t i = begin; i < end; ++i)
        ++count[static_cast<std::size_t>(pairNode[static_cast<std::size_t>(i)]) - firstNode];
      int64_t sum = begin;
      for (std::size_t k = 0; k < width; ++k) {
        if (firstNode + k < static_cast<std::size_t>(nodes_)) nodeOffsets_[firstNode + k] = sum;
        const int64_t n = count[k];
        count[k] = sum;
        sum += n;
      }
      bucketEdges.assign(incidence_.begin() + begin, incidence_.begin() + end);
      for (int64_t i = begin; i < end; ++i) {
        const auto k = static_cast<std::size_t>(pairNode[static_cast<std::size_t>(i)]) - firstNode;
        incidence_[static_cast<std::size_t>(count[k]++)] = bucketEdges[static_cast<std::size_t>(i - begin)];
      }
    }
  }
  nodeOffsets_[static_cast<std::size_t>(nodes_)] = static_cast<int64_t>(pinCount);
}

bool Hypergraph::hasUnitEdgeWeights() const {
  return std::all_of(edgeWeights_.begin(), edgeWeights_.end(), [](int32_t w) { return w == 1; });
}

bool Hypergraph::hasUnitNodeWeights() const {
  return std::all_of(nodeWeights_.begin(), nodeWeights_.end(), [](int32_t w) { return w == 1; });
}

}  // namespace ms::hypergraph

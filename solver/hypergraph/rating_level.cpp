#include "solver/hypergraph/rating_level.h"

#include <omp.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "solver/hypergraph/preference.h"

namespace ms::hypergraph {

RatingOrder::RatingOrder(const Hypergraph& graph, int threads) : weightPerPin_(graph.edgeCount()) {
  const int32_t m = graph.edgeCount();
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int32_t e = 0; e < m; ++e) {
    const auto otherPins = static_cast<double>(graph.pins(e).size()) - 1;
    weightPerPin_[static_cast<std::size_t>(e)] =
        otherPins > 0 ? static_cast<double>(graph.edgeWeight(e)) / otherPins : -1.0;
  }
}

RatingOrder::Key RatingOrder::keyOf(int32_t edge) const {
  return {weightPerPin_[static_cast<std::size_t>(edge)], edgeTieKey(edge, edge), edge};
}

bool RatingOrder::before(const Key& a, const Key& b) {
  if (a.weightPerPin != b.weightPerPin) return a.weightPerPin > b.weightPerPin;
  return a.tie != b.tie ? a.tie > b.tie : a.edge < b.edge;
}

std::shared_ptr<const Hypergraph> ratingLevel(const Hypergraph& graph, int32_t cap, int threads) {
  if (cap < 1) throw std::invalid_argument("ratingLevel: the cap must be at least 1");
  const int32_t n = graph.nodeCount();
  const auto limit = static_cast<std::size_t>(cap);
  std::vector<int64_t> nodeOffsets(static_cast<std::size_t>(n) + 1, 0);
  std::vector<uint8_t> capped(static_cast<std::size_t>(n), 0);  // a byte per node: the pin pass reads it
  bool anyCapped = false;
  for (int32_t v = 0; v < n; ++v) {
    const std::size_t degree = graph.edgesOf(v).size();
    capped[static_cast<std::size_t>(v)] = degree > limit ? 1 : 0;
    anyCapped = anyCapped || degree > limit;
    nodeOffsets[static_cast<std::size_t>(v) + 1] =
        nodeOffsets[static_cast<std::size_t>(v)] + static_cast<int64_t>(std::min(degree, limit));
  }
  if (!anyCapped) return nullptr;

  // Each node's rated hyperedges, in increasing order.
  const RatingOrder order(graph, threads);
  std::vector<int32_t> incidence(static_cast<std::size_t>(nodeOffsets.back()));
#pragma omp parallel num_threads(threads)
  {
    std::vector<RatingOrder::Key> keys;
#pragma omp for schedule(dynamic, 1024)
    for (int32_t v = 0; v < n; ++v) {
      const auto all = graph.edgesOf(v);
      int32_t* out = incidence.data() + nodeOffsets[static_cast<std::size_t>(v)];
      if (all.size() <= limit) {
        std::copy(all.begin(), all.end(), out);
        continue;
      }
      keys.clear();
      for (int32_t e : all) keys.push_back(order.keyOf(e));
      std::nth_element(keys.begin(), keys.begin() + cap, keys.end(), RatingOrder::before);
      for (int32_t i = 0; i < cap; ++i) out[i] = keys[static_cast<std::size_t>(i)].edge;
      std::sort(out, out + cap);
    }
  }

  // A hyperedge keeps the pins that rate through it: every pin of at most cap hyperedges, and the others
  // that kept it. Decided once per pin, then counted and written.
  const int32_t m = graph.edgeCount();
  const std::vector<int32_t>& pinsIn = graph.pinArray();
  const std::vector<int64_t>& edgeOffsetsIn = graph.edgeOffsets();
  std::vector<uint8_t> keptPin(pinsIn.size());
  std::vector<int64_t> edgeOffsets(static_cast<std::size_t>(m) + 1, 0);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024)
  for (int32_t e = 0; e < m; ++e) {
    int64_t kept = 0;
    for (int64_t p = edgeOffsetsIn[static_cast<std::size_t>(e)];
         p < edgeOffsetsIn[static_cast<std::size_t>(e) + 1]; ++p) {
      const auto v = static_cast<std::size_t>(pinsIn[static_cast<std::size_t>(p)]);
      const int32_t* first = incidence.data() + nodeOffsets[v];
      const bool keeps = capped[v] == 0 || std::binary_search(first, first + cap, e);
      keptPin[static_cast<std::size_t>(p)] = keeps ? 1 : 0;
      kept += keeps ? 1 : 0;
    }
    edgeOffsets[static_cast<std::size_t>(e) + 1] = kept;
  }
  for (std::size_t e = 0; e < static_cast<std::size_t>(m); ++e) edgeOffsets[e + 1] += edgeOffsets[e];
  std::vector<int32_t> pins(static_cast<std::size_t>(edgeOffsets.back()));
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024)
  for (int32_t e = 0; e < m; ++e) {
    int32_t* out = pins.data() + edgeOffsets[static_cast<std::size_t>(e)];
    for (int64_t p = edgeOffsetsIn[static_cast<std::size_t>(e)];
         p < edgeOffsetsIn[static_cast<std::size_t>(e) + 1]; ++p) {
      if (keptPin[static_cast<std::size_t>(p)] != 0) *out++ = pinsIn[static_cast<std::size_t>(p)];
    }
  }
  return std::make_shared<const Hypergraph>(n, std::move(edgeOffsets), std::move(pins), graph.edgeWeights(),
                                            graph.nodeWeights(), std::move(nodeOffsets),
                                            std::move(incidence));
}

}  // namespace ms::hypergraph

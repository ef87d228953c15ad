#include "solver/hypergraph/hypergraph.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace ms::hypergraph {

Hypergraph::Hypergraph(int32_t nodes, std::vector<int64_t> edgeOffsets, std::vector<int32_t> pins,
                       std::vector<int32_t> edgeWeights, std::vector<int32_t> nodeWeights)
    : nodes_(nodes),
      edgeOffsets_(std::move(edgeOffsets)),
      pins_(std::move(pins)),
      edgeWeights_(std::move(edgeWeights)),
      nodeWeights_(std::move(nodeWeights)) {
  frameEdges();
  // Counting sort of the pins by node: each column lists its hyperedges in increasing order.
  std::vector<int64_t> counts(static_cast<std::size_t>(nodes_) + 1, 0);
  for (int32_t pin : pins_) {
    if (pin < 0 || pin >= nodes_) throw std::invalid_argument("hypergraph: pin out of range");
    ++counts[static_cast<std::size_t>(pin) + 1];
  }
  std::partial_sum(counts.begin(), counts.end(), counts.begin());
  nodeOffsets_ = counts;
  incidence_.resize(pins_.size());
  for (std::size_t e = 0; e + 1 < edgeOffsets_.size(); ++e) {
    for (int64_t p = edgeOffsets_[e]; p < edgeOffsets_[e + 1]; ++p) {
      incidence_[static_cast<std::size_t>(
          counts[static_cast<std::size_t>(pins_[static_cast<std::size_t>(p)])]++)] = static_cast<int32_t>(e);
    }
  }
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

bool Hypergraph::hasUnitEdgeWeights() const {
  return std::all_of(edgeWeights_.begin(), edgeWeights_.end(), [](int32_t w) { return w == 1; });
}

bool Hypergraph::hasUnitNodeWeights() const {
  return std::all_of(nodeWeights_.begin(), nodeWeights_.end(), [](int32_t w) { return w == 1; });
}

}  // namespace ms::hypergraph

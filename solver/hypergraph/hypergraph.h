#pragma once
// A weighted hypergraph as the paper's m x n incidence matrix A (rows = hyperedges, columns = nodes), kept
// in compressed form both ways: hyperedge -> pins (the rows) and node -> hyperedges (the columns).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ms::hypergraph {

// Similarities (eq. 7-8) are sums of hyperedge weights; 64 bits keep them exact.
using Similarity = int64_t;

class Hypergraph {
 public:
  Hypergraph() = default;
  // pins of hyperedge e = pins[edgeOffsets[e] .. edgeOffsets[e + 1]); no duplicates within a hyperedge.
  // edgeWeights (size m) and nodeWeights (size n) default to 1 when empty. Builds the node -> hyperedge
  // side. Throws std::invalid_argument for an inconsistent structure (the readers check files first).
  Hypergraph(int32_t nodes, std::vector<int64_t> edgeOffsets, std::vector<int32_t> pins,
             std::vector<int32_t> edgeWeights = {}, std::vector<int32_t> nodeWeights = {});
  // The same with the node -> hyperedge side given as the constructor above builds it (each node's
  // hyperedges in increasing order), for a level a device contraction built there: checks the array sizes
  // only. Weights as above.
  Hypergraph(int32_t nodes, std::vector<int64_t> edgeOffsets, std::vector<int32_t> pins,
             std::vector<int32_t> edgeWeights, std::vector<int32_t> nodeWeights,
             std::vector<int64_t> nodeOffsets, std::vector<int32_t> incidence);

  int32_t nodeCount() const { return nodes_; }
  int32_t edgeCount() const { return static_cast<int32_t>(edgeWeights_.size()); }
  int64_t pinCount() const { return static_cast<int64_t>(pins_.size()); }

  std::span<const int32_t> pins(int32_t edge) const {
    return {pins_.data() + edgeOffsets_[edge],
            static_cast<std::size_t>(edgeOffsets_[edge + 1] - edgeOffsets_[edge])};
  }
  std::span<const int32_t> edgesOf(int32_t node) const {
    return {incidence_.data() + nodeOffsets_[node],
            static_cast<std::size_t>(nodeOffsets_[node + 1] - nodeOffsets_[node])};
  }
  int32_t edgeWeight(int32_t edge) const { return edgeWeights_[edge]; }
  int32_t nodeWeight(int32_t node) const { return nodeWeights_[node]; }
  int64_t totalNodeWeight() const { return totalNodeWeight_; }
  bool hasUnitEdgeWeights() const;
  bool hasUnitNodeWeights() const;

  // Raw arrays, for kernels and writers.
  const std::vector<int64_t>& edgeOffsets() const { return edgeOffsets_; }
  const std::vector<int32_t>& pinArray() const { return pins_; }
  const std::vector<int64_t>& nodeOffsets() const { return nodeOffsets_; }
  const std::vector<int32_t>& incidenceArray() const { return incidence_; }
  const std::vector<int32_t>& edgeWeights() const { return edgeWeights_; }
  const std::vector<int32_t>& nodeWeights() const { return nodeWeights_; }

 private:
  // Checks the hyperedge side and fills in the default weights.
  void frameEdges();
  void buildIncidence();  // nodeOffsets_ and incidence_ from the pins

  int32_t nodes_ = 0;
  std::vector<int64_t> edgeOffsets_{0};
  std::vector<int32_t> pins_;
  std::vector<int32_t> edgeWeights_;
  std::vector<int64_t> nodeOffsets_{0};
  std::vector<int32_t> incidence_;
  std::vector<int32_t> nodeWeights_;
  int64_t totalNodeWeight_ = 0;
};

}  // namespace ms::hypergraph

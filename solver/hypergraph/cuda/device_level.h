#pragma once
// A level's graph and matching in device memory, in the Hypergraph's layout: the CUDA suitor kernels match
// on it, the CUDA contraction kernels replace it with the next level. CUDA sources only.
#include <thrust/device_vector.h>

#include <cstdint>

#include "solver/hypergraph/hypergraph.h"
#include "solver/hypergraph/suitor_kernels.h"

namespace ms::hypergraph {

struct DeviceLevel {
  int32_t nodes = 0;
  thrust::device_vector<int64_t> edgeOffsets;  // m + 1
  thrust::device_vector<int32_t> pins;
  thrust::device_vector<int64_t> nodeOffsets;  // n + 1
  thrust::device_vector<int32_t> incidence;    // node -> hyperedges, each node's in increasing order
  thrust::device_vector<int32_t> edgeWeights;
  thrust::device_vector<int32_t> nodeWeights;
  thrust::device_vector<int32_t> mate;  // the level's matching (-1: unmatched)

  void upload(const Hypergraph& graph) {
    nodes = graph.nodeCount();
    edgeOffsets = graph.edgeOffsets();
    pins = graph.pinArray();
    nodeOffsets = graph.nodeOffsets();
    incidence = graph.incidenceArray();
    edgeWeights = graph.edgeWeights();
    nodeWeights = graph.nodeWeights();
    mate.resize(static_cast<std::size_t>(nodes));
  }
  // Whether `graph` has this level's shape (the host copy of what the device holds).
  bool holds(const Hypergraph& graph) const {
    return nodes == graph.nodeCount() && edgeWeights.size() == graph.edgeWeights().size() &&
           pins.size() == graph.pinArray().size();
  }
};

}  // namespace ms::hypergraph

#pragma once
// rating_level.h's level built on the device from a DeviceLevel, for the CUDA suitor's scans: the same
// hyperedges kept as on the host. Each hyperedge gets its rank in RatingOrder (one sort of the hyperedges),
// each node of more than the cap the largest rank it keeps (a warp's binary search over its hyperedges'
// ranks), and a pin or a node's hyperedge stays where the hyperedge's rank is at most the node's. CUDA
// sources only.
#include <thrust/device_vector.h>

#include <cstdint>

#include "solver/hypergraph/cuda/device_level.h"

namespace ms::hypergraph {

struct DeviceRatingLevel {
  thrust::device_vector<int64_t> edgeOffsets;  // m + 1
  thrust::device_vector<int32_t> pins;
  thrust::device_vector<int64_t> nodeOffsets;  // n + 1
  thrust::device_vector<int32_t> incidence;    // each node's kept hyperedges in increasing order
  // Builds the rating level of `level` for cap >= 1; false, with nothing built, when no node has more than
  // cap hyperedges (the level rates as it is).
  bool build(const DeviceLevel& level, int32_t cap);
};

}  // namespace ms::hypergraph

#pragma once
// planEdgeCompaction's representatives (coarsening.h) found on the device for a level the CUDA contraction
// has just built, so that the partitioner need not hash the coarse levels' pins on the host (wikipedia-like:
// 20-24 million pins a level, 120-160 ms each on 16 threads). CUDA sources only.
#include <thrust/device_vector.h>

#include <cstdint>

#include "solver/hypergraph/cuda/cuda_launch.h"

namespace ms::hypergraph {

// The level's hyperedges: offsets (m + 1), pins (each hyperedge's in increasing order), weights (m).
struct DeviceEdges {
  const int64_t* offsets;
  const int32_t* pins;
  const int32_t* weights;
  int32_t count;
};

// Fills `representative` (m entries) as compactionRepresentatives does: -1 for a hyperedge of fewer than
// two pins, else the smallest hyperedge with the same pins. Each hyperedge's pins are hashed and the hashes
// sorted with the hyperedge numbers (stable, so each run of equal hashes starts at its smallest), and every
// hyperedge of a run is compared with the run's first. Returns false where the host's answer could differ:
// a run holding two different pin lists (a collision of the 64-bit hash) or identical hyperedges whose
// weights do not fit int32 together (the host merges those into several); the host plans such a level.
// `scratch`: CUB's temporary storage, the caller's (the contraction's, kept from level to level).
bool compactionRepresentativesOnDevice(const DeviceEdges& edges,
                                       thrust::device_vector<int32_t>& representative,
                                       cuda_launch::CubScratch& scratch);

}  // namespace ms::hypergraph

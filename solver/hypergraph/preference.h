#pragma once
// The order every matching uses to pick a node's most similar neighbour: higher similarity first, then ties
// broken by a hash of the edge {j, k}. Both ends of an edge rank it the same way, so the order is one total
// order on the edges of the metric closure: suitor proposals can form no cycles, mutual proposals are the
// locally dominant edges, and (unlike "smallest index first") ties do not line up into long chains that
// suitor matching would resolve one pair per round. Shared by the host and the CUDA kernels.

#include <cstdint>

#if defined(__CUDACC__)
#define MS_HYPERGRAPH_HOST_DEVICE __host__ __device__
#else
#define MS_HYPERGRAPH_HOST_DEVICE
#endif

namespace ms::hypergraph {

// splitmix64 of the unordered pair.
MS_HYPERGRAPH_HOST_DEVICE inline uint64_t edgeTieKey(int32_t j, int32_t k) {
  const uint64_t low = static_cast<uint32_t>(j < k ? j : k), high = static_cast<uint32_t>(j < k ? k : j);
  uint64_t x = (high << 32 | low) + 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// Whether j prefers neighbour k with similarity s over its best so far (bestNode < 0: none yet).
MS_HYPERGRAPH_HOST_DEVICE inline bool preferred(int32_t j, int32_t k, uint64_t s, int32_t bestNode,
                                                uint64_t bestS) {
  if (k < 0) return false;
  if (bestNode < 0 || s > bestS) return true;
  if (s < bestS) return false;
  const uint64_t a = edgeTieKey(j, k), b = edgeTieKey(j, bestNode);
  return a > b || (a == b && k < bestNode);
}

}  // namespace ms::hypergraph

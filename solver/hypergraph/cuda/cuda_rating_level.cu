#include <cuda_runtime.h>
#include <thrust/count.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

#include <climits>
#include <string>

#include "solver/core/errors.h"
#include "solver/hypergraph/cuda/cuda_launch.h"
#include "solver/hypergraph/cuda/device_rating_level.h"
#include "solver/hypergraph/preference.h"

namespace ms::hypergraph {
namespace {

using cuda_launch::blocksFor;
using cuda_launch::kThreads;
using cuda_launch::kWarp;
using cuda_launch::warpSum;
constexpr unsigned kFull = cuda_launch::kFullWarp;

void check(cudaError_t status, const char* step) {
  cuda_launch::check(status, "rating level on the GPU", step);
}

// w(e) / (|e| - 1) as RatingOrder computes it on the host; -1 for a hyperedge of at most one pin.
__global__ void weightsPerPin(const long long* edgeOffsets, const int* weights, int m, double* perPin) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= m) return;
  const double others = static_cast<double>(edgeOffsets[e + 1] - edgeOffsets[e]) - 1;
  perPin[e] = others > 0 ? static_cast<double>(weights[e]) / others : -1.0;
}

// RatingOrder::before on hyperedge numbers.
struct RatedBefore {
  const double* perPin;
  __device__ bool operator()(int a, int b) const {
    if (perPin[a] != perPin[b]) return perPin[a] > perPin[b];
    const uint64_t tieA = edgeTieKey(a, a), tieB = edgeTieKey(b, b);
    return tieA != tieB ? tieA > tieB : a < b;
  }
};

struct DegreeAbove {
  const long long* nodeOffsets;
  int cap;
  __device__ bool operator()(int v) const { return nodeOffsets[v + 1] - nodeOffsets[v] > cap; }
};

// One warp per node: the largest rank it keeps (INT_MAX for a node of at most cap hyperedges), found as the
// smallest t with cap of its hyperedges ranked at most t (ranks are distinct), and how many it keeps.
__global__ void nodeThresholds(const long long* nodeOffsets, const int* incidence, const int* rank, int n,
                               int m, int cap, int* threshold, long long* kept) {
  const long long warp = (static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x) / kWarp;
  const int lane = threadIdx.x % kWarp;
  if (warp >= n) return;
  const long long first = nodeOffsets[warp], last = nodeOffsets[warp + 1];
  if (last - first <= cap) {
    if (lane == 0) {
      threshold[warp] = INT_MAX;
      kept[warp] = last - first;
    }
    return;
  }
  int low = 0, high = m - 1;
  while (low < high) {
    const int middle = low + (high - low) / 2;
    int count = 0;
    for (long long j = first + lane; j < last; j += kWarp) count += rank[incidence[j]] <= middle ? 1 : 0;
    if (warpSum(count) >= cap) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  if (lane == 0) {
    threshold[warp] = low;
    kept[warp] = cap;
  }
}

// One warp per segment (a node's hyperedges, or a hyperedge's pins): the entries whose hyperedge's rank is at
// most their node's threshold, counted (kWrite false) or written in order from out + outOffsets[segment].
template <bool kEntriesAreEdges, bool kWrite>
__global__ void keptEntries(const long long* offsets, const int* entries, const int* rank,
                            const int* threshold, int segments, long long* counts,
                            const long long* outOffsets, int* out) {
  const long long warp = (static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x) / kWarp;
  const int lane = threadIdx.x % kWarp;
  if (warp >= segments) return;
  const int segment = static_cast<int>(warp);
  const long long first = offsets[segment], last = offsets[segment + 1];
  long long written = kWrite ? outOffsets[segment] : 0;
  for (long long base = first; base < last; base += kWarp) {
    const long long j = base + lane;
    int entry = -1;
    bool keep = false;
    if (j < last) {
      entry = entries[j];
      const int edge = kEntriesAreEdges ? entry : segment, node = kEntriesAreEdges ? segment : entry;
      keep = rank[edge] <= threshold[node];
    }
    // The kept entries of these 32 in order: each lane's place is the kept lanes before it.
    const unsigned kept = __ballot_sync(kFull, keep);
    if (kWrite && keep) out[written + __popc(kept & ((1u << lane) - 1))] = entry;
    written += __popc(kept);
  }
  if (!kWrite && lane == 0) counts[segment] = written;
}

// offsets[0] = 0, offsets[s + 1] = offsets[s] + counts[s]; returns the total.
long long offsetsOf(const thrust::device_vector<long long>& counts, thrust::device_vector<int64_t>& offsets) {
  offsets.assign(counts.size() + 1, 0);
  thrust::inclusive_scan(thrust::device, counts.begin(), counts.end(), offsets.begin() + 1);
  return offsets.back();
}

}  // namespace

bool DeviceRatingLevel::build(const DeviceLevel& level, int32_t cap) {
  *this = DeviceRatingLevel{};  // the previous level's arrays go
  const int n = level.nodes;
  const int m = static_cast<int>(level.edgeWeights.size());
  const auto* nodeOffsetsIn =
      reinterpret_cast<const long long*>(thrust::raw_pointer_cast(level.nodeOffsets.data()));
  const auto* edgeOffsetsIn =
      reinterpret_cast<const long long*>(thrust::raw_pointer_cast(level.edgeOffsets.data()));
  const int* incidenceIn = thrust::raw_pointer_cast(level.incidence.data());
  const int* pinsIn = thrust::raw_pointer_cast(level.pins.data());
  const auto capped = thrust::count_if(thrust::device, thrust::counting_iterator<int>(0),
                                       thrust::counting_iterator<int>(n), DegreeAbove{nodeOffsetsIn, cap});
  if (capped == 0) return false;

  // Each hyperedge's rank in RatingOrder.
  thrust::device_vector<double> perPin(static_cast<std::size_t>(m));
  weightsPerPin<<<blocksFor(m), kThreads>>>(edgeOffsetsIn, thrust::raw_pointer_cast(level.edgeWeights.data()),
                                            m, thrust::raw_pointer_cast(perPin.data()));
  check(cudaGetLastError(), "weights per pin");
  thrust::device_vector<int> order(static_cast<std::size_t>(m)), rank(static_cast<std::size_t>(m));
  thrust::sequence(thrust::device, order.begin(), order.end());
  thrust::sort(thrust::device, order.begin(), order.end(),
               RatedBefore{thrust::raw_pointer_cast(perPin.data())});
  thrust::scatter(thrust::device, thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(m),
                  order.begin(), rank.begin());
  const int* ranks = thrust::raw_pointer_cast(rank.data());

  // Each node's threshold, and its kept hyperedges.
  thrust::device_vector<int> threshold(static_cast<std::size_t>(n));
  thrust::device_vector<long long> counts(static_cast<std::size_t>(n));
  int* thresholds = thrust::raw_pointer_cast(threshold.data());
  nodeThresholds<<<blocksFor(static_cast<long long>(n) * kWarp), kThreads>>>(
      nodeOffsetsIn, incidenceIn, ranks, n, m, cap, thresholds, thrust::raw_pointer_cast(counts.data()));
  check(cudaGetLastError(), "node thresholds");
  incidence.resize(static_cast<std::size_t>(offsetsOf(counts, nodeOffsets)));
  keptEntries<true, true><<<blocksFor(static_cast<long long>(n) * kWarp), kThreads>>>(
      nodeOffsetsIn, incidenceIn, ranks, thresholds, n, nullptr,
      reinterpret_cast<const long long*>(thrust::raw_pointer_cast(nodeOffsets.data())),
      thrust::raw_pointer_cast(incidence.data()));
  check(cudaGetLastError(), "kept hyperedges");

  // Each hyperedge's pins that kept it.
  counts.resize(static_cast<std::size_t>(m));
  keptEntries<false, false><<<blocksFor(static_cast<long long>(m) * kWarp), kThreads>>>(
      edgeOffsetsIn, pinsIn, ranks, thresholds, m, thrust::raw_pointer_cast(counts.data()), nullptr, nullptr);
  check(cudaGetLastError(), "kept pins counted");
  pins.resize(static_cast<std::size_t>(offsetsOf(counts, edgeOffsets)));
  keptEntries<false, true><<<blocksFor(static_cast<long long>(m) * kWarp), kThreads>>>(
      edgeOffsetsIn, pinsIn, ranks, thresholds, m, nullptr,
      reinterpret_cast<const long long*>(thrust::raw_pointer_cast(edgeOffsets.data())),
      thrust::raw_pointer_cast(pins.data()));
  check(cudaGetLastError(), "kept pins");
  return true;
}

}  // namespace ms::hypergraph

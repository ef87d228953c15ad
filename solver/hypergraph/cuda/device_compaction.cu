// compactionRepresentativesOnDevice (device_compaction.h): a warp per hyperedge hashes its pins, a stable
// radix sort orders the (hash, hyperedge) pairs, a max-scan gives each position its run's first, and a warp
// per hyperedge compares its pins with that first one's.
#include <thrust/sequence.h>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <cstddef>

#include "solver/hypergraph/cuda/cuda_launch.h"
#include "solver/hypergraph/cuda/device_compaction.h"

namespace ms::hypergraph {
namespace {

using cuda_launch::blocksFor;
using cuda_launch::kFullWarp;
using cuda_launch::kWarp;
using cuda_launch::raw;
using cuda_launch::warpSum;

constexpr const char* kStage = "CUDA compaction plan";
constexpr uint64_t kSmall = ~uint64_t{0};  // the key of a hyperedge of fewer than two pins: sorted last

__device__ uint64_t mix(uint64_t x) {  // splitmix64's finalizer
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// A sum of mixed (position, pin) pairs, so that the lanes of a warp hash a hyperedge in any order.
__global__ void hashEdges(DeviceEdges edges, uint64_t* keys) {
  const int64_t e = (blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x) / kWarp;
  const int lane = static_cast<int>(threadIdx.x % kWarp);
  if (e >= edges.count) return;
  const int64_t first = edges.offsets[e], size = edges.offsets[e + 1] - first;
  uint64_t sum = 0;
  for (int64_t i = lane; i < size; i += kWarp)
    sum += mix((static_cast<uint64_t>(i) << 32) | static_cast<uint32_t>(edges.pins[first + i]));
  sum = warpSum(sum);
  if (lane == 0) {
    const uint64_t hash = mix(sum ^ static_cast<uint64_t>(size));
    keys[e] = size < 2 ? kSmall : hash == kSmall ? kSmall - 1 : hash;
  }
}

__global__ void markRunStarts(const uint64_t* sorted, int32_t count, int32_t* start) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i < count) start[i] = i == 0 || sorted[i] != sorted[i - 1] ? static_cast<int32_t>(i) : 0;
}

// Position i holds hyperedge order[i]; runFirst[i] is the position where its run of equal hashes starts.
__global__ void compareWithRunFirst(DeviceEdges edges, const uint64_t* sorted, const int32_t* order,
                                    const int32_t* runFirst, int32_t* representative,
                                    unsigned long long* classWeight, int* differs) {
  const int64_t i = (blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x) / kWarp;
  const int lane = static_cast<int>(threadIdx.x % kWarp);
  if (i >= edges.count) return;
  const int32_t e = order[i];
  if (sorted[i] == kSmall) {
    if (lane == 0) representative[e] = -1;
    return;
  }
  const int32_t first = order[runFirst[i]];
  const int64_t begin = edges.offsets[e], size = edges.offsets[e + 1] - begin;
  const int64_t firstBegin = edges.offsets[first];
  bool same = size == edges.offsets[first + 1] - firstBegin;
  for (int64_t k = lane; same && k < size; k += kWarp)
    same = edges.pins[begin + k] == edges.pins[firstBegin + k];
  same = __all_sync(kFullWarp, same);
  if (lane != 0) return;
  if (!same) {
    *differs = 1;
    return;
  }
  representative[e] = first;
  atomicAdd(&classWeight[first], static_cast<unsigned long long>(edges.weights[e]));
}

__global__ void checkClassWeights(const int32_t* representative, const unsigned long long* classWeight,
                                  int32_t count, int* differs) {
  const int64_t e = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (e < count && representative[e] == e && classWeight[e] > 0x7fffffffULL) *differs = 1;
}

struct Max {
  __device__ int32_t operator()(int32_t a, int32_t b) const { return a > b ? a : b; }
};

void check(cudaError_t status, const char* step) {
  cuda_launch::check(status, kStage, step);
}

}  // namespace

bool compactionRepresentativesOnDevice(const DeviceEdges& edges,
                                       thrust::device_vector<int32_t>& representative,
                                       cuda_launch::CubScratch& scratch) {
  const int32_t m = edges.count;
  representative.resize(static_cast<std::size_t>(m));
  if (m == 0) return true;
  thrust::device_vector<uint64_t> keys(static_cast<std::size_t>(m)), sorted(keys.size());
  thrust::device_vector<int32_t> ids(keys.size()), order(keys.size()), runFirst(keys.size());
  thrust::device_vector<unsigned long long> classWeight(keys.size(), 0);
  thrust::device_vector<int> differs(1, 0);

  hashEdges<<<blocksFor(int64_t{m} * kWarp), cuda_launch::kThreads>>>(edges, raw(keys));
  check(cudaGetLastError(), "hashes");
  thrust::sequence(ids.begin(), ids.end());
  scratch.grow(cub::DeviceRadixSort::SortPairs(nullptr, scratch.bytes, raw(keys), raw(sorted), raw(ids),
                                               raw(order), m),
               kStage);
  check(cub::DeviceRadixSort::SortPairs(scratch.data(), scratch.bytes, raw(keys), raw(sorted), raw(ids),
                                        raw(order), m),
        "sort");
  markRunStarts<<<blocksFor(m), cuda_launch::kThreads>>>(raw(sorted), m, raw(ids));
  check(cudaGetLastError(), "run starts");
  scratch.grow(cub::DeviceScan::InclusiveScan(nullptr, scratch.bytes, raw(ids), raw(runFirst), Max{}, m),
               kStage);
  check(cub::DeviceScan::InclusiveScan(scratch.data(), scratch.bytes, raw(ids), raw(runFirst), Max{}, m),
        "runs");
  compareWithRunFirst<<<blocksFor(int64_t{m} * kWarp), cuda_launch::kThreads>>>(
      edges, raw(sorted), raw(order), raw(runFirst), raw(representative), raw(classWeight), raw(differs));
  check(cudaGetLastError(), "comparison");
  checkClassWeights<<<blocksFor(m), cuda_launch::kThreads>>>(raw(representative), raw(classWeight), m,
                                                             raw(differs));
  check(cudaGetLastError(), "weights");
  return differs[0] == 0;
}

}  // namespace ms::hypergraph

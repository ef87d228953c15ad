// Jet's kernel set on the GPU (jet_refinement.h): the level, its partition, the pin counts per hyperedge and
// the prices live on the device; a warp walks each hyperedge (pin counts) or each node (prices). The
// afterburner sorts every candidate's (hyperedge, rank in jetOrder) pairs, so that each hyperedge's
// candidates come in order, and prices each pair against the pin counts the candidates before it in the
// hyperedge left (a scan of who moves from side 1, a max-scan for where each hyperedge's run starts).
#include <cuda_runtime.h>
#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform_reduce.h>

#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/hypergraph/cuda/cuda_launch.h"
#include "solver/hypergraph/jet_refinement.h"

namespace ms::hypergraph {
namespace {

using cuda_launch::blocksFor;
using cuda_launch::kThreads;
using cuda_launch::kWarp;
using cuda_launch::raw;
using cuda_launch::warpSum;

void check(cudaError_t status, const char* step) {
  cuda_launch::check(status, "Jet on the GPU", step);
}

struct LevelView {
  int32_t n = 0, m = 0;
  const int64_t* edgeOffsets = nullptr;
  const int32_t* pins = nullptr;
  const int64_t* nodeOffsets = nullptr;
  const int32_t* incidence = nullptr;
  const int32_t* edgeWeights = nullptr;
  const int32_t* nodeWeights = nullptr;
};

// The warp's index in the grid (the same for its 32 lanes, so a warp leaves a kernel together).
__device__ int64_t warpIndex() {
  return (int64_t{blockIdx.x} * blockDim.x + threadIdx.x) / kWarp;
}

__global__ void countPins(LevelView g, const uint8_t* side, int32_t* onSide1) {
  const int64_t e = warpIndex();
  const int lane = static_cast<int>(threadIdx.x % kWarp);
  if (e >= g.m) return;
  int64_t count = 0;
  for (int64_t p = g.edgeOffsets[e] + lane; p < g.edgeOffsets[e + 1]; p += kWarp) count += side[g.pins[p]];
  count = warpSum(count);
  if (lane == 0) onSide1[e] = static_cast<int32_t>(count);
}

// Each node's gain; with `candidate`, also whether it is a candidate, and its afterburnt gain reset.
__global__ void price(LevelView g, const uint8_t* side, const int32_t* onSide1, const uint8_t* locked,
                      int64_t* gain, uint8_t* candidate, int64_t* afterburnt) {
  const int64_t v = warpIndex();
  const int lane = static_cast<int>(threadIdx.x % kWarp);
  if (v >= g.n) return;
  const bool onSide1Now = side[v] != 0;
  int64_t benefit = 0, penalty = 0;
  for (int64_t i = g.nodeOffsets[v] + lane; i < g.nodeOffsets[v + 1]; i += kWarp) {
    const int32_t e = g.incidence[i];
    const int64_t size = g.edgeOffsets[e + 1] - g.edgeOffsets[e];
    const int64_t own = onSide1Now ? onSide1[e] : size - onSide1[e];
    if (own == 1) benefit += g.edgeWeights[e];
    if (own == size) penalty += g.edgeWeights[e];
  }
  benefit = warpSum(benefit);
  penalty = warpSum(penalty);
  if (lane != 0) return;
  gain[v] = benefit - penalty;
  if (candidate != nullptr) {
    candidate[v] = !locked[v] && isJetCandidate(benefit, penalty);
    afterburnt[v] = 0;
  }
}

__global__ void orderKeys(const int32_t* nodes, int64_t count, const int64_t* gain, uint64_t* keys) {
  const int64_t i = int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i < count) keys[i] = jetOrder(gain[nodes[i]], nodes[i]);
}

__global__ void degreesInOrder(LevelView g, const uint64_t* order, int64_t count, int64_t* degree) {
  const int64_t r = int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (r >= count) return;
  const auto v = static_cast<int32_t>(order[r] & 0xffffffffu);
  degree[r] = g.nodeOffsets[v + 1] - g.nodeOffsets[v];
}

// (hyperedge << 32 | rank) for every hyperedge of every candidate: a warp per candidate.
__global__ void emitPairs(LevelView g, const uint64_t* order, int64_t count, const int64_t* firstPair,
                          uint64_t* pairs) {
  const int64_t r = warpIndex();
  const int lane = static_cast<int>(threadIdx.x % kWarp);
  if (r >= count) return;
  const auto v = static_cast<int32_t>(order[r] & 0xffffffffu);
  const int64_t begin = g.nodeOffsets[v], degree = g.nodeOffsets[v + 1] - begin;
  for (int64_t j = lane; j < degree; j += kWarp)
    pairs[firstPair[r] + j] =
        (static_cast<uint64_t>(g.incidence[begin + j]) << 32) | static_cast<uint64_t>(r);
}

// Per sorted pair: whether its candidate leaves side 1, and where its hyperedge's run starts (i, or 0 to be
// max-scanned).
__global__ void markPairs(const uint64_t* pairs, int64_t count, const uint64_t* order, const uint8_t* side,
                          int64_t* fromSide1, int64_t* runStart) {
  const int64_t i = int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const auto v = static_cast<int32_t>(order[pairs[i] & 0xffffffffu] & 0xffffffffu);
  fromSide1[i] = side[v];
  runStart[i] = i == 0 || (pairs[i] >> 32) != (pairs[i - 1] >> 32) ? i : 0;
}

// fromSide1 exclusive-scanned and runStart max-scanned: each pair's candidate priced with the candidates
// before it in its hyperedge moved.
__global__ void afterburnPairs(LevelView g, const uint64_t* pairs, int64_t count, const uint64_t* order,
                               const uint8_t* side, const int32_t* onSide1, const int64_t* movedFrom1Before,
                               const int64_t* runStart, int64_t* afterburnt) {
  const int64_t i = int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const auto e = static_cast<int32_t>(pairs[i] >> 32);
  const auto v = static_cast<int32_t>(order[pairs[i] & 0xffffffffu] & 0xffffffffu);
  const int64_t start = runStart[i];
  const int64_t from1 = movedFrom1Before[i] - movedFrom1Before[start], from0 = (i - start) - from1;
  const int64_t size = g.edgeOffsets[e + 1] - g.edgeOffsets[e];
  const int64_t on1 = onSide1[e] - from1 + from0;
  const int64_t own = side[v] ? on1 : size - on1;
  const int64_t change = (own == 1 ? g.edgeWeights[e] : 0) - (own == size ? g.edgeWeights[e] : 0);
  if (change != 0)
    atomicAdd(reinterpret_cast<unsigned long long*>(afterburnt + v), static_cast<unsigned long long>(change));
}

__global__ void applyMoves(int32_t n, const uint8_t* candidate, const int64_t* afterburnt, uint8_t* side,
                           uint8_t* locked) {
  const int64_t v = int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (v >= n) return;
  const bool moves = candidate[v] && afterburnt[v] >= 0;
  locked[v] = moves;
  side[v] ^= static_cast<uint8_t>(moves);
}

__global__ void weightsInOrder(const uint64_t* order, int64_t count, const int32_t* nodeWeights,
                               int64_t* weight) {
  const int64_t r = int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (r < count) weight[r] = nodeWeights[order[r] & 0xffffffffu];
}

__global__ void flipFirst(const uint64_t* order, int64_t count, uint8_t* side) {
  const int64_t r = int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (r < count) side[order[r] & 0xffffffffu] ^= 1;
}

struct OnSide {
  const uint8_t* side;
  const int32_t* nodeWeights;
  int heavySide;
  int64_t maxWeight;
  __device__ bool operator()(int32_t v) const { return side[v] == heavySide && nodeWeights[v] <= maxWeight; }
};

struct IsSet {
  const uint8_t* flag;
  __device__ bool operator()(int32_t v) const { return flag[v] != 0; }
};

struct CutWeight {
  const int64_t* edgeOffsets;
  const int32_t* onSide1;
  const int32_t* edgeWeights;
  __device__ int64_t operator()(int32_t e) const {
    const int32_t on1 = onSide1[e];
    return on1 > 0 && on1 < edgeOffsets[e + 1] - edgeOffsets[e] ? edgeWeights[e] : 0;
  }
};

struct Side1Weight {
  const uint8_t* side;
  const int32_t* nodeWeights;
  __device__ int64_t operator()(int32_t v) const { return side[v] ? nodeWeights[v] : 0; }
};

class CudaJetKernels final : public JetKernels {
 public:
  void load(const Hypergraph& graph, const Partition& partition) override {
    totalWeight_ = graph.totalNodeWeight();
    edgeOffsets_ = graph.edgeOffsets();
    pins_ = graph.pinArray();
    nodeOffsets_ = graph.nodeOffsets();
    incidence_ = graph.incidenceArray();
    edgeWeights_ = graph.edgeWeights();
    nodeWeights_ = graph.nodeWeights();
    g_ = {graph.nodeCount(), graph.edgeCount(), raw(edgeOffsets_), raw(pins_),
          raw(nodeOffsets_), raw(incidence_),   raw(edgeWeights_), raw(nodeWeights_)};
    const auto n = static_cast<std::size_t>(graph.nodeCount());
    side_ = partition;
    locked_.assign(n, 0);
    candidate_.assign(n, 0);
    gain_.assign(n, 0);
    afterburnt_.assign(n, 0);
    onSide1_.assign(static_cast<std::size_t>(graph.edgeCount()), 0);
    countAll();
  }

  int64_t moveCandidates() override {
    if (g_.n == 0) return 0;
    price<<<blocksFor(int64_t{g_.n} * kWarp), kThreads>>>(g_, raw(side_), raw(onSide1_), raw(locked_),
                                                          raw(gain_), raw(candidate_), raw(afterburnt_));
    check(cudaGetLastError(), "prices");
    afterburn();
    applyMoves<<<blocksFor(g_.n), kThreads>>>(g_.n, raw(candidate_), raw(afterburnt_), raw(side_),
                                              raw(locked_));
    check(cudaGetLastError(), "moves");
    countAll();
    return thrust::count(thrust::device, locked_.begin(), locked_.end(), uint8_t{1});
  }

  int64_t rebalance(int heavySide, int64_t excess, int64_t maxNodeWeight) override {
    if (g_.n == 0) return 0;
    price<<<blocksFor(int64_t{g_.n} * kWarp), kThreads>>>(g_, raw(side_), raw(onSide1_), nullptr, raw(gain_),
                                                          nullptr, nullptr);
    check(cudaGetLastError(), "prices");
    const int64_t count = orderNodes(OnSide{raw(side_), g_.nodeWeights, heavySide, maxNodeWeight});
    int64_t moved = 0;
    if (count > 0) {
      weight_.resize(static_cast<std::size_t>(count));
      weightsInOrder<<<blocksFor(count), kThreads>>>(raw(order_), count, g_.nodeWeights, raw(weight_));
      check(cudaGetLastError(), "weights");
      thrust::exclusive_scan(thrust::device, weight_.begin(), weight_.end(), weight_.begin());
      // The shortest prefix that carries `excess`: every node whose predecessors carry less.
      moved = thrust::lower_bound(thrust::device, weight_.begin(), weight_.end(), excess) - weight_.begin();
      if (moved > 0) {
        flipFirst<<<blocksFor(moved), kThreads>>>(raw(order_), moved, raw(side_));
        check(cudaGetLastError(), "rebalancing moves");
      }
    }
    thrust::fill(locked_.begin(), locked_.end(), uint8_t{0});
    countAll();
    return moved;
  }

  JetMeasure measure() override {
    JetMeasure out;
    out.cut = thrust::transform_reduce(
        thrust::device, thrust::counting_iterator<int32_t>(0), thrust::counting_iterator<int32_t>(g_.m),
        CutWeight{g_.edgeOffsets, raw(onSide1_), g_.edgeWeights}, int64_t{0}, thrust::plus<int64_t>());
    const int64_t side1 = thrust::transform_reduce(
        thrust::device, thrust::counting_iterator<int32_t>(0), thrust::counting_iterator<int32_t>(g_.n),
        Side1Weight{raw(side_), g_.nodeWeights}, int64_t{0}, thrust::plus<int64_t>());
    out.sideWeights = {totalWeight_ - side1, side1};
    return out;
  }

  void keepBest() override { best_ = side_; }
  void restoreBest() override {
    side_ = best_;
    countAll();
  }
  Partition partition() const override {
    Partition out(side_.size());
    thrust::copy(side_.begin(), side_.end(), out.begin());
    return out;
  }

 private:
  void countAll() {
    if (g_.m == 0) return;
    countPins<<<blocksFor(int64_t{g_.m} * kWarp), kThreads>>>(g_, raw(side_), raw(onSide1_));
    check(cudaGetLastError(), "pin counts");
  }

  // The nodes `select` picks, into order_ as jetOrder keys (node in the low half), sorted. Returns how many.
  template <typename Select>
  int64_t orderNodes(Select select) {
    nodes_.resize(static_cast<std::size_t>(g_.n));
    const int64_t count = thrust::copy_if(thrust::device, thrust::counting_iterator<int32_t>(0),
                                          thrust::counting_iterator<int32_t>(g_.n), nodes_.begin(), select) -
                          nodes_.begin();
    order_.resize(static_cast<std::size_t>(count));
    if (count == 0) return 0;
    orderKeys<<<blocksFor(count), kThreads>>>(raw(nodes_), count, raw(gain_), raw(order_));
    check(cudaGetLastError(), "order keys");
    thrust::sort(thrust::device, order_.begin(), order_.end());
    return count;
  }

  void afterburn() {
    const int64_t count = orderNodes(IsSet{raw(candidate_)});
    if (count == 0) return;
    firstPair_.resize(static_cast<std::size_t>(count));
    degreesInOrder<<<blocksFor(count), kThreads>>>(g_, raw(order_), count, raw(firstPair_));
    check(cudaGetLastError(), "degrees");
    const int64_t lastDegree = firstPair_.back();
    thrust::exclusive_scan(thrust::device, firstPair_.begin(), firstPair_.end(), firstPair_.begin());
    const int64_t pairCount = firstPair_.back() + lastDegree;
    if (pairCount == 0) return;
    pairs_.resize(static_cast<std::size_t>(pairCount));
    emitPairs<<<blocksFor(count * kWarp), kThreads>>>(g_, raw(order_), count, raw(firstPair_), raw(pairs_));
    check(cudaGetLastError(), "pairs");
    thrust::sort(thrust::device, pairs_.begin(), pairs_.end());
    fromSide1_.resize(static_cast<std::size_t>(pairCount));
    runStart_.resize(static_cast<std::size_t>(pairCount));
    markPairs<<<blocksFor(pairCount), kThreads>>>(raw(pairs_), pairCount, raw(order_), raw(side_),
                                                  raw(fromSide1_), raw(runStart_));
    check(cudaGetLastError(), "pair marks");
    thrust::exclusive_scan(thrust::device, fromSide1_.begin(), fromSide1_.end(), fromSide1_.begin());
    thrust::inclusive_scan(thrust::device, runStart_.begin(), runStart_.end(), runStart_.begin(),
                           thrust::maximum<int64_t>());
    afterburnPairs<<<blocksFor(pairCount), kThreads>>>(g_, raw(pairs_), pairCount, raw(order_), raw(side_),
                                                       raw(onSide1_), raw(fromSide1_), raw(runStart_),
                                                       raw(afterburnt_));
    check(cudaGetLastError(), "afterburner");
  }

  LevelView g_;
  int64_t totalWeight_ = 0;
  thrust::device_vector<int64_t> edgeOffsets_, nodeOffsets_;
  thrust::device_vector<int32_t> pins_, incidence_, edgeWeights_, nodeWeights_;
  thrust::device_vector<uint8_t> side_, best_, locked_, candidate_;
  thrust::device_vector<int64_t> gain_, afterburnt_;
  thrust::device_vector<int32_t> onSide1_;  // per hyperedge: its pins on side 1
  // Work space: selected nodes, their jetOrder keys, and the afterburner's pairs.
  thrust::device_vector<int32_t> nodes_;
  thrust::device_vector<uint64_t> order_, pairs_;
  thrust::device_vector<int64_t> weight_, firstPair_, fromSide1_, runStart_;
};

}  // namespace

std::unique_ptr<JetKernels> makeCudaJetKernels() {
  const CudaDeviceInfo& device = cudaDevice();
  if (!device.usable) throw SolveError("no usable CUDA device: " + device.reason);
  return std::make_unique<CudaJetKernels>();
}

}  // namespace ms::hypergraph

// Suitor matching kernels on the GPU (Fig. 5, 8, 9). Proposals run in three tiers so that no thread idles
// on a node whose scan is far longer than its neighbours':
//   light:    one warp per node whose scan touches at most kLightWork nonzeros; similarities in a per-warp
//             hash table in shared memory;
//   heavy:    one block per remaining node, its warps taking 32 hyperedges at a time; a shared hash table of
//             kHeavyTable entries;
//   overflow: nodes with more distinct neighbours than that table holds: one block per node with a dense
//             similarity array in global memory (S of Fig. 3).
// In every tier a warp shares the nonzeros of its 32 hyperedges equally among its lanes with the shuffles
// of Fig. 5 (the collaborative task plan); LAMBDA1's atomicAdd accumulates the similarities.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/hypergraph/suitor_kernels.h"

namespace ms::hypergraph {
namespace {

constexpr int kWarp = 32;
constexpr unsigned kFull = 0xffffffffu;
constexpr int kLightWarps = 7;         // warps per block of the light kernel (tables fill 42 KiB)
constexpr int kLightTable = 512;       // hash slots per warp
constexpr int kLightWork = 256;        // nonzeros a light node may scan (table at most half full)
constexpr int kHeavyThreads = 256;
constexpr int kHeavyWarps = kHeavyThreads / kWarp;
constexpr int kHeavyTable = 8192;      // hash slots of a heavy block (96 KiB dynamic shared memory)
constexpr int kHeavyFill = kHeavyTable * 3 / 4;  // more distinct neighbours than this overflow
constexpr int kOverflowThreads = 256;
constexpr int kEmpty = -1;

void check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  cudaGetLastError();
  throw SolveError(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(status));
}

struct Counters {
  unsigned long long visits;
  int heavy;     // nodes handed to the heavy kernel
  int overflow;  // nodes handed to the overflow kernel
  int matchedNodes;
  int queue;     // |Q_I|
};

struct View {
  int n;
  const long long* edgeOffsets;
  const int* pins;
  const long long* nodeOffsets;
  const int* incidence;
  const int* edgeWeights;
  int* mate;
  int* cand;
  int* queue;
  int* heavy;
  int* overflow;
  Counters* counters;
};

// The hyperedges of one warp batch, in shared memory so that any lane reads any row of the plan.
struct Batch {
  long long start[kWarp];
  int size[kWarp];
  int weight[kWarp];
};

// Fig. 5 lines 2-23 for the batch of hyperedges edgeOf(j)[first .. first + 32): loads the rows into
// `batch` and returns this lane's share as [(startRow, startColumn), (endRow, endColumn)).
__device__ void planBatch(const View& d, long long columnStart, long long columnEnd, long long first, Batch& batch,
                          int lane, int& startRow, int& startColumn, int& endRow, int& endColumn) {
  int a = 0;
  if (first + lane < columnEnd) {
    const int edge = d.incidence[columnStart + (first - columnStart) + lane];
    const long long s = d.edgeOffsets[edge];
    a = static_cast<int>(d.edgeOffsets[edge + 1] - s);
    batch.start[lane] = s;
    batch.weight[lane] = d.edgeWeights[edge];
  }
  batch.size[lane] = a;
  int b = a;  // inclusive warp scan (line 6)
  for (int offset = 1; offset < kWarp; offset <<= 1) {
    const int up = __shfl_up_sync(kFull, b, offset);
    if (lane >= offset) b += up;
  }
  const int total = __shfl_sync(kFull, b, kWarp - 1);  // line 7
  const int exclusive = b - a;                         // line 8
  const int share = (total + kWarp - 1) / kWarp;
  const int end = min(total, share * (lane + 1));      // line 9
  int row = 0;
  for (int z = 0; z < kWarp; ++z) {                    // lines 10-14
    if (__shfl_sync(kFull, exclusive, z) < end) row = z;
  }
  const int column = end - __shfl_sync(kFull, exclusive, row);  // line 15
  endRow = row;
  endColumn = column;
  startRow = __shfl_up_sync(kFull, row, 1);            // lines 16-21
  startColumn = __shfl_up_sync(kFull, column, 1);
  if (lane == 0) startRow = startColumn = 0;
  __syncwarp();
}

// Calls visit(k, w) for every nonzero a_ik of this lane's share of the batch.
template <typename Visit>
__device__ int scanShare(const View& d, const Batch& batch, int startRow, int startColumn, int endRow, int endColumn,
                         Visit visit) {
  int visited = 0;
  for (int row = startRow, column = startColumn; row < endRow || (row == endRow && column < endColumn);) {
    if (column >= batch.size[row]) {
      ++row;
      column = 0;
      continue;
    }
    visit(d.pins[batch.start[row] + column], batch.weight[row]);
    ++column;
    ++visited;
  }
  return visited;
}

__device__ unsigned slotOf(int k, int tableSize) { return (static_cast<unsigned>(k) * 2654435761u) & (tableSize - 1); }

// Adds w to k's similarity in an open-addressing table; false when the table is full.
__device__ bool tableAdd(int* keys, unsigned long long* values, int tableSize, int k, int w, int* fill) {
  unsigned slot = slotOf(k, tableSize);
  for (int probe = 0; probe < tableSize; ++probe) {
    int key = keys[slot];
    if (key == kEmpty) {
      key = atomicCAS(&keys[slot], kEmpty, k);
      if (key == kEmpty) {
        if (fill != nullptr) atomicAdd(fill, 1);
        key = k;
      }
    }
    if (key == k) {
      atomicAdd(&values[slot], static_cast<unsigned long long>(w));
      return true;
    }
    slot = (slot + 1) & (tableSize - 1);
  }
  return false;
}

// The preferred of two (similarity, node) candidates: higher similarity, then smaller node; node -1 = none.
__device__ void prefer(unsigned long long& similarity, int& node, unsigned long long otherSimilarity, int otherNode) {
  if (otherNode < 0) return;
  if (node < 0 || otherSimilarity > similarity || (otherSimilarity == similarity && otherNode < node)) {
    similarity = otherSimilarity;
    node = otherNode;
  }
}

__device__ void warpPrefer(unsigned long long& similarity, int& node) {
  for (int offset = kWarp / 2; offset > 0; offset >>= 1) {
    prefer(similarity, node, __shfl_down_sync(kFull, similarity, offset), __shfl_down_sync(kFull, node, offset));
  }
}

__device__ int nodeAt(const int* queue, long long index) { return queue == nullptr ? static_cast<int>(index) : queue[index]; }

__device__ bool available(const View& d, int k, int j) { return k != j && d.mate[k] == -1; }

__global__ void lightProposals(View d, const int* queue, int count) {
  __shared__ int keys[kLightWarps][kLightTable];
  __shared__ unsigned long long values[kLightWarps][kLightTable];
  __shared__ Batch batches[kLightWarps];
  const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp;
  int* myKeys = keys[warp];
  unsigned long long* myValues = values[warp];
  Batch& batch = batches[warp];
  for (long long index = static_cast<long long>(blockIdx.x) * kLightWarps + warp; index < count;
       index += static_cast<long long>(gridDim.x) * kLightWarps) {
    const int j = nodeAt(queue, index);
    const long long columnStart = d.nodeOffsets[j], columnEnd = d.nodeOffsets[j + 1];
    long long work = 0;
    for (long long e = columnStart + lane; e < columnEnd; e += kWarp) {
      const int edge = d.incidence[e];
      work += d.edgeOffsets[edge + 1] - d.edgeOffsets[edge];
    }
    for (int offset = kWarp / 2; offset > 0; offset >>= 1) work += __shfl_xor_sync(kFull, work, offset);
    if (work > kLightWork) {
      if (lane == 0) d.heavy[atomicAdd(&d.counters->heavy, 1)] = j;
      continue;
    }
    for (int s = lane; s < kLightTable; s += kWarp) {
      myKeys[s] = kEmpty;
      myValues[s] = 0;
    }
    __syncwarp();
    int visited = 0;
    for (long long first = columnStart; first < columnEnd; first += kWarp) {
      int startRow, startColumn, endRow, endColumn;
      planBatch(d, columnStart, columnEnd, first, batch, lane, startRow, startColumn, endRow, endColumn);
      visited += scanShare(d, batch, startRow, startColumn, endRow, endColumn, [&](int k, int w) {
        if (available(d, k, j)) tableAdd(myKeys, myValues, kLightTable, k, w, nullptr);
      });
      __syncwarp();
    }
    unsigned long long best = 0;
    int bestNode = -1;
    for (int s = lane; s < kLightTable; s += kWarp) prefer(best, bestNode, myValues[s], myKeys[s]);
    warpPrefer(best, bestNode);
    for (int offset = kWarp / 2; offset > 0; offset >>= 1) visited += __shfl_xor_sync(kFull, visited, offset);
    if (lane == 0) {
      d.cand[j] = bestNode;
      atomicAdd(&d.counters->visits, static_cast<unsigned long long>(visited));
    }
    __syncwarp();
  }
}

// Block-wide best (similarity, node) into lane 0 of warp 0.
__device__ void blockPrefer(unsigned long long& similarity, int& node, unsigned long long* sharedSimilarity,
                            int* sharedNode) {
  const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp;
  warpPrefer(similarity, node);
  if (lane == 0) {
    sharedSimilarity[warp] = similarity;
    sharedNode[warp] = node;
  }
  __syncthreads();
  if (warp == 0) {
    similarity = lane < static_cast<int>(blockDim.x / kWarp) ? sharedSimilarity[lane] : 0;
    node = lane < static_cast<int>(blockDim.x / kWarp) ? sharedNode[lane] : -1;
    warpPrefer(similarity, node);
  }
}

__global__ void heavyProposals(View d) {
  extern __shared__ unsigned long long heavyShared[];
  unsigned long long* values = heavyShared;
  int* keys = reinterpret_cast<int*>(values + kHeavyTable);
  __shared__ Batch batches[kHeavyWarps];
  __shared__ unsigned long long bestSimilarity[kHeavyWarps];
  __shared__ int bestNode[kHeavyWarps];
  __shared__ int fill, full;
  const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp;
  const int count = d.counters->heavy;
  for (int index = blockIdx.x; index < count; index += gridDim.x) {
    const int j = d.heavy[index];
    for (int s = threadIdx.x; s < kHeavyTable; s += blockDim.x) {
      keys[s] = kEmpty;
      values[s] = 0;
    }
    if (threadIdx.x == 0) fill = full = 0;
    __syncthreads();
    const long long columnStart = d.nodeOffsets[j], columnEnd = d.nodeOffsets[j + 1];
    int visited = 0;
    for (long long first = columnStart + static_cast<long long>(warp) * kWarp; first < columnEnd;
         first += static_cast<long long>(kHeavyWarps) * kWarp) {
      int startRow, startColumn, endRow, endColumn;
      planBatch(d, columnStart, columnEnd, first, batches[warp], lane, startRow, startColumn, endRow, endColumn);
      visited += scanShare(d, batches[warp], startRow, startColumn, endRow, endColumn, [&](int k, int w) {
        if (!available(d, k, j) || *static_cast<volatile int*>(&full)) return;
        if (*static_cast<volatile int*>(&fill) > kHeavyFill || !tableAdd(keys, values, kHeavyTable, k, w, &fill)) full = 1;
      });
      __syncwarp();
    }
    unsigned long long best = 0;
    int bestK = -1;
    for (int s = threadIdx.x; s < kHeavyTable; s += blockDim.x) prefer(best, bestK, values[s], keys[s]);
    for (int offset = kWarp / 2; offset > 0; offset >>= 1) visited += __shfl_xor_sync(kFull, visited, offset);
    if (lane == 0) atomicAdd(&d.counters->visits, static_cast<unsigned long long>(visited));
    __syncthreads();  // `full` is final
    const bool overflowed = full != 0 || fill > kHeavyFill;
    blockPrefer(best, bestK, bestSimilarity, bestNode);
    if (threadIdx.x == 0) {
      if (overflowed) {
        d.overflow[atomicAdd(&d.counters->overflow, 1)] = j;
      } else {
        d.cand[j] = bestK;
      }
    }
    __syncthreads();
  }
}

// One block per node with more distinct neighbours than a heavy table holds; `dense` holds one n-entry
// array per block (2 S(k) + 1 once k is seen, so that zero-weight hyperedges still make neighbours).
__global__ void overflowProposals(View d, unsigned long long* dense) {
  __shared__ Batch batches[kOverflowThreads / kWarp];
  __shared__ unsigned long long bestSimilarity[kOverflowThreads / kWarp];
  __shared__ int bestNode[kOverflowThreads / kWarp];
  unsigned long long* similarity = dense + static_cast<size_t>(blockIdx.x) * d.n;
  const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp, warps = blockDim.x / kWarp;
  const int count = d.counters->overflow;
  for (int index = blockIdx.x; index < count; index += gridDim.x) {
    const int j = d.overflow[index];
    const long long columnStart = d.nodeOffsets[j], columnEnd = d.nodeOffsets[j + 1];
    // Pass 1 accumulates, pass 2 (after the barrier) reads each neighbour's total and clears it.
    for (int pass = 0; pass < 2; ++pass) {
      unsigned long long best = 0;
      int bestK = -1;
      for (long long first = columnStart + static_cast<long long>(warp) * kWarp; first < columnEnd;
           first += static_cast<long long>(warps) * kWarp) {
        int startRow, startColumn, endRow, endColumn;
        planBatch(d, columnStart, columnEnd, first, batches[warp], lane, startRow, startColumn, endRow, endColumn);
        scanShare(d, batches[warp], startRow, startColumn, endRow, endColumn, [&](int k, int w) {
          if (!available(d, k, j)) return;
          if (pass == 0) {
            atomicAdd(&similarity[k], 2ull * static_cast<unsigned long long>(w));
            atomicOr(&similarity[k], 1ull);
          } else {
            const unsigned long long value = atomicExch(&similarity[k], 0ull);
            if (value != 0) prefer(best, bestK, value >> 1, k);
          }
        });
        __syncwarp();
      }
      __syncthreads();
      if (pass == 1) {
        blockPrefer(best, bestK, bestSimilarity, bestNode);
        if (threadIdx.x == 0) d.cand[j] = bestK;
        __syncthreads();
      }
    }
  }
}

__global__ void matchMutual(View d) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= d.n) return;
  const int c = d.cand[j];
  if (d.mate[j] == -1 && c >= 0 && d.cand[c] == j) {
    d.mate[j] = c;
    atomicAdd(&d.counters->matchedNodes, 1);
  }
}

__global__ void buildQueue(View d) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= d.n) return;
  const int c = d.cand[j];
  if (d.mate[j] == -1 && c >= 0 && d.mate[c] != -1) d.queue[atomicAdd(&d.counters->queue, 1)] = j;
}

template <typename T>
T* deviceCopy(const std::vector<T>& host, const char* what) {
  T* out = nullptr;
  check(cudaMalloc(&out, std::max<std::size_t>(1, host.size()) * sizeof(T)), what);
  if (!host.empty()) check(cudaMemcpy(out, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice), what);
  return out;
}

class CudaSuitorKernels final : public SuitorKernels {
 public:
  CudaSuitorKernels() {
    const CudaDeviceInfo& device = cudaDevice();
    if (!device.usable) throw SolveError("no usable CUDA device: " + device.reason);
    multiprocessors_ = device.multiprocessors;
    check(cudaFuncSetAttribute(heavyProposals, cudaFuncAttributeMaxDynamicSharedMemorySize, kHeavySharedBytes),
          "heavy kernel shared memory");
    check(cudaEventCreate(&start_), "event");
    check(cudaEventCreate(&stop_), "event");
  }
  ~CudaSuitorKernels() override {
    release();
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  CudaSuitorKernels(const CudaSuitorKernels&) = delete;
  CudaSuitorKernels& operator=(const CudaSuitorKernels&) = delete;

  void begin(const Hypergraph& graph) override {
    release();
    const std::size_t n = static_cast<std::size_t>(graph.nodeCount());
    std::size_t freeBytes = 0, totalBytes = 0;
    check(cudaMemGetInfo(&freeBytes, &totalBytes), "memory info");
    const std::size_t needed = static_cast<std::size_t>(graph.pinCount()) * 8 +
                               (static_cast<std::size_t>(graph.edgeCount()) + n) * 16 + n * 24;
    if (needed > freeBytes) {
      throw ResourceError("hypergraph needs " + std::to_string(needed >> 20) + " MiB on the GPU, " +
                          std::to_string(freeBytes >> 20) + " MiB free");
    }
    d_.n = graph.nodeCount();
    d_.edgeOffsets = reinterpret_cast<const long long*>(deviceCopy(graph.edgeOffsets(), "upload"));
    d_.pins = deviceCopy(graph.pinArray(), "upload");
    d_.nodeOffsets = reinterpret_cast<const long long*>(deviceCopy(graph.nodeOffsets(), "upload"));
    d_.incidence = deviceCopy(graph.incidenceArray(), "upload");
    d_.edgeWeights = deviceCopy(graph.edgeWeights(), "upload");
    const std::vector<int32_t> none(n, -1);
    d_.mate = deviceCopy(none, "mate");
    d_.cand = deviceCopy(none, "cand");
    d_.queue = deviceCopy(none, "queue");
    d_.heavy = deviceCopy(none, "heavy queue");
    d_.overflow = deviceCopy(none, "overflow queue");
    check(cudaMalloc(&d_.counters, sizeof(Counters)), "counters");
    queueSize_ = 0;
  }

  int64_t propose(bool everyNode) override {
    check(cudaEventRecord(start_), "event");
    check(cudaMemset(d_.counters, 0, sizeof(Counters)), "counters");
    const int count = everyNode ? d_.n : static_cast<int>(queueSize_);
    if (count > 0) {
      const int blocks = std::max(1, std::min((count + kLightWarps - 1) / kLightWarps, multiprocessors_ * 64));
      lightProposals<<<blocks, kLightWarps * kWarp>>>(d_, everyNode ? nullptr : d_.queue, count);
      check(cudaGetLastError(), "light proposals");
      Counters counters = readCounters();
      if (counters.heavy > 0) {
        heavyProposals<<<std::min(counters.heavy, multiprocessors_ * 2), kHeavyThreads, kHeavySharedBytes>>>(d_);
        check(cudaGetLastError(), "heavy proposals");
        counters = readCounters();
      }
      if (counters.overflow > 0) {
        const int slots = denseSlots(counters.overflow);
        overflowProposals<<<slots, kOverflowThreads>>>(d_, dense_);
        check(cudaGetLastError(), "overflow proposals");
      }
    }
    const Counters counters = readCounters();
    lastDeviceNs_ = elapsed();
    return static_cast<int64_t>(counters.visits);
  }

  SuitorRound matchProposals() override {
    check(cudaEventRecord(start_), "event");
    check(cudaMemset(d_.counters, 0, sizeof(Counters)), "counters");
    const int blocks = (d_.n + 255) / 256;
    if (d_.n > 0) {
      matchMutual<<<blocks, 256>>>(d_);
      check(cudaGetLastError(), "match proposals");
      buildQueue<<<blocks, 256>>>(d_);
      check(cudaGetLastError(), "queue");
    }
    const Counters counters = readCounters();
    lastDeviceNs_ = elapsed();
    queueSize_ = counters.queue;
    return {counters.matchedNodes / 2, counters.queue};
  }

  std::vector<int32_t> mates() const override { return download(d_.mate); }
  std::vector<int32_t> candidates() const override { return download(d_.cand); }
  int64_t lastDeviceNs() const override { return lastDeviceNs_; }

 private:
  static constexpr int kHeavySharedBytes = kHeavyTable * (sizeof(unsigned long long) + sizeof(int));

  Counters readCounters() const {
    Counters out{};
    check(cudaMemcpy(&out, d_.counters, sizeof out, cudaMemcpyDeviceToHost), "counters");
    return out;
  }
  int64_t elapsed() {
    check(cudaEventRecord(stop_), "event");
    check(cudaEventSynchronize(stop_), "event");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start_, stop_), "event");
    return static_cast<int64_t>(static_cast<double>(ms) * 1e6);
  }
  // Dense arrays for the overflow kernel: one per block, as many as half the free memory holds (at most 128).
  int denseSlots(int wanted) {
    std::size_t freeBytes = 0, totalBytes = 0;
    check(cudaMemGetInfo(&freeBytes, &totalBytes), "memory info");
    const std::size_t perSlot = static_cast<std::size_t>(d_.n) * sizeof(unsigned long long);
    const int affordable = static_cast<int>(std::min<std::size_t>(128, (freeBytes / 2 + denseBytes_) / perSlot));
    if (affordable < 1) throw ResourceError("no GPU memory left for a dense similarity array");
    const int slots = std::min(wanted, affordable);
    if (static_cast<std::size_t>(slots) * perSlot > denseBytes_) {
      cudaFree(dense_);
      dense_ = nullptr;
      denseBytes_ = static_cast<std::size_t>(slots) * perSlot;
      check(cudaMalloc(&dense_, denseBytes_), "dense similarity arrays");
      check(cudaMemset(dense_, 0, denseBytes_), "dense similarity arrays");
    }
    return slots;
  }
  std::vector<int32_t> download(const int* device) const {
    std::vector<int32_t> out(static_cast<std::size_t>(d_.n));
    if (d_.n > 0) check(cudaMemcpy(out.data(), device, out.size() * sizeof(int32_t), cudaMemcpyDeviceToHost), "download");
    return out;
  }
  void release() {
    for (const void* p : {static_cast<const void*>(d_.edgeOffsets), static_cast<const void*>(d_.pins),
                          static_cast<const void*>(d_.nodeOffsets), static_cast<const void*>(d_.incidence),
                          static_cast<const void*>(d_.edgeWeights), static_cast<const void*>(d_.mate),
                          static_cast<const void*>(d_.cand), static_cast<const void*>(d_.queue),
                          static_cast<const void*>(d_.heavy), static_cast<const void*>(d_.overflow),
                          static_cast<const void*>(d_.counters), static_cast<const void*>(dense_)}) {
      if (p != nullptr) cudaFree(const_cast<void*>(p));
    }
    d_ = View{};
    dense_ = nullptr;
    denseBytes_ = 0;
  }

  View d_{};
  unsigned long long* dense_ = nullptr;
  std::size_t denseBytes_ = 0;
  int64_t queueSize_ = 0;
  int multiprocessors_ = 1;
  int64_t lastDeviceNs_ = -1;
  cudaEvent_t start_{}, stop_{};
};

}  // namespace

std::unique_ptr<SuitorKernels> makeCudaSuitorKernels() { return std::make_unique<CudaSuitorKernels>(); }

}  // namespace ms::hypergraph

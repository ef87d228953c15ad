// Suitor matching kernels on the GPU (Fig. 5, 8, 9). Proposals run in three tiers so that no thread idles
// on a node whose scan is far longer than its neighbours':
//   light:    one warp per node whose scan touches at most kLightWork nonzeros; similarities in a per-warp
//             hash table in shared memory;
//   heavy:    one block per remaining node, its warps taking 32 hyperedges at a time; a shared hash table
//             sized to the node's scan (at most kHeavyTable entries);
//   overflow: nodes with more distinct neighbours than that table holds: one block per node with a dense
//             similarity array in global memory (S of Fig. 3).
// In every tier a warp shares the nonzeros of its 32 hyperedges equally among its lanes with the shuffles
// of Fig. 5 (the collaborative task plan); LAMBDA1's atomicAdd accumulates the similarities.
// A scan keeps the node's most preferred neighbours in order (a candidate list: 8 for a light node, 64 for a
// heavy one, 256 for an overflow one). When its candidate is matched away (Q_I), the node takes the next one
// still unmatched from that list without scanning again: similarities do not change and the unmatched set
// only shrinks, so that is exactly the neighbour a new scan would pick. Only a node whose list runs out
// scans again. Long-tailed profiles need the long lists: their hubs prefer one another, are matched a few
// pairs per round over dozens of rounds, and with short lists rescanned their 10^5 nonzeros every round.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/hypergraph/preference.h"
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
constexpr int kHeavyTable = 8192;      // hash slots of a heavy block at most (96 KiB dynamic shared memory)
constexpr int kHeavyMinTable = 512;
constexpr int kOverflowThreads = 256;
constexpr int kOverflowBlocksPerSm = 2;  // dense arrays of n entries each: few, and cleared by their blocks
// Candidate list lengths per tier, and how many candidates each thread keeps before the lists are merged
// (a merge stops early, marking the list cut, where a thread's private list could have lost one).
constexpr int kLightList = 8;
constexpr int kLightLocal = 4;
constexpr int kHeavyList = 64;
constexpr int kHeavyLocal = 4;
constexpr int kOverflowList = 256;
constexpr int kOverflowLocal = 8;
// Rows of the candidate lists: entries, then -1 (the list holds every neighbour there was) or the node
// itself (cut short: scan again once it is used up).
constexpr int kLightRow = kLightList + 1;
constexpr int kBigRow = kOverflowList + 1;  // heavy and overflow nodes
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
  int rescan;    // nodes of Q_I whose candidate list ran out
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
  int* rescan;
  long long* heavyWork;  // nonzeros each node of `heavy` scans
  int* lightTop;  // a row of kLightRow per node: candidate lists of light nodes
  int* bigTop;    // a row of kBigRow per heavy or overflow node
  int* bigRow;    // the node's row of bigTop (-1: a light node); fixed by the level's first proposals
  int* topNext;   // next entry of the node's list to try
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

// Adds w to k's similarity in an open-addressing table. Every access to a key is atomic, so lanes racing
// for a slot agree without locks. Returns false when the table is full, or when `fill` (the count of keys,
// if given) passes `limit`.
__device__ bool tableAdd(int* keys, unsigned long long* values, int tableSize, int k, int w, int* fill, int limit) {
  unsigned slot = slotOf(k, tableSize);
  for (int probe = 0; probe < tableSize; ++probe) {
    const int key = atomicCAS(&keys[slot], kEmpty, k);
    if (key == kEmpty && fill != nullptr && atomicAdd(fill, 1) >= limit) return false;
    if (key == kEmpty || key == k) {
      atomicAdd(&values[slot], static_cast<unsigned long long>(w));
      return true;
    }
    slot = (slot + 1) & (tableSize - 1);
  }
  return false;
}

// Keeps the candidate j prefers (preference.h) of (similarity, node) and (otherSimilarity, otherNode).
__device__ void prefer(int j, unsigned long long& similarity, int& node, unsigned long long otherSimilarity,
                       int otherNode) {
  if (preferred(j, otherNode, otherSimilarity, node, similarity)) {
    similarity = otherSimilarity;
    node = otherNode;
  }
}

__device__ void warpPrefer(int j, unsigned long long& similarity, int& node) {
  for (int offset = kWarp / 2; offset > 0; offset >>= 1) {
    prefer(j, similarity, node, __shfl_down_sync(kFull, similarity, offset), __shfl_down_sync(kFull, node, offset));
  }
}

// The group-wide most preferred (similarity, node), in every thread of the group.
struct WarpGroup {
  __device__ void best(int j, unsigned long long& similarity, int& node) const {
    warpPrefer(j, similarity, node);
    similarity = __shfl_sync(kFull, similarity, 0);
    node = __shfl_sync(kFull, node, 0);
  }
  __device__ bool leader() const { return threadIdx.x % kWarp == 0; }
};

struct BlockGroup {
  unsigned long long* sharedSimilarity;  // one per warp, then one for the result
  int* sharedNode;
  __device__ void best(int j, unsigned long long& similarity, int& node) const {
    const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp, warps = blockDim.x / kWarp;
    warpPrefer(j, similarity, node);
    if (lane == 0) {
      sharedSimilarity[warp] = similarity;
      sharedNode[warp] = node;
    }
    __syncthreads();
    if (warp == 0) {
      similarity = lane < warps ? sharedSimilarity[lane] : 0;
      node = lane < warps ? sharedNode[lane] : -1;
      warpPrefer(j, similarity, node);
      if (lane == 0) {
        sharedSimilarity[warps] = similarity;
        sharedNode[warps] = node;
      }
    }
    __syncthreads();
    similarity = sharedSimilarity[warps];
    node = sharedNode[warps];
  }
  __device__ bool leader() const { return threadIdx.x == 0; }
};

// One thread's L most preferred neighbours of j, best first, and how many it was offered.
template <int L>
struct LocalTop {
  unsigned long long similarity[L];
  int node[L];
  int offered;
  int head;  // next entry to hand to the merge

  __device__ LocalTop() : offered(0), head(0) {
    for (int i = 0; i < L; ++i) {
      similarity[i] = 0;
      node[i] = -1;
    }
  }
  __device__ void offer(int j, unsigned long long s, int k) {
    if (k < 0) return;
    ++offered;
    if (!preferred(j, k, s, node[L - 1], similarity[L - 1])) return;
    int i = L - 1;
    while (i > 0 && preferred(j, k, s, node[i - 1], similarity[i - 1])) {
      node[i] = node[i - 1];
      similarity[i] = similarity[i - 1];
      --i;
    }
    node[i] = k;
    similarity[i] = s;
  }
};

// Merges the threads' LocalTop lists into j's candidate list `row` (at most `length` entries, then -1 or
// j as the row layout says) and returns the first entry (-1 when j has no available neighbour). Entries are
// exact up to the best entry any thread dropped a neighbour after (its L-th): after that one, a dropped
// neighbour could come next, so the list is cut there.
template <int L, typename Group>
__device__ int mergeTop(int j, LocalTop<L>& local, int* row, int length, const Group& group) {
  unsigned long long cutSimilarity = local.offered > L ? local.similarity[L - 1] : 0;
  int cutNode = local.offered > L ? local.node[L - 1] : -1;
  group.best(j, cutSimilarity, cutNode);
  int first = -1, t = 0;
  bool cut = true;  // a full list is cut too
  for (; t < length; ++t) {
    unsigned long long s = local.head < L ? local.similarity[local.head] : 0;
    int k = local.head < L ? local.node[local.head] : -1;
    group.best(j, s, k);
    if (k < 0) {
      cut = false;
      break;
    }
    if (t == 0) first = k;
    if (group.leader()) row[t] = k;
    if (local.head < L && local.node[local.head] == k) ++local.head;
    if (k == cutNode) {
      ++t;
      break;
    }
  }
  if (group.leader()) row[t] = cut ? j : -1;
  return first;
}

__device__ int nodeAt(const int* queue, long long index) { return queue == nullptr ? static_cast<int>(index) : queue[index]; }

__device__ bool available(const View& d, int k, int j) { return k != j && d.mate[k] == -1; }

__device__ int* bigRowOf(const View& d, int j) { return d.bigTop + static_cast<long long>(d.bigRow[j]) * kBigRow; }

// A scan's outcome: j proposes to its list's first entry and will take the second one next.
__device__ void proposeFirst(const View& d, int j, int first) {
  d.cand[j] = first;
  d.topNext[j] = 1;
}

// `firstProposals`: every node scans, and the n-th node sent to the heavy tier gets row n of bigTop.
__global__ void lightProposals(View d, const int* queue, int count, bool firstProposals) {
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
      if (lane == 0) {
        const int slot = atomicAdd(&d.counters->heavy, 1);
        d.heavy[slot] = j;
        d.heavyWork[slot] = work;
        if (firstProposals) d.bigRow[j] = slot;
      }
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
        if (available(d, k, j)) tableAdd(myKeys, myValues, kLightTable, k, w, nullptr, 0);
      });
      __syncwarp();
    }
    LocalTop<kLightLocal> local;
    for (int s = lane; s < kLightTable; s += kWarp) local.offer(j, myValues[s], myKeys[s]);
    const int first = mergeTop(j, local, d.lightTop + static_cast<long long>(j) * kLightRow, kLightList, WarpGroup{});
    for (int offset = kWarp / 2; offset > 0; offset >>= 1) visited += __shfl_xor_sync(kFull, visited, offset);
    if (lane == 0) {
      proposeFirst(d, j, first);
      atomicAdd(&d.counters->visits, static_cast<unsigned long long>(visited));
    }
    __syncwarp();
  }
}

// The smallest power of two that holds a scan of `work` nonzeros at most half full, within the table.
__device__ int heavyTableSize(long long work) {
  int size = kHeavyMinTable;
  while (size < kHeavyTable && size < 2 * work) size *= 2;
  return size;
}

__global__ void heavyProposals(View d) {
  extern __shared__ unsigned long long heavyShared[];
  unsigned long long* values = heavyShared;
  int* keys = reinterpret_cast<int*>(values + kHeavyTable);
  __shared__ Batch batches[kHeavyWarps];
  __shared__ unsigned long long bestSimilarity[kHeavyWarps + 1];
  __shared__ int bestNode[kHeavyWarps + 1];
  __shared__ int fill, full;
  const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp;
  const int count = d.counters->heavy;
  for (int index = blockIdx.x; index < count; index += gridDim.x) {
    const int j = d.heavy[index];
    const int tableSize = heavyTableSize(d.heavyWork[index]);
    for (int s = threadIdx.x; s < tableSize; s += blockDim.x) {
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
        if (available(d, k, j) && !tableAdd(keys, values, tableSize, k, w, &fill, tableSize * 3 / 4)) atomicExch(&full, 1);
      });
      __syncwarp();
      // A full table sends the node to the overflow kernel: stop scanning (checked once per batch).
      const int stop = __shfl_sync(kFull, lane == 0 ? atomicAdd(&full, 0) : 0, 0);
      if (stop) break;
    }
    for (int offset = kWarp / 2; offset > 0; offset >>= 1) visited += __shfl_xor_sync(kFull, visited, offset);
    if (lane == 0) atomicAdd(&d.counters->visits, static_cast<unsigned long long>(visited));
    __syncthreads();  // the table and `full` are final
    if (full != 0) {
      if (threadIdx.x == 0) d.overflow[atomicAdd(&d.counters->overflow, 1)] = j;
      __syncthreads();
      continue;
    }
    LocalTop<kHeavyLocal> local;
    for (int s = threadIdx.x; s < tableSize; s += blockDim.x) local.offer(j, values[s], keys[s]);
    const int first = mergeTop(j, local, bigRowOf(d, j), kHeavyList, BlockGroup{bestSimilarity, bestNode});
    if (threadIdx.x == 0) proposeFirst(d, j, first);
    __syncthreads();  // the table is read before the next node clears it
  }
}

// One block per node with more distinct neighbours than a heavy table holds. Each block owns an n-entry
// similarity array (S of Fig. 3) and an n-entry list of the neighbours it touched: the first pass adds the
// similarities and lists each neighbour once, the second reads the listed totals and clears them, so the
// arrays stay zero between nodes. With a zero-weight hyperedge a similarity can stay 0, so then the array
// holds 2 S(k) + 1 once k is seen.
__global__ void overflowProposals(View d, unsigned long long* dense, int* touchedLists, bool positiveWeights) {
  __shared__ Batch batches[kOverflowThreads / kWarp];
  __shared__ unsigned long long bestSimilarity[kOverflowThreads / kWarp + 1];
  __shared__ int bestNode[kOverflowThreads / kWarp + 1];
  __shared__ int touchedCount;
  unsigned long long* similarity = dense + static_cast<size_t>(blockIdx.x) * d.n;
  int* touched = touchedLists + static_cast<size_t>(blockIdx.x) * d.n;
  const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp, warps = blockDim.x / kWarp;
  const int count = d.counters->overflow;
  for (int index = blockIdx.x; index < count; index += gridDim.x) {
    const int j = d.overflow[index];
    const long long columnStart = d.nodeOffsets[j], columnEnd = d.nodeOffsets[j + 1];
    if (threadIdx.x == 0) touchedCount = 0;
    __syncthreads();
    int visited = 0;
    for (long long first = columnStart + static_cast<long long>(warp) * kWarp; first < columnEnd;
         first += static_cast<long long>(warps) * kWarp) {
      int startRow, startColumn, endRow, endColumn;
      planBatch(d, columnStart, columnEnd, first, batches[warp], lane, startRow, startColumn, endRow, endColumn);
      visited += scanShare(d, batches[warp], startRow, startColumn, endRow, endColumn, [&](int k, int w) {
        if (!available(d, k, j)) return;
        bool firstSeen;
        if (positiveWeights) {
          firstSeen = atomicAdd(&similarity[k], static_cast<unsigned long long>(w)) == 0;
        } else {
          atomicAdd(&similarity[k], 2ull * static_cast<unsigned long long>(w));
          firstSeen = (atomicOr(&similarity[k], 1ull) & 1ull) == 0;
        }
        if (firstSeen) touched[atomicAdd(&touchedCount, 1)] = k;
      });
      __syncwarp();
    }
    for (int offset = kWarp / 2; offset > 0; offset >>= 1) visited += __shfl_xor_sync(kFull, visited, offset);
    if (lane == 0) atomicAdd(&d.counters->visits, static_cast<unsigned long long>(visited));
    __syncthreads();  // the similarities and the list are final
    LocalTop<kOverflowLocal> local;
    for (int i = threadIdx.x; i < touchedCount; i += blockDim.x) {
      const int k = touched[i];
      const unsigned long long value = similarity[k];
      similarity[k] = 0;
      local.offer(j, positiveWeights ? value : value >> 1, k);
    }
    const int first = mergeTop(j, local, bigRowOf(d, j), kOverflowList, BlockGroup{bestSimilarity, bestNode});
    if (threadIdx.x == 0) proposeFirst(d, j, first);
    __syncthreads();
  }
}

// Q_I's proposals from the candidate lists; nodes whose list ran out go to `rescan`.
__global__ void cachedProposals(View d, int count) {
  const int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= count) return;
  const int j = d.queue[index];
  const int* row = d.bigRow[j] >= 0 ? bigRowOf(d, j) : d.lightTop + static_cast<long long>(j) * kLightRow;
  for (int t = d.topNext[j];; ++t) {
    const int k = row[t];
    if (k < 0) {  // the list held every neighbour there was: none is left
      d.cand[j] = -1;
      d.topNext[j] = t;
      return;
    }
    if (k == j) break;
    if (d.mate[k] == -1) {
      d.cand[j] = k;
      d.topNext[j] = t + 1;
      return;
    }
  }
  d.rescan[atomicAdd(&d.counters->rescan, 1)] = j;
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
                               (static_cast<std::size_t>(graph.edgeCount()) + n) * 16 + n * (44 + 4 * kLightRow);
    if (needed > freeBytes) {
      throw ResourceError("hypergraph needs " + std::to_string(needed >> 20) + " MiB on the GPU, " +
                          std::to_string(freeBytes >> 20) + " MiB free");
    }
    d_.n = graph.nodeCount();
    positiveWeights_ = std::all_of(graph.edgeWeights().begin(), graph.edgeWeights().end(), [](int32_t w) { return w > 0; });
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
    d_.rescan = deviceCopy(none, "rescan queue");
    check(cudaMalloc(&d_.heavyWork, std::max<std::size_t>(1, n) * sizeof(long long)), "heavy queue");
    check(cudaMalloc(&d_.lightTop, std::max<std::size_t>(1, n) * kLightRow * sizeof(int)), "candidate lists");
    d_.bigRow = deviceCopy(none, "candidate lists");
    d_.topNext = deviceCopy(none, "candidate lists");
    check(cudaMalloc(&d_.counters, sizeof(Counters)), "counters");
    queueSize_ = 0;
  }

  int64_t propose(bool everyNode) override {
    check(cudaEventRecord(start_), "event");
    check(cudaMemset(d_.counters, 0, sizeof(Counters)), "counters");
    int count = everyNode ? d_.n : static_cast<int>(queueSize_);
    const int* scanQueue = nullptr;
    if (!everyNode && count > 0) {
      cachedProposals<<<(count + 255) / 256, 256>>>(d_, count);
      check(cudaGetLastError(), "cached proposals");
      count = readCounters().rescan;
      scanQueue = d_.rescan;
    }
    if (count > 0) {
      const int blocks = std::max(1, std::min((count + kLightWarps - 1) / kLightWarps, multiprocessors_ * 64));
      lightProposals<<<blocks, kLightWarps * kWarp>>>(d_, scanQueue, count, everyNode);
      check(cudaGetLastError(), "light proposals");
      Counters counters = readCounters();
      if (everyNode) allocateBigRows(counters.heavy);
      if (counters.heavy > 0) {
        heavyProposals<<<std::min(counters.heavy, multiprocessors_ * 4), kHeavyThreads, kHeavySharedBytes>>>(d_);
        check(cudaGetLastError(), "heavy proposals");
        counters = readCounters();
      }
      if (counters.overflow > 0) {
        const int slots = denseSlots(std::min(counters.overflow, multiprocessors_ * kOverflowBlocksPerSm));
        overflowProposals<<<slots, kOverflowThreads>>>(d_, dense_, touchedLists_, positiveWeights_);
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
  // Candidate list rows of the heavy and overflow nodes, which the level's first proposals counted.
  void allocateBigRows(int rows) {
    const std::size_t bytes = static_cast<std::size_t>(std::max(rows, 1)) * kBigRow * sizeof(int);
    std::size_t freeBytes = 0, totalBytes = 0;
    check(cudaMemGetInfo(&freeBytes, &totalBytes), "memory info");
    if (bytes > freeBytes) {
      throw ResourceError("candidate lists need " + std::to_string(bytes >> 20) + " MiB on the GPU, " +
                          std::to_string(freeBytes >> 20) + " MiB free");
    }
    check(cudaMalloc(&d_.bigTop, bytes), "candidate lists");
  }
  // Dense arrays and touched lists for the overflow kernel: one each per block, as many as half the free
  // memory holds. The arrays start zeroed; the kernel leaves them so.
  int denseSlots(int wanted) {
    std::size_t freeBytes = 0, totalBytes = 0;
    check(cudaMemGetInfo(&freeBytes, &totalBytes), "memory info");
    const std::size_t perSlot = static_cast<std::size_t>(d_.n) * (sizeof(unsigned long long) + sizeof(int));
    const int affordable = static_cast<int>((freeBytes / 2 + static_cast<std::size_t>(denseSlots_) * perSlot) / perSlot);
    if (affordable < 1) throw ResourceError("no GPU memory left for a dense similarity array");
    const int slots = std::min(wanted, affordable);
    if (slots > denseSlots_) {
      cudaFree(dense_);
      cudaFree(touchedLists_);
      dense_ = nullptr;
      touchedLists_ = nullptr;
      denseSlots_ = 0;
      const std::size_t entries = static_cast<std::size_t>(slots) * static_cast<std::size_t>(d_.n);
      check(cudaMalloc(&dense_, entries * sizeof(unsigned long long)), "dense similarity arrays");
      check(cudaMalloc(&touchedLists_, entries * sizeof(int)), "dense similarity arrays");
      check(cudaMemset(dense_, 0, entries * sizeof(unsigned long long)), "dense similarity arrays");
      denseSlots_ = slots;
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
                          static_cast<const void*>(d_.rescan), static_cast<const void*>(d_.heavyWork),
                          static_cast<const void*>(d_.lightTop), static_cast<const void*>(d_.bigTop),
                          static_cast<const void*>(d_.bigRow), static_cast<const void*>(d_.topNext),
                          static_cast<const void*>(d_.counters), static_cast<const void*>(dense_),
                          static_cast<const void*>(touchedLists_)}) {
      if (p != nullptr) cudaFree(const_cast<void*>(p));
    }
    d_ = View{};
    dense_ = nullptr;
    touchedLists_ = nullptr;
    denseSlots_ = 0;
  }

  View d_{};
  unsigned long long* dense_ = nullptr;
  int* touchedLists_ = nullptr;
  int denseSlots_ = 0;
  bool positiveWeights_ = true;  // every hyperedge weighs at least 1
  int64_t queueSize_ = 0;
  int multiprocessors_ = 1;
  int64_t lastDeviceNs_ = -1;
  cudaEvent_t start_{}, stop_{};
};

}  // namespace

std::unique_ptr<SuitorKernels> makeCudaSuitorKernels() { return std::make_unique<CudaSuitorKernels>(); }

}  // namespace ms::hypergraph

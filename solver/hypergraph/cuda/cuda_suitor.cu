// Suitor matching kernels on the GPU (Fig. 5, 8, 9). Proposals run in tiers so that no thread idles on a
// node whose scan is far longer than its neighbours':
//   light:    one warp per node whose scan touches at most kLightWork nonzeros; similarities in a per-warp
//             hash table in shared memory;
//   medium, heavy: one block per remaining node, its warps taking 32 hyperedges at a time; a shared hash
//             table sized to the node's scan (medium nodes scan at most kMediumWork nonzeros, so their
//             blocks need little shared memory and many fit on a multiprocessor);
//   overflow: nodes with more distinct neighbours than a heavy table holds: one block per node with a dense
//             similarity array in global memory (S of Fig. 3).
// In every tier a warp shares the nonzeros of its 32 hyperedges equally among its lanes with the shuffles
// of Fig. 5 (the collaborative task plan); LAMBDA1's atomicAdd accumulates the similarities.
// A scan keeps the node's most preferred neighbours in order (a candidate list: 8 for a light node, 64 for a
// medium or heavy one, 1024 for an overflow one). When its candidate is matched away (Q_I), the node takes
// the next one still unmatched from that list without scanning again: similarities do not change and the
// unmatched set only shrinks, so that is exactly the neighbour a new scan would pick. Only a node whose list
// runs out scans again. Long-tailed profiles need the long lists: their hubs prefer one another and are
// matched a few pairs per round over dozens of rounds; with short lists they rescanned 10^5 nonzeros each
// round.
// With a rating cap the scans read the level's rating level (device_rating_level.h), as the host's do.
#include <cuda_runtime.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/hypergraph/cuda/device_level.h"
#include "solver/hypergraph/cuda/device_rating_level.h"
#include "solver/hypergraph/preference.h"
#include "solver/hypergraph/suitor_kernels.h"

namespace ms::hypergraph {
namespace {

constexpr int kWarp = 32;
constexpr unsigned kFull = 0xffffffffu;
constexpr int kLightWarps = 7;    // warps per block of the light kernel (tables fill 42 KiB)
constexpr int kLightTable = 512;  // hash slots per warp
constexpr int kLightWork = 256;   // nonzeros a light node may scan (table at most half full)
constexpr int kMediumThreads = 256;
// Heavy blocks: 256 threads, or 512 where the heavy queue holds at most kShortHeavyQueue nodes per block. A
// long queue (the finest levels: tens of thousands of nodes just over kMediumWork) goes faster in small
// blocks, whose merges cost less; a short one (coarse levels: a few thousand nodes of 10^5 nonzeros and
// more) is bound by its longest scans, which twice the threads finish sooner (per-level times in
// bench/results/2026-11-27-contraction-limit).
constexpr int kHeavyThreads = 256;
constexpr int kShortQueueHeavyThreads = 512;
constexpr int kShortHeavyQueue = 32;
constexpr int kMediumWork = 1024;   // nonzeros a medium node may scan
constexpr int kMediumTable = 2048;  // hash slots of a medium block (24 KiB dynamic shared memory)
constexpr int kHeavyTable = 8192;   // hash slots of a heavy block (96 KiB dynamic shared memory)
constexpr int kMinTable = 512;
constexpr int kOverflowThreads = 1024;   // few overflow nodes scan in the late rounds: give each many lanes
constexpr int kOverflowBlocksPerSm = 2;  // dense arrays of n entries each: few, and cleared by their blocks
// Candidate list lengths per tier, and how many candidates each thread keeps before the lists are merged
// (a merge stops early, marking the list cut, where a thread's private list could have lost one: with 1024
// threads of 6 that happens after about 1000 picks, so overflow lists come out nearly full).
constexpr int kLightList = 8;
constexpr int kLightLocal = 4;
constexpr int kHeavyList = 64;
constexpr int kHeavyLocal = 4;
constexpr int kOverflowList = 1024;
constexpr int kOverflowLocal = 6;
// Rows of the candidate lists: entries, then -1 (the list holds every neighbour there was) or the node
// itself (cut short: scan again once it is used up).
constexpr int kLightRow = kLightList + 1;
constexpr int kBigRow = kOverflowList + 1;  // medium, heavy and overflow nodes
constexpr int kEmpty = -1;

void check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  cudaGetLastError();
  throw SolveError(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(status));
}

struct Counters {
  unsigned long long visits;
  int medium;    // nodes handed to the medium kernel
  int heavy;     // nodes handed to the heavy kernel
  int overflow;  // nodes handed to the overflow kernel
  int bigRows;   // rows of bigTop handed out (the level's first proposals)
  int matchedNodes;
  int queue;   // |Q_I|
  int rescan;  // nodes of Q_I whose candidate list ran out
};

// A node's queue for a block-per-node tier: the nodes and the nonzeros each scans.
struct BlockQueue {
  int* nodes;
  long long* work;
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
  BlockQueue medium;
  BlockQueue heavy;
  int* overflow;
  int* rescan;
  int* lightTop;  // a row of kLightRow per node: candidate lists of light nodes
  int* bigTop;    // a row of kBigRow per medium, heavy or overflow node
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
__device__ void planBatch(const View& d, long long columnStart, long long columnEnd, long long first,
                          Batch& batch, int lane, int& startRow, int& startColumn, int& endRow,
                          int& endColumn) {
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
  const int end = min(total, share * (lane + 1));  // line 9
  int row = 0;
  for (int z = 0; z < kWarp; ++z) {  // lines 10-14
    if (__shfl_sync(kFull, exclusive, z) < end) row = z;
  }
  const int column = end - __shfl_sync(kFull, exclusive, row);  // line 15
  endRow = row;
  endColumn = column;
  startRow = __shfl_up_sync(kFull, row, 1);  // lines 16-21
  startColumn = __shfl_up_sync(kFull, column, 1);
  if (lane == 0) startRow = startColumn = 0;
  __syncwarp();
}

// Calls visit(k, w) for every nonzero a_ik of this lane's share of the batch.
template <typename Visit>
__device__ int scanShare(const View& d, const Batch& batch, int startRow, int startColumn, int endRow,
                         int endColumn, Visit visit) {
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

__device__ unsigned slotOf(int k, int tableSize) {
  return (static_cast<unsigned>(k) * 2654435761u) & (tableSize - 1);
}

// Adds w to k's similarity in an open-addressing table. Every access to a key is atomic, so lanes racing
// for a slot agree without locks. Returns false when the table is full, or when `fill` (the count of keys,
// if given) passes `limit`.
__device__ bool tableAdd(int* keys, unsigned long long* values, int tableSize, int k, int w, int* fill,
                         int limit) {
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

// A neighbour k of j with its similarity and the tie key of the edge {j, k}, so that comparing two costs no
// hashing: `better` is preference.h's order.
struct Candidate {
  unsigned long long similarity;
  unsigned long long tie;
  int node;  // -1: none
};

__device__ Candidate noCandidate() {
  return {0, 0, -1};
}
__device__ Candidate candidateOf(int j, int k, unsigned long long similarity) {
  return {similarity, k < 0 ? 0 : edgeTieKey(j, k), k};
}
// preference.h's `preferred` with both tie keys at hand (test_hypergraph_cuda checks that the GPU's
// matchings equal the CPU's, which use `preferred`).
__device__ bool better(const Candidate& a, const Candidate& b) {
  if (a.node < 0) return false;
  if (b.node < 0 || a.similarity != b.similarity) return b.node < 0 || a.similarity > b.similarity;
  return a.tie > b.tie || (a.tie == b.tie && a.node < b.node);
}
// The warp's best candidate, in every lane: one max reduction per 32-bit word of (similarity, tie key),
// most significant first, each among the lanes still tied, then the smallest node (sm_80's redux).
__device__ Candidate warpBest(const Candidate& c) {
  bool tied = c.node >= 0;
  if (__reduce_or_sync(kFull, tied ? 1u : 0u) == 0) return noCandidate();
  const unsigned words[4] = {static_cast<unsigned>(c.similarity >> 32), static_cast<unsigned>(c.similarity),
                             static_cast<unsigned>(c.tie >> 32), static_cast<unsigned>(c.tie)};
  unsigned best[4];
#pragma unroll
  for (int w = 0; w < 4; ++w) {
    best[w] = __reduce_max_sync(kFull, tied ? words[w] : 0u);
    tied = tied && words[w] == best[w];
  }
  const unsigned node = __reduce_min_sync(kFull, tied ? static_cast<unsigned>(c.node) : 0xffffffffu);
  return {static_cast<unsigned long long>(best[0]) << 32 | best[1],
          static_cast<unsigned long long>(best[2]) << 32 | best[3], static_cast<int>(node)};
}

// The group-wide best candidate, in every thread of the group (a warp or a whole block).
struct WarpGroup {
  __device__ Candidate best(const Candidate& c) { return warpBest(c); }
  __device__ bool leader() const { return threadIdx.x % kWarp == 0; }
};

// Each warp's best goes to one of two alternating shared buffers, so one barrier per call suffices: a
// buffer is written again only after the next call's barrier, which every reader of it has passed.
struct BlockGroup {
  Candidate* shared;  // 2 x (warps in the block)
  int parity = 0;
  __device__ Candidate best(const Candidate& c) {
    const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp, warps = blockDim.x / kWarp;
    Candidate* buffer = shared + parity * warps;
    parity ^= 1;
    const Candidate mine = warpBest(c);
    if (lane == 0) buffer[warp] = mine;
    __syncthreads();
    return warpBest(lane < warps ? buffer[lane] : noCandidate());
  }
  __device__ bool leader() const { return threadIdx.x == 0; }
};

// One thread's L best candidates, best first, and how many it was offered. Fixed indices only, so the
// list stays in registers; the merge takes entry[0] and pops it.
template <int L>
struct LocalTop {
  Candidate entry[L];
  int offered = 0;

  __device__ LocalTop() {
#pragma unroll
    for (int i = 0; i < L; ++i) entry[i] = noCandidate();
  }
  __device__ void offer(int j, int k, unsigned long long similarity) {
    if (k < 0) return;
    ++offered;
    Candidate c = candidateOf(j, k, similarity);
    if (!better(c, entry[L - 1])) return;
#pragma unroll
    for (int i = 0; i < L; ++i) {
      if (better(c, entry[i])) {
        const Candidate displaced = entry[i];
        entry[i] = c;
        c = displaced;
      }
    }
  }
  __device__ void pop() {
#pragma unroll
    for (int i = 0; i + 1 < L; ++i) entry[i] = entry[i + 1];
    entry[L - 1] = noCandidate();
  }
};

// Merges the threads' LocalTop lists into j's candidate list `row` (at most `length` entries, then -1 or
// j as the row layout says) and returns the first entry (-1 when j has no available neighbour). Entries are
// exact up to the best entry any thread dropped a neighbour after (its L-th): after that one, a dropped
// neighbour could come next, so the list is cut there.
template <int L, typename Group>
__device__ int mergeTop(int j, LocalTop<L>& local, int* row, int length, Group& group) {
  const Candidate cut = group.best(local.offered > L ? local.entry[L - 1] : noCandidate());
  int first = -1, t = 0;
  bool complete = false;
  for (; t < length; ++t) {
    const int k = group.best(local.entry[0]).node;
    if (k < 0) {
      complete = true;
      break;
    }
    if (t == 0) first = k;
    if (group.leader()) row[t] = k;
    if (local.entry[0].node == k) local.pop();
    if (k == cut.node) {
      ++t;
      break;
    }
  }
  if (group.leader()) row[t] = complete ? -1 : j;
  return first;
}

__device__ int nodeAt(const int* queue, long long index) {
  return queue == nullptr ? static_cast<int>(index) : queue[index];
}

__device__ bool available(const View& d, int k, int j) {
  return k != j && d.mate[k] == -1;
}

__device__ int* bigRowOf(const View& d, int j) {
  return d.bigTop + static_cast<long long>(d.bigRow[j]) * kBigRow;
}

// A scan's outcome: j proposes to its list's first entry and will take the second one next.
__device__ void proposeFirst(const View& d, int j, int first) {
  d.cand[j] = first;
  d.topNext[j] = 1;
}

// `firstProposals`: every node scans, and each one sent to a block tier gets the next row of bigTop.
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
        const BlockQueue& tier = work > kMediumWork ? d.heavy : d.medium;
        const int slot = atomicAdd(work > kMediumWork ? &d.counters->heavy : &d.counters->medium, 1);
        tier.nodes[slot] = j;
        tier.work[slot] = work;
        if (firstProposals) d.bigRow[j] = atomicAdd(&d.counters->bigRows, 1);
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
    for (int s = lane; s < kLightTable; s += kWarp) local.offer(j, myKeys[s], myValues[s]);
    WarpGroup group;
    const int first =
        mergeTop(j, local, d.lightTop + static_cast<long long>(j) * kLightRow, kLightList, group);
    for (int offset = kWarp / 2; offset > 0; offset >>= 1) visited += __shfl_xor_sync(kFull, visited, offset);
    if (lane == 0) {
      proposeFirst(d, j, first);
      atomicAdd(&d.counters->visits, static_cast<unsigned long long>(visited));
    }
    __syncwarp();
  }
}

// The smallest power of two that holds a scan of `work` nonzeros at most half full, within `maxTable`.
__device__ int tableSizeFor(long long work, int maxTable) {
  int size = kMinTable;
  while (size < maxTable && size < 2 * work) size *= 2;
  return size;
}

// One block per node of `queue` (count in *count); tables of at most MaxTable slots in dynamic shared
// memory. A node whose distinct neighbours fill 3/4 of the largest table goes on to the overflow kernel.
template <int MaxTable, int Threads>
__global__ void __launch_bounds__(Threads) blockProposals(View d, BlockQueue queue, const int* count) {
  constexpr int kWarps = Threads / kWarp;
  extern __shared__ unsigned long long blockShared[];
  unsigned long long* values = blockShared;
  int* keys = reinterpret_cast<int*>(values + MaxTable);
  __shared__ Batch batches[kWarps];
  __shared__ Candidate bests[2 * kWarps];
  __shared__ int fill, full;
  const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp;
  const int nodes = *count;
  for (int index = blockIdx.x; index < nodes; index += gridDim.x) {
    const int j = queue.nodes[index];
    const int tableSize = tableSizeFor(queue.work[index], MaxTable);
    for (int s = threadIdx.x; s < tableSize; s += blockDim.x) {
      keys[s] = kEmpty;
      values[s] = 0;
    }
    if (threadIdx.x == 0) fill = full = 0;
    __syncthreads();
    const long long columnStart = d.nodeOffsets[j], columnEnd = d.nodeOffsets[j + 1];
    int visited = 0;
    for (long long first = columnStart + static_cast<long long>(warp) * kWarp; first < columnEnd;
         first += static_cast<long long>(kWarps) * kWarp) {
      int startRow, startColumn, endRow, endColumn;
      planBatch(d, columnStart, columnEnd, first, batches[warp], lane, startRow, startColumn, endRow,
                endColumn);
      visited += scanShare(d, batches[warp], startRow, startColumn, endRow, endColumn, [&](int k, int w) {
        if (available(d, k, j) && !tableAdd(keys, values, tableSize, k, w, &fill, tableSize * 3 / 4))
          atomicExch(&full, 1);
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
    for (int s = threadIdx.x; s < tableSize; s += blockDim.x) local.offer(j, keys[s], values[s]);
    BlockGroup group{bests};
    const int first = mergeTop(j, local, bigRowOf(d, j), kHeavyList, group);
    if (threadIdx.x == 0) proposeFirst(d, j, first);
    __syncthreads();  // the table is read before the next node clears it
  }
}

// One block per node with more distinct neighbours than a heavy table holds; `dense` holds one n-entry
// array per block (2 S(k) + 1 once k is seen, so that zero-weight hyperedges still make neighbours). The
// second pass reads each neighbour's total and clears it, so the arrays stay zero between nodes.
__global__ void __launch_bounds__(kOverflowThreads) overflowProposals(View d, unsigned long long* dense) {
  __shared__ Batch batches[kOverflowThreads / kWarp];
  __shared__ Candidate bests[2 * kOverflowThreads / kWarp];
  unsigned long long* similarity = dense + static_cast<size_t>(blockIdx.x) * d.n;
  const int warp = threadIdx.x / kWarp, lane = threadIdx.x % kWarp, warps = blockDim.x / kWarp;
  const int count = d.counters->overflow;
  for (int index = blockIdx.x; index < count; index += gridDim.x) {
    const int j = d.overflow[index];
    const long long columnStart = d.nodeOffsets[j], columnEnd = d.nodeOffsets[j + 1];
    LocalTop<kOverflowLocal> local;
    int visited = 0;
    // Pass 1 accumulates, pass 2 (after the barrier) reads each neighbour's total and clears it.
    for (int pass = 0; pass < 2; ++pass) {
      for (long long first = columnStart + static_cast<long long>(warp) * kWarp; first < columnEnd;
           first += static_cast<long long>(warps) * kWarp) {
        int startRow, startColumn, endRow, endColumn;
        planBatch(d, columnStart, columnEnd, first, batches[warp], lane, startRow, startColumn, endRow,
                  endColumn);
        const int share =
            scanShare(d, batches[warp], startRow, startColumn, endRow, endColumn, [&](int k, int w) {
              if (!available(d, k, j)) return;
              if (pass == 0) {
                atomicAdd(&similarity[k], 2ull * static_cast<unsigned long long>(w));
                atomicOr(&similarity[k], 1ull);
              } else {
                const unsigned long long value = atomicExch(&similarity[k], 0ull);
                if (value != 0) local.offer(j, k, value >> 1);
              }
            });
        if (pass == 0) visited += share;
        __syncwarp();
      }
      __syncthreads();
    }
    for (int offset = kWarp / 2; offset > 0; offset >>= 1) visited += __shfl_xor_sync(kFull, visited, offset);
    if (lane == 0) atomicAdd(&d.counters->visits, static_cast<unsigned long long>(visited));
    BlockGroup group{bests};
    const int first = mergeTop(j, local, bigRowOf(d, j), kOverflowList, group);
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

class CudaSuitorKernels final : public SuitorKernels {
 public:
  explicit CudaSuitorKernels(int32_t ratingCap) : ratingCap_(ratingCap) {
    const CudaDeviceInfo& device = cudaDevice();
    if (!device.usable) throw SolveError("no usable CUDA device: " + device.reason);
    multiprocessors_ = device.multiprocessors;
    check(cudaFuncSetAttribute(blockProposals<kMediumTable, kMediumThreads>,
                               cudaFuncAttributeMaxDynamicSharedMemorySize, kMediumSharedBytes),
          "medium kernel shared memory");
    check(cudaFuncSetAttribute(blockProposals<kHeavyTable, kHeavyThreads>,
                               cudaFuncAttributeMaxDynamicSharedMemorySize, kHeavySharedBytes),
          "heavy kernel shared memory");
    check(cudaFuncSetAttribute(blockProposals<kHeavyTable, kShortQueueHeavyThreads>,
                               cudaFuncAttributeMaxDynamicSharedMemorySize, kHeavySharedBytes),
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
    requireFree(static_cast<std::size_t>(graph.pinCount()) * 8 +
                    (static_cast<std::size_t>(graph.edgeCount()) + graph.nodeCount()) * 16 +
                    workBytes(graph.nodeCount()),
                "hypergraph");
    level_->upload(graph);
    startLevel();
  }

  void beginContracted() override {
    release();
    requireFree(workBytes(level_->nodes), "matching work space");
    startLevel();
  }

  std::shared_ptr<DeviceLevel> deviceLevel() const override { return level_; }

  int64_t propose(bool everyNode) override {
    check(cudaEventRecord(start_), "event");
    // With a rating cap the level's scans read its rating level (rating_level.h), built here so that its
    // time counts as the proposals'.
    if (everyNode && ratingCap_ > 0 && rating_.build(*level_, ratingCap_)) {
      scanGraph(rating_.edgeOffsets, rating_.pins, rating_.nodeOffsets, rating_.incidence);
    }
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
      const int blocks =
          std::max(1, std::min((count + kLightWarps - 1) / kLightWarps, multiprocessors_ * 64));
      lightProposals<<<blocks, kLightWarps * kWarp>>>(d_, scanQueue, count, everyNode);
      check(cudaGetLastError(), "light proposals");
      // The block tiers read their queue lengths on the device. The host waits for them only where it needs
      // them: to size the candidate lists (the level's first proposals), and to size the heavy blocks when
      // more nodes scan than a short heavy queue holds (later rounds rescan a few).
      const int heavyBlocks = multiprocessors_ * kHeavyBlocksPerSm;
      int heavy = count;  // at most every node that scans
      if (everyNode || count > kShortHeavyQueue * heavyBlocks) {
        const Counters tiers = readCounters();
        if (everyNode) allocateBigRows(tiers.bigRows);
        heavy = tiers.heavy;
      }
      blockProposals<kMediumTable, kMediumThreads>
          <<<multiprocessors_ * kMediumBlocksPerSm, kMediumThreads, kMediumSharedBytes>>>(
              d_, d_.medium, &d_.counters->medium);
      check(cudaGetLastError(), "medium proposals");
      if (heavy <= kShortHeavyQueue * heavyBlocks) {
        blockProposals<kHeavyTable, kShortQueueHeavyThreads>
            <<<heavyBlocks, kShortQueueHeavyThreads, kHeavySharedBytes>>>(d_, d_.heavy, &d_.counters->heavy);
      } else {
        blockProposals<kHeavyTable, kHeavyThreads>
            <<<heavyBlocks, kHeavyThreads, kHeavySharedBytes>>>(d_, d_.heavy, &d_.counters->heavy);
      }
      check(cudaGetLastError(), "heavy proposals");
      const Counters counters = readCounters();
      if (counters.overflow > 0) {
        const int slots = denseSlots(std::min(counters.overflow, multiprocessors_ * kOverflowBlocksPerSm));
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
  static constexpr int kMediumSharedBytes = kMediumTable * (sizeof(unsigned long long) + sizeof(int));
  static constexpr int kHeavySharedBytes = kHeavyTable * (sizeof(unsigned long long) + sizeof(int));
  static constexpr int kMediumBlocksPerSm = 7;  // as many as fit in 228 KiB of shared memory
  static constexpr int kHeavyBlocksPerSm = 2;   // 2 x 96 KiB of shared memory

  // The per-node arrays of a level's matching (mate, cand, queues, candidate lists).
  static std::size_t workBytes(int32_t nodes) {
    return static_cast<std::size_t>(nodes) * (56 + 4 * kLightRow);
  }
  static void requireFree(std::size_t needed, const char* what) {
    std::size_t freeBytes = 0, totalBytes = 0;
    check(cudaMemGetInfo(&freeBytes, &totalBytes), "memory info");
    if (needed > freeBytes) {
      throw ResourceError(std::string(what) + " needs " + std::to_string(needed >> 20) + " MiB on the GPU, " +
                          std::to_string(freeBytes >> 20) + " MiB free");
    }
  }
  // Points the kernels at the level's graph and allocates the level's work arrays, every entry -1.
  void startLevel() {
    const std::size_t n = static_cast<std::size_t>(level_->nodes);
    d_.n = level_->nodes;
    scanGraph(level_->edgeOffsets, level_->pins, level_->nodeOffsets, level_->incidence);
    d_.edgeWeights = thrust::raw_pointer_cast(level_->edgeWeights.data());
    level_->mate.resize(n);
    d_.mate = thrust::raw_pointer_cast(level_->mate.data());
    if (n > 0) check(cudaMemset(d_.mate, 0xff, n * sizeof(int32_t)), "mate");
    d_.cand = unmatchedArray(n, "cand");
    d_.queue = unmatchedArray(n, "queue");
    d_.medium.nodes = unmatchedArray(n, "medium queue");
    check(cudaMalloc(&d_.medium.work, std::max<std::size_t>(1, n) * sizeof(long long)), "medium queue");
    d_.heavy.nodes = unmatchedArray(n, "heavy queue");
    check(cudaMalloc(&d_.heavy.work, std::max<std::size_t>(1, n) * sizeof(long long)), "heavy queue");
    d_.overflow = unmatchedArray(n, "overflow queue");
    d_.rescan = unmatchedArray(n, "rescan queue");
    check(cudaMalloc(&d_.lightTop, std::max<std::size_t>(1, n) * kLightRow * sizeof(int)), "candidate lists");
    d_.bigRow = unmatchedArray(n, "candidate lists");
    d_.topNext = unmatchedArray(n, "candidate lists");
    check(cudaMalloc(&d_.counters, sizeof(Counters)), "counters");
    queueSize_ = 0;
  }
  // What the proposals' scans read: the level's hyperedges and incidence, or its rating level's.
  void scanGraph(const thrust::device_vector<int64_t>& edgeOffsets,
                 const thrust::device_vector<int32_t>& pins,
                 const thrust::device_vector<int64_t>& nodeOffsets,
                 const thrust::device_vector<int32_t>& incidence) {
    d_.edgeOffsets = reinterpret_cast<const long long*>(thrust::raw_pointer_cast(edgeOffsets.data()));
    d_.pins = thrust::raw_pointer_cast(pins.data());
    d_.nodeOffsets = reinterpret_cast<const long long*>(thrust::raw_pointer_cast(nodeOffsets.data()));
    d_.incidence = thrust::raw_pointer_cast(incidence.data());
  }
  // n entries of -1 (all bytes 0xff).
  static int* unmatchedArray(std::size_t n, const char* what) {
    int* out = nullptr;
    check(cudaMalloc(&out, std::max<std::size_t>(1, n) * sizeof(int)), what);
    check(cudaMemset(out, 0xff, std::max<std::size_t>(1, n) * sizeof(int)), what);
    return out;
  }
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
  // Candidate list rows of the medium, heavy and overflow nodes, which the level's first proposals counted.
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
  // Dense arrays for the overflow kernel: one per block, as many as half the free memory holds. They start
  // zeroed; the kernel leaves them so.
  int denseSlots(int wanted) {
    std::size_t freeBytes = 0, totalBytes = 0;
    check(cudaMemGetInfo(&freeBytes, &totalBytes), "memory info");
    const std::size_t perSlot = static_cast<std::size_t>(d_.n) * sizeof(unsigned long long);
    const int affordable =
        static_cast<int>((freeBytes / 2 + static_cast<std::size_t>(denseSlots_) * perSlot) / perSlot);
    if (affordable < 1) throw ResourceError("no GPU memory left for a dense similarity array");
    const int slots = std::min(wanted, affordable);
    if (slots > denseSlots_) {
      cudaFree(dense_);
      dense_ = nullptr;
      denseSlots_ = 0;
      const std::size_t bytes = static_cast<std::size_t>(slots) * perSlot;
      check(cudaMalloc(&dense_, bytes), "dense similarity arrays");
      check(cudaMemset(dense_, 0, bytes), "dense similarity arrays");
      denseSlots_ = slots;
    }
    return slots;
  }
  std::vector<int32_t> download(const int* device) const {
    std::vector<int32_t> out(static_cast<std::size_t>(d_.n));
    if (d_.n > 0)
      check(cudaMemcpy(out.data(), device, out.size() * sizeof(int32_t), cudaMemcpyDeviceToHost), "download");
    return out;
  }
  void release() {
    // The graph and the matching belong to the level.
    for (const void* p : {static_cast<const void*>(d_.cand), static_cast<const void*>(d_.queue),
                          static_cast<const void*>(d_.medium.nodes), static_cast<const void*>(d_.medium.work),
                          static_cast<const void*>(d_.heavy.nodes), static_cast<const void*>(d_.heavy.work),
                          static_cast<const void*>(d_.overflow), static_cast<const void*>(d_.rescan),
                          static_cast<const void*>(d_.lightTop), static_cast<const void*>(d_.bigTop),
                          static_cast<const void*>(d_.bigRow), static_cast<const void*>(d_.topNext),
                          static_cast<const void*>(d_.counters), static_cast<const void*>(dense_)}) {
      if (p != nullptr) cudaFree(const_cast<void*>(p));
    }
    d_ = View{};
    dense_ = nullptr;
    denseSlots_ = 0;
  }

  std::shared_ptr<DeviceLevel> level_ = std::make_shared<DeviceLevel>();
  int32_t ratingCap_;         // hyperedges a node rates through at most; 0: all
  DeviceRatingLevel rating_;  // the level's rating level, while the cap leaves one
  View d_{};
  unsigned long long* dense_ = nullptr;
  int denseSlots_ = 0;
  int64_t queueSize_ = 0;
  int multiprocessors_ = 1;
  int64_t lastDeviceNs_ = -1;
  cudaEvent_t start_{}, stop_{};
};

}  // namespace

std::unique_ptr<SuitorKernels> makeCudaSuitorKernels(int32_t ratingCap) {
  return std::make_unique<CudaSuitorKernels>(ratingCap);
}

}  // namespace ms::hypergraph

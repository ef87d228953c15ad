#pragma once
// Device kernels of Date & Nagi's Hungarian algorithms (Algorithms 1-9), one __global__ per kernel the paper
// names. Kernels that produce a value for the host accumulate it in DeviceCounters; the last block to finish
// copies it into the mapped pinned Published struct, so the host reads it right after the phase's one
// synchronisation. Races between threads are the paper's benign ones (any one writer wins); shared slots
// are accessed through relaxed atomics so that those races are defined behaviour.

#include <cooperative_groups.h>
#include <cuda/atomic>

#include <cstdint>
#include <cstring>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <type_traits>

#include "solver/lap/cost_types.h"
#include "solver/lap/hungarian/tie_rule.h"

namespace ms::lap::gpu {

inline constexpr int kBlock = 256;

// Row states of the forward pass.
inline constexpr int32_t kInactive = 0, kActive = 1, kVisited = 2;

// Device-side accumulators; zero (minKey: +inf) between kernels.
struct DeviceCounters {
  int32_t frontier;                // rows queued by startForwardPass or the tree dual update
  int32_t next;                    // rows queued by the current BFS level
  int32_t reverse;                 // unassigned columns reached in the current search (kept across levels)
  int32_t roots;                   // augmenting paths of the reverse pass
  int32_t assigned;                // rows counted by the optimality check
  int32_t infeasible;              // a row or column whose entries are all forbidden
  long long minKey;                // running minimum of a reduction, as an order key
  unsigned long long edges;        // classical: zero-slack edges listed
  unsigned long long rowsScanned;  // classical: matrix rows read in full
  uint32_t finishedBlocks;
  // Not an accumulator: the rows in the frontier list the last BFS level or tree dual update wrote, which a
  // slice's exchange encodes without waiting for the host to read the count.
  int32_t listed;
};

// What the host reads after a kernel (mapped pinned memory).
struct Published {
  int32_t frontier;
  int32_t next;
  int32_t reverse;
  int32_t roots;
  int32_t assigned;
  int32_t infeasible;
  long long minKey;
  int64_t edges;
  int64_t rowsScanned;
  // Device-resident search (searchKernel): what one launch did.
  int32_t searchIterations;  // augmenting iterations completed
  int32_t searchPaths;       // paths augmented
  int32_t searchLevels;      // BFS levels run (the closure search: reads of the rows that joined)
  int32_t searchDualUpdates;
  int32_t searchFailure;  // 0, kSearchInfeasible or kSearchRunaway
  int64_t searchRowsScanned;
  int64_t searchNs[3];  // device time by phase kind (SearchPhaseKind), globaltimer
};

// Every device array of one solve; passed to the kernels by value.
template <class T>
struct DeviceView {
  using Dual = DualOf<T>;
  // row(i)[j] is entry (i, j) for the rows and columns this device holds: the whole matrix (pitch n), or a
  // slice of a distributed solve (solver/lap/hungarian/distributed/), whose storage `cost` points at as if
  // it held the whole matrix with this pitch. The per-kernel launches (not the device-resident search, which
  // runs on the whole matrix only) cover the held rows [rowBegin, rowEnd) and columns [colBegin, colEnd).
  const T* cost;
  int32_t n;
  int32_t rowPitch;
  int32_t rowBegin, rowEnd, colBegin, colEnd;
  Dual eps;  // slack <= eps counts as zero (floating costs); 0 for integers
  Dual *rowDual, *colDual, *slack;
  int32_t *rowAssign, *colAssign, *rowPred, *colPred, *rowSucc, *colSucc;
  int32_t *rowCover, *colCover, *rowState, *colReverse, *rootMark;
  int32_t *reverseCols, *roots;
  // Classical: per uncovered row, a column of its smallest slack over the uncovered columns (-1: unknown;
  // see rescanMark); rows a dual update reads in full; per row, a superset of its zero-slack columns (row
  // i's list starts at i * n, and only the held rows have one; in increasing order when one block wrote it)
  // and their count.
  int32_t *rowMinCol, *scanRows;
  // Integer tree search (search_device.cuh): every tree row's root, found when an iteration keeps its
  // surviving trees. It shares rowMinCol's storage, which that search does not use.
  int32_t* rowRoot;
  int32_t* zeroRowCount;
  int32_t* zeroCols;
  // Tree: per row chunk and column, the chunk's smallest slack and the row attaining it. Classical (search):
  // per segment of a row that a dual update reads, the segment's smallest slack and the first column
  // attaining it. (One pair for both keeps this view, the tree kernel's parameter, as it was.)
  Dual* partialSlack;
  int32_t* partialIndex;
  uint32_t* tileFinished;  // tree: blocks of each column tile that finished their chunk
  // Column reduction: running minimum per column, as order keys; afterwards the int32 search's pending slack
  // keys (kPendingSlack in search_device.cuh).
  long long* colKey;
  DeviceCounters* counters;
  Published* published;

  __device__ const T* row(int32_t i) const { return cost + static_cast<std::ptrdiff_t>(i) * rowPitch; }
  __device__ Dual slackOf(int32_t i, int32_t j, Dual rowDualValue) const {
    return static_cast<Dual>(row(i)[j]) - rowDualValue - colDual[j];
  }
  __device__ bool isZero(Dual s) const {
    if constexpr (std::is_integral_v<Dual>) {
      return s == 0;
    } else {
      return s <= eps;
    }
  }
};

// --- Order keys: a signed 64-bit integer that orders like the dual value, so atomicMin/atomicMax reduce it.
template <class Dual>
__host__ __device__ inline long long orderKey(Dual value) {
  if constexpr (std::is_integral_v<Dual>) {
    return value;
  } else {
    long long bits;
    memcpy(&bits, &value, sizeof bits);
    return bits ^ ((bits >> 63) & 0x7fffffffffffffffLL);  // negative doubles: reverse their magnitude order
  }
}
template <class Dual>
__host__ __device__ inline Dual fromOrderKey(long long key) {
  if constexpr (std::is_integral_v<Dual>) {
    return key;
  } else {
    const long long bits = key ^ ((key >> 63) & 0x7fffffffffffffffLL);
    Dual value;
    memcpy(&value, &bits, sizeof value);
    return value;
  }
}

// --- Small device helpers.
template <class V>
__device__ inline V loadRelaxed(const V& slot) {
  return cuda::atomic_ref<V, cuda::thread_scope_device>(const_cast<V&>(slot))
      .load(cuda::memory_order_relaxed);
}
template <class V>
__device__ inline void storeRelaxed(V& slot, V value) {
  cuda::atomic_ref<V, cuda::thread_scope_device>(slot).store(value, cuda::memory_order_relaxed);
}

// A slot in a compacted array: one atomic per warp for all the warp's threads that append together.
__device__ inline int32_t appendSlot(int32_t* count) {
  namespace cg = cooperative_groups;
  const cg::coalesced_group group = cg::coalesced_threads();
  int32_t base = 0;
  if (group.thread_rank() == 0) base = atomicAdd(count, static_cast<int32_t>(group.size()));
  return group.shfl(base, 0) + static_cast<int32_t>(group.thread_rank());
}

// True in every thread of the block that finishes last among `blocks` blocks counting on `finished`; that
// block then sees every other block's writes. Resets the counter for the next launch. Every thread of the
// block must call it.
__device__ inline bool finishedLast(uint32_t* finished, uint32_t blocks) {
  __shared__ bool last;
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    last = atomicAdd(finished, 1u) == blocks - 1;
    if (last) {
      *finished = 0;
      __threadfence();
    }
  }
  __syncthreads();
  return last;
}

__device__ inline uint32_t blockCount() {
  return gridDim.x * gridDim.y;
}

template <class V>
__device__ inline V blockMin(V value) {
  using Reduce = cub::BlockReduce<V, kBlock>;
  __shared__ typename Reduce::TempStorage storage;
  return Reduce(storage).Reduce(value, [](V a, V b) { return b < a ? b : a; });
}

template <class V>
__device__ inline V blockSum(V value) {
  using Reduce = cub::BlockReduce<V, kBlock>;
  __shared__ typename Reduce::TempStorage storage;
  return Reduce(storage).Sum(value);
}

// The block's smallest value joins the running minimum; the last block publishes it and resets it.
template <class T>
__device__ void reduceMinAndPublish(const DeviceView<T>& d, typename DeviceView<T>::Dual value) {
  const auto smallest = blockMin(value);
  if (threadIdx.x == 0) atomicMin(&d.counters->minKey, orderKey(smallest));
  if (finishedLast(&d.counters->finishedBlocks, blockCount()) && threadIdx.x == 0) {
    d.published->minKey = loadRelaxed(d.counters->minKey);
    d.counters->minKey = orderKey(kDualInfinity<typename DeviceView<T>::Dual>);
  }
}

// --- Set-up: largest |finite cost| for the floating zero tolerance (published as an order key).
template <class T>
__global__ void maxAbsFiniteCostKernel(DeviceView<T> d) {
  using Dual = typename DeviceView<T>::Dual;
  const std::size_t total = static_cast<std::size_t>(d.n) * static_cast<std::size_t>(d.n);
  Dual largest = 0;
  for (std::size_t k = blockIdx.x * static_cast<std::size_t>(kBlock) + threadIdx.x; k < total;
       k += static_cast<std::size_t>(gridDim.x) * kBlock) {
    const Dual c = d.cost[k];
    const Dual magnitude = c < 0 ? -c : c;
    if (magnitude != kDualInfinity<Dual> && magnitude > largest) largest = magnitude;
  }
  // Non-negative values: the smallest of the negated values is the largest magnitude.
  reduceMinAndPublish(d, -largest);
}

// --- Algorithm 1: row reduction. One block per row; also primes the column reduction's running minima.
// (Over the held columns; +inf for rows not held.)
template <class T>
__global__ void reduceRowsKernel(DeviceView<T> d) {
  using Dual = typename DeviceView<T>::Dual;
  const int32_t i = blockIdx.x;
  Dual smallest = kDualInfinity<Dual>;
  if (i >= d.rowBegin && i < d.rowEnd) {  // block-uniform
    const T* row = d.row(i);
    for (int32_t j = d.colBegin + static_cast<int32_t>(threadIdx.x); j < d.colEnd; j += kBlock)
      smallest = min(smallest, static_cast<Dual>(row[j]));
  }
  smallest = blockMin(smallest);
  if (threadIdx.x == 0) {
    d.rowDual[i] = smallest;
    d.colKey[i] = orderKey(kDualInfinity<Dual>);
    if (smallest == kDualInfinity<Dual>) d.counters->infeasible = 1;
  }
  if (finishedLast(&d.counters->finishedBlocks, blockCount()) && threadIdx.x == 0) {
    d.published->infeasible = loadRelaxed(d.counters->infeasible);
    d.counters->infeasible = 0;
  }
}

// Column reduction, part 1: a grid of column tiles x row chunks; each thread folds its chunk of one column.
// (Tiles of the held columns, chunks of the held rows.)
template <class T>
__global__ void reduceColumnChunksKernel(DeviceView<T> d, int32_t rowsPerChunk) {
  using Dual = typename DeviceView<T>::Dual;
  const int32_t j = d.colBegin + static_cast<int32_t>(blockIdx.x * kBlock + threadIdx.x);
  if (j >= d.colEnd) return;
  const int32_t begin = d.rowBegin + static_cast<int32_t>(blockIdx.y) * rowsPerChunk;
  const int32_t end = min(d.rowEnd, begin + rowsPerChunk);
  Dual smallest = kDualInfinity<Dual>;
#pragma unroll 4
  for (int32_t i = begin; i < end; ++i)
    smallest = min(smallest, static_cast<Dual>(d.row(i)[j]) - d.rowDual[i]);
  atomicMin(&d.colKey[j], orderKey(smallest));
}

// Column reduction, part 2: decode the minima into the column duals.
template <class T>
__global__ void reduceColumnsFinishKernel(DeviceView<T> d) {
  using Dual = typename DeviceView<T>::Dual;
  const int32_t j = blockIdx.x * kBlock + threadIdx.x;
  if (j < d.n) {
    const Dual v = fromOrderKey<Dual>(d.colKey[j]);
    d.colDual[j] = v;
    if (v == kDualInfinity<Dual>) d.counters->infeasible = 1;
  }
  if (finishedLast(&d.counters->finishedBlocks, blockCount()) && threadIdx.x == 0) {
    d.published->infeasible = loadRelaxed(d.counters->infeasible);
    d.counters->infeasible = 0;
  }
}

// --- Algorithm 2: optimality check. Resets covers and trees, covers assigned rows, counts them.
// Resets vertex k's cover and tree state; returns 1 if row k is assigned.
template <class T>
__device__ int32_t checkOptimalityAt(const DeviceView<T>& d, int32_t k) {
  using Dual = typename DeviceView<T>::Dual;
  const int32_t assigned = d.rowAssign[k] != -1;
  d.rowCover[k] = assigned;
  d.colCover[k] = 0;
  d.rowPred[k] = -1;
  d.colPred[k] = -1;
  d.rowMinCol[k] = -1;  // columns get uncovered: every row's smallest slack may have dropped
  if (d.slack != nullptr) d.slack[k] = kDualInfinity<Dual>;
  return assigned;
}

template <class T>
__global__ void checkOptimalityKernel(DeviceView<T> d) {
  const int32_t k = blockIdx.x * kBlock + threadIdx.x;
  const int32_t assigned = k < d.n ? checkOptimalityAt(d, k) : 0;
  const int32_t blockAssigned = blockSum(assigned);
  if (threadIdx.x == 0) atomicAdd(&d.counters->assigned, blockAssigned);
  if (finishedLast(&d.counters->finishedBlocks, blockCount()) && threadIdx.x == 0) {
    d.published->assigned = loadRelaxed(d.counters->assigned);
    d.counters->assigned = 0;
  }
}

// Frontier of a new search: every uncovered row. Also clears the reverse and root marks of the last search.
template <class T>
__device__ void startForwardPassAt(const DeviceView<T>& d, int32_t i, int32_t* frontier,
                                   int32_t* frontierCount) {
  d.colReverse[i] = 0;
  d.rootMark[i] = 0;
  if (d.rowCover[i] == 0) {
    d.rowState[i] = kActive;
    frontier[appendSlot(frontierCount)] = i;
  } else {
    d.rowState[i] = kInactive;
  }
}

template <class T>
__global__ void startForwardPassKernel(DeviceView<T> d, int32_t* frontier) {
  const int32_t i = blockIdx.x * kBlock + threadIdx.x;
  if (i < d.n) startForwardPassAt(d, i, frontier, &d.counters->frontier);
  if (finishedLast(&d.counters->finishedBlocks, blockCount()) && threadIdx.x == 0) {
    d.published->frontier = loadRelaxed(d.counters->frontier);
    d.published->reverse = 0;
    d.counters->frontier = 0;
    d.counters->reverse = 0;
  }
}

// Column j (assigned to row `next`) joins a tree: cover it and uncover its row.
template <class T>
__device__ void joinThroughColumn(const DeviceView<T>& d, int32_t next, int32_t j) {
  storeRelaxed(d.rowPred[next], j);
  storeRelaxed(d.rowCover[next], 0);
  storeRelaxed(d.colCover[j], 1);
}

// Classical: several frontier rows may reach column j in one level; its row is queued once.
template <class T>
__device__ void reachRowThroughColumn(const DeviceView<T>& d, int32_t next, int32_t j, int32_t* nextFrontier,
                                      int32_t* nextCount) {
  joinThroughColumn(d, next, j);
  if (atomicCAS(&d.rowState[next], kInactive, kActive) == kInactive) {
    nextFrontier[appendSlot(nextCount)] = next;
  }
}

// Tree: the thread that settles column j is the only one to reach its row (one settler per column and level,
// and a column settled at zero stays covered), so the row is queued without a compare-and-swap.
template <class T>
__device__ void settleRowThroughColumn(const DeviceView<T>& d, int32_t next, int32_t j, int32_t* nextFrontier,
                                       int32_t* nextCount) {
  joinThroughColumn(d, next, j);
  storeRelaxed(d.rowState[next], kActive);
  nextFrontier[appendSlot(nextCount)] = next;
}

// Unassigned column j, whose reverse mark this thread set, is listed for the reverse pass.
template <class T>
__device__ void listReverse(const DeviceView<T>& d, int32_t j) {
  d.reverseCols[appendSlot(&d.counters->reverse)] = j;
}

// Unassigned column j ends an augmenting path: remember it once for the reverse pass.
template <class T>
__device__ void markReverse(const DeviceView<T>& d, int32_t j) {
  if (atomicCAS(&d.colReverse[j], 0, 1) == 0) listReverse(d, j);
}

// Unassigned column j, reached by row i at zero slack, hangs off the row of lowest tieRank among those that
// reach it (tie_rule.h): with the last writer instead, the rows of one warp took every column of a tied
// matrix, and an all-equal n = 2000 solve took 3141 ms against 10.7 ms for random costs.
template <class T>
__device__ void hangByTieRank(const DeviceView<T>& d, int32_t i, int32_t j) {
  int32_t current = loadRelaxed(d.colPred[j]);
  while (winsTie(i, current, j)) {
    const int32_t seen = atomicCAS(&d.colPred[j], current, i);
    if (seen == current) return;
    current = seen;
  }
}

// One zero-slack edge (i, j) of a classical forward level, j uncovered: j joins the tree through row i.
// (Row i's own column is no tree edge: writing its predecessor could close a cycle with rowPred.)
template <class T>
__device__ void expandZeroEdge(const DeviceView<T>& d, int32_t i, int32_t j, int32_t* nextFrontier,
                               int32_t* nextCount) {
  const int32_t next = d.colAssign[j];
  if (next == i) return;
  if (next != -1) {
    storeRelaxed(d.colPred[j], i);
    reachRowThroughColumn(d, next, j, nextFrontier, nextCount);
  } else {
    hangByTieRank(d, i, j);
    markReverse(d, j);
  }
}

// --- Classical forward pass, step 1: the zero-slack lists (see cpu/cpu_kernels.h: every row's on the first
// call, afterwards only those of the rows whose smallest slack reached zero in the dual update).
// After a dual update: uncovered row i has zero slack at its argmin column, so new zero-slack edges.
template <class T>
__device__ bool gainedZeroSlack(const DeviceView<T>& d, int32_t i) {
  const int32_t j = d.rowMinCol[i];
  return d.rowCover[i] == 0 && j >= 0 && d.isZero(d.slackOf(i, j, d.rowDual[i]));
}

// The block appends row i's zero-slack columns in [begin, end) to the row's list, each tile of kBlock columns
// in increasing order (a block scan, one atomic per tile, so several blocks may fill one row's list). With
// `nextFrontier`, the uncovered ones are also expanded as in a forward level. Every thread of the block calls
// it.
template <class T>
__device__ void appendZeroSlackColumns(const DeviceView<T>& d, int32_t i, int32_t begin, int32_t end,
                                       int32_t* nextFrontier, int32_t* nextCount) {
  using Scan = cub::BlockScan<int32_t, kBlock>;
  __shared__ typename Scan::TempStorage storage;
  __shared__ int32_t tileBase;
  const auto u = d.rowDual[i];
  int32_t* const list = d.zeroCols + static_cast<std::size_t>(i) * static_cast<std::size_t>(d.n);
  for (int32_t base = begin; base < end; base += kBlock) {
    const int32_t j = base + static_cast<int32_t>(threadIdx.x);
    const int32_t zero = j < end && d.isZero(d.slackOf(i, j, u));
    int32_t offset = 0, tileCount = 0;
    Scan(storage).ExclusiveSum(zero, offset, tileCount);
    if (threadIdx.x == 0 && tileCount > 0) tileBase = atomicAdd(&d.zeroRowCount[i], tileCount);
    __syncthreads();
    if (zero) {
      list[tileBase + offset] = j;
      if (nextFrontier != nullptr && loadRelaxed(d.colCover[j]) == 0)
        expandZeroEdge(d, i, j, nextFrontier, nextCount);
    }
    __syncthreads();  // the scan storage and the tile's base are reused by the next tile
  }
}

// One block per held row; `everyRow` on the first call.
template <class T>
__global__ void compressZeroSlackKernel(DeviceView<T> d, bool everyRow) {
  const int32_t i = d.rowBegin + static_cast<int32_t>(blockIdx.x);  // one block past an empty slice
  if (i < d.rowEnd && (everyRow || gainedZeroSlack(d, i))) {  // block-uniform: nothing the kernel writes
    if (threadIdx.x == 0) d.zeroRowCount[i] = 0;
    __syncthreads();
    appendZeroSlackColumns(d, i, d.colBegin, d.colEnd, static_cast<int32_t*>(nullptr),
                           static_cast<int32_t*>(nullptr));
    if (threadIdx.x == 0) {
      atomicAdd(&d.counters->edges, static_cast<unsigned long long>(d.zeroRowCount[i]));
      atomicAdd(&d.counters->rowsScanned, 1ULL);
    }
  }
  if (finishedLast(&d.counters->finishedBlocks, blockCount()) && threadIdx.x == 0) {
    d.published->edges = static_cast<int64_t>(loadRelaxed(d.counters->edges));
    d.published->rowsScanned = static_cast<int64_t>(loadRelaxed(d.counters->rowsScanned));
    d.counters->edges = 0;
    d.counters->rowsScanned = 0;
  }
}

// End of a BFS level: the last block publishes the next frontier's size and the reverse count.
template <class T>
__device__ void publishLevel(const DeviceView<T>& d, uint32_t blocks) {
  if (finishedLast(&d.counters->finishedBlocks, blocks) && threadIdx.x == 0) {
    d.published->next = d.counters->listed = loadRelaxed(d.counters->next);
    d.published->reverse = loadRelaxed(d.counters->reverse);
    d.counters->next = 0;
  }
}

// --- Algorithm 3: one BFS level of the classical forward pass, one thread per frontier row over its
// zero-slack list.
template <class T>
__device__ void expandClassicalRow(const DeviceView<T>& d, int32_t i, int32_t* nextFrontier,
                                   int32_t* nextCount) {
  const int32_t* const list = d.zeroCols + static_cast<std::size_t>(i) * static_cast<std::size_t>(d.n);
  const int32_t listed = d.zeroRowCount[i];
  const auto u = d.rowDual[i];
  for (int32_t e = 0; e < listed; ++e) {
    const int32_t j = list[e];
    // Edges that lost their zero slack since the list was written stay listed: skip them by their slack.
    if (loadRelaxed(d.colCover[j]) != 0 || !d.isZero(d.slackOf(i, j, u))) continue;
    expandZeroEdge(d, i, j, nextFrontier, nextCount);
  }
  storeRelaxed(d.rowState[i], kVisited);
}

template <class T>
__global__ void expandClassicalKernel(DeviceView<T> d, const int32_t* frontier, int32_t frontierSize,
                                      int32_t* nextFrontier) {
  const int32_t k = blockIdx.x * kBlock + threadIdx.x;
  if (k < frontierSize) expandClassicalRow(d, frontier[k], nextFrontier, &d.counters->next);
  publishLevel(d, blockCount());
}

// --- Algorithm 4: one BFS level of the alternating-tree forward pass. The grid is column tiles x chunks of
// the frontier: each thread owns one column and folds the slacks of its chunk's rows (a warp reads 32
// consecutive entries of a row: coalesced). With several chunks, the last block of a tile merges the
// chunks' minima. The block that settles a column then updates its slack and predecessor and, at zero
// slack, reaches the column's row or marks the column for the reverse pass.
// Rows per chunk of a column-tile x row-chunk grid over `rows` frontier rows: at most kMaxChunks chunks and
// about `maxItems` tiles x chunks in all, none shorter than kMinRowsPerChunk rows.
inline constexpr int32_t kMaxChunks = 64;
inline constexpr int32_t kMinRowsPerChunk = 16;
__host__ __device__ inline int32_t rowsPerChunk(int32_t rows, int32_t tiles, int64_t maxItems) {
  if (rows <= 0) return 1;
  const int64_t byRows = (rows + kMinRowsPerChunk - 1) / kMinRowsPerChunk;
  int64_t chunks = byRows < maxItems / tiles ? byRows : maxItems / tiles;
  chunks = chunks < 1 ? 1 : (chunks > kMaxChunks ? kMaxChunks : chunks);
  return static_cast<int32_t>((rows + chunks - 1) / chunks);
}

// What a BFS level reads of column j, loaded at once (independent loads) before the rows are scanned. Nothing
// else writes these during a level: the column's slack and cover belong to the thread that settles it.
template <class T>
struct ColumnState {
  using Dual = typename DeviceView<T>::Dual;
  bool live = false;  // uncovered (and j < n)
  Dual dual = 0, slack = kDualInfinity<Dual>;
  int32_t assignedRow = -1;
};

template <class T>
__device__ ColumnState<T> loadColumn(const DeviceView<T>& d, int32_t j) {
  ColumnState<T> column;
  if (j < d.n) {
    column.live = d.colCover[j] == 0;
    column.dual = d.colDual[j];
    column.slack = d.slack[j];
    column.assignedRow = d.colAssign[j];
  }
  return column;
}

// Column j's smallest slack over frontier rows [begin, end) and the row attaining it. Every thread of the
// block calls it (the rows are staged in shared memory); with `markVisited`, the staging threads mark the
// rows expanded (one block per chunk does).
template <class T>
__device__ void scanChunk(const DeviceView<T>& d, const int32_t* frontier, int32_t begin, int32_t end,
                          int32_t j, const ColumnState<T>& column, bool markVisited,
                          typename DeviceView<T>::Dual& best, int32_t& bestRow) {
  using Dual = typename DeviceView<T>::Dual;
  __shared__ int32_t chunkRows[kBlock];
  __shared__ Dual chunkDuals[kBlock];
  best = kDualInfinity<Dual>;
  bestRow = -1;
  for (int32_t base = begin; base < end; base += kBlock) {
    const int32_t count = min(kBlock, end - base);
    __syncthreads();
    if (static_cast<int32_t>(threadIdx.x) < count) {
      const int32_t i = frontier[base + threadIdx.x];
      chunkRows[threadIdx.x] = i;
      chunkDuals[threadIdx.x] = d.rowDual[i];
      if (markVisited) storeRelaxed(d.rowState[i], kVisited);
    }
    __syncthreads();
    if (column.live) {
#pragma unroll 4
      for (int32_t k = 0; k < count; ++k) {
        const int32_t i = chunkRows[k];
        const Dual s = static_cast<Dual>(d.row(i)[j]) - chunkDuals[k] - column.dual;
        if (s < best) {
          best = s;
          bestRow = i;
        }
      }
    }
  }
  __syncthreads();  // the staging arrays are reused by the block's next call
}

// Column j's smallest slack over the chunks' partial minima.
template <class T>
__device__ void mergeChunks(const DeviceView<T>& d, int32_t j, int32_t chunks,
                            typename DeviceView<T>::Dual& best, int32_t& bestRow) {
  best = kDualInfinity<typename DeviceView<T>::Dual>;
  bestRow = -1;
  for (int32_t y = 0; y < chunks; ++y) {
    const std::size_t slot = static_cast<std::size_t>(y) * d.n + j;
    const auto s = __ldcg(&d.partialSlack[slot]);
    if (s < best) {
      best = s;
      bestRow = __ldcg(&d.partialIndex[slot]);
    }
  }
}

// Uncovered column j with its smallest new slack: update its slack and predecessor and, at zero slack, reach
// its row or mark it for the reverse pass. Returns the column's slack. (tie_rule.h's probes are not applied
// here: spreading a tied column over the frontier rows made the tree variant's integer searches 22-25 %
// slower on an H100, n = 10000, [0,n) and [0,10n).)
template <class T>
__device__ typename DeviceView<T>::Dual settleColumn(const DeviceView<T>& d, int32_t j,
                                                     const ColumnState<T>& column,
                                                     typename DeviceView<T>::Dual best, int32_t bestRow,
                                                     int32_t* nextFrontier, int32_t* nextCount) {
  auto s = column.slack;
  if (best < s) {
    s = best;
    d.slack[j] = best;
    d.colPred[j] = bestRow;
  }
  if (d.isZero(s)) {
    const int32_t next = column.assignedRow;
    if (next != -1) {
      settleRowThroughColumn(d, next, j, nextFrontier, nextCount);
    } else {
      markReverse(d, j);
    }
  }
  return s;
}

// --- Algorithm 4: one BFS level of the alternating-tree forward pass. The grid is column tiles x chunks of
// the frontier: each thread owns one column and folds the slacks of its chunk's rows (a warp reads 32
// consecutive entries of a row: coalesced). With several chunks, the last block of a tile merges the
// chunks' minima. The block that settles a column then updates its slack and predecessor and, at zero
// slack, reaches the column's row or marks the column for the reverse pass.
// (Tiles of the held columns.)
template <class T>
__global__ void expandTreeKernel(DeviceView<T> d, const int32_t* frontier, int32_t frontierSize,
                                 int32_t rowsPerChunk, int32_t* nextFrontier) {
  using Dual = typename DeviceView<T>::Dual;
  const int32_t j = d.colBegin + static_cast<int32_t>(blockIdx.x * kBlock + threadIdx.x);
  const ColumnState<T> column = j < d.colEnd ? loadColumn(d, j) : ColumnState<T>{};
  const int32_t begin = blockIdx.y * rowsPerChunk;
  const int32_t end = min(frontierSize, begin + rowsPerChunk);
  Dual best;
  int32_t bestRow;
  scanChunk(d, frontier, begin, end, j, column, blockIdx.x == 0, best, bestRow);

  if (gridDim.y > 1) {
    const std::size_t slot = static_cast<std::size_t>(blockIdx.y) * d.n + j;
    if (j < d.colEnd) {
      d.partialSlack[slot] = best;
      d.partialIndex[slot] = bestRow;
    }
    if (!finishedLast(&d.tileFinished[blockIdx.x], gridDim.y)) return;  // block-uniform
    if (column.live) mergeChunks(d, j, static_cast<int32_t>(gridDim.y), best, bestRow);
  }
  if (column.live) settleColumn(d, j, column, best, bestRow, nextFrontier, &d.counters->next);
  publishLevel(d, gridDim.x);  // one settling block per column tile
}

// --- Algorithm 5: reverse pass, one thread per reverse column. Where paths of one tree meet, the last
// writer of the row's successor wins and one path survives; each distinct root is an augmenting path.
template <class T>
__device__ void reverseFrom(const DeviceView<T>& d, int32_t k, int32_t* rootCount) {
  int32_t row = -1;
  int32_t col = d.reverseCols[k];
  int32_t root = -1;
  while (col != -1) {
    storeRelaxed(d.colSucc[col], row);
    row = d.colPred[col];
    storeRelaxed(d.rowSucc[row], col);
    root = row;
    col = d.rowPred[row];
  }
  if (atomicCAS(&d.rootMark[root], 0, 1) == 0) d.roots[appendSlot(rootCount)] = root;
}

template <class T>
__global__ void reversePassKernel(DeviceView<T> d, int32_t reverseCount) {
  const int32_t k = blockIdx.x * kBlock + threadIdx.x;
  if (k < reverseCount) reverseFrom(d, k, &d.counters->roots);
  if (finishedLast(&d.counters->finishedBlocks, blockCount()) && threadIdx.x == 0) {
    d.published->roots = loadRelaxed(d.counters->roots);
    d.counters->roots = 0;
  }
}

// --- Algorithm 6: augmentation pass, one thread per surviving path (paths are vertex-disjoint).
template <class T>
__device__ void augmentFrom(const DeviceView<T>& d, int32_t row) {
  while (row != -1) {
    const int32_t col = d.rowSucc[row];
    d.rowAssign[row] = col;
    d.colAssign[col] = row;
    row = d.colSucc[col];
  }
}

template <class T>
__global__ void augmentKernel(DeviceView<T> d, int32_t rootCount) {
  const int32_t k = blockIdx.x * kBlock + threadIdx.x;
  if (k < rootCount) augmentFrom(d, d.roots[k]);
}

// --- Algorithm 7: classical dual update, stage 1: smallest slack over uncovered rows and columns, from each
// uncovered row's argmin column; rows without a valid one are read again.
// Uncovered row i with a known argmin column that is still uncovered: folds its slack there into `smallest`.
// Returns true when row i is uncovered and must be read instead.
template <class T>
__device__ bool foldKnownRowMinimum(const DeviceView<T>& d, int32_t i,
                                    typename DeviceView<T>::Dual& smallest) {
  if (d.rowCover[i] != 0) return false;
  const int32_t j = d.rowMinCol[i];
  if (j < 0 || d.colCover[j] != 0) return true;
  smallest = min(smallest, d.slackOf(i, j, d.rowDual[i]));
  return false;
}

// A slack and the column where a row attains it; the smaller slack wins, then the smaller column, so that a
// row's argmin is its first column of smallest slack however its columns were split (-1: none finite).
template <class Dual>
struct SlackAt {
  Dual slack;
  int32_t col;
};
template <class Dual>
__device__ inline SlackAt<Dual> smallerSlack(const SlackAt<Dual>& a, const SlackAt<Dual>& b) {
  return (b.slack < a.slack || (b.slack == a.slack && b.col < a.col)) ? b : a;
}

// One block reads row i over columns [begin, end): the smallest slack at an uncovered column and the first
// column attaining it (in thread 0). Every thread of the block calls it.
template <class T>
__device__ SlackAt<typename DeviceView<T>::Dual> scanRowMinimum(const DeviceView<T>& d, int32_t i,
                                                                int32_t begin, int32_t end) {
  using Dual = typename DeviceView<T>::Dual;
  using Reduce = cub::BlockReduce<SlackAt<Dual>, kBlock>;
  __shared__ typename Reduce::TempStorage storage;
  const auto u = d.rowDual[i];
  SlackAt<Dual> best{kDualInfinity<Dual>, -1};
#pragma unroll 4
  for (int32_t j = begin + static_cast<int32_t>(threadIdx.x); j < end; j += kBlock) {
    if (d.colCover[j] != 0) continue;
    const Dual s = d.slackOf(i, j, u);
    if (s < best.slack) best = {s, j};
  }
  best = Reduce(storage).Reduce(best, smallerSlack<Dual>);
  __syncthreads();  // the reduction's storage is reused by the block's next call
  return best;
}

// One block per held row.
template <class T>
__global__ void minUncoveredSlackKernel(DeviceView<T> d) {
  using Dual = typename DeviceView<T>::Dual;
  const int32_t i = d.rowBegin + static_cast<int32_t>(blockIdx.x);  // one block past an empty slice
  Dual value = kDualInfinity<Dual>;
  if (i < d.rowEnd &&
      foldKnownRowMinimum(d, i, value)) {  // block-uniform: the block writes only row i's argmin column
    const SlackAt<Dual> smallest = scanRowMinimum(d, i, d.colBegin, d.colEnd);
    if (threadIdx.x == 0) {
      value = smallest.slack;
      d.rowMinCol[i] = smallest.col;
      atomicAdd(&d.counters->rowsScanned, 1ULL);
    }
  }
  value = blockMin(value);
  if (threadIdx.x == 0) atomicMin(&d.counters->minKey, orderKey(value));
  if (finishedLast(&d.counters->finishedBlocks, blockCount()) && threadIdx.x == 0) {
    d.published->minKey = loadRelaxed(d.counters->minKey);
    d.published->rowsScanned = static_cast<int64_t>(loadRelaxed(d.counters->rowsScanned));
    d.counters->minKey = orderKey(kDualInfinity<Dual>);
    d.counters->rowsScanned = 0;
  }
}

// --- Algorithm 8: classical dual update, stage 2 (integral form).
template <class T>
__device__ void updateDualsAt(const DeviceView<T>& d, int32_t k, typename DeviceView<T>::Dual theta) {
  if (d.rowCover[k] == 0) d.rowDual[k] += theta;
  if (d.colCover[k] != 0) d.colDual[k] -= theta;
}

template <class T>
__global__ void updateDualsKernel(DeviceView<T> d, typename DeviceView<T>::Dual theta) {
  const int32_t k = blockIdx.x * kBlock + threadIdx.x;
  if (k < d.n) updateDualsAt(d, k, theta);
}

// --- Tree dual update, stage 1: smallest slack of an uncovered column (one thread per held column).
template <class T>
__global__ void minColumnSlackKernel(DeviceView<T> d) {
  using Dual = typename DeviceView<T>::Dual;
  const int32_t j = d.colBegin + static_cast<int32_t>(blockIdx.x * kBlock + threadIdx.x);
  const Dual value = j < d.colEnd && d.colCover[j] == 0 ? d.slack[j] : kDualInfinity<Dual>;
  reduceMinAndPublish(d, value);
}

// --- Algorithm 9: duals and column slacks; the tree rows at the new zero-slack columns become the frontier.
template <class T>
__device__ void updateDualsAndSlackAt(const DeviceView<T>& d, int32_t k, typename DeviceView<T>::Dual theta,
                                      int32_t* frontier, int32_t* frontierCount) {
  updateDualsAt(d, k, theta);
  if (d.colCover[k] == 0) {
    const auto s = d.slack[k] - theta;
    d.slack[k] = s;
    if (d.isZero(s)) {
      const int32_t row = d.colPred[k];
      if (atomicExch(&d.rowState[row], kActive) != kActive) frontier[appendSlot(frontierCount)] = row;
    }
  }
}

// (Every dual; the slacks of the held columns only, the others' are not kept.)
template <class T>
__global__ void updateDualsAndSlackKernel(DeviceView<T> d, typename DeviceView<T>::Dual theta,
                                          int32_t* frontier) {
  const int32_t k = blockIdx.x * kBlock + threadIdx.x;
  if (k >= d.colBegin && k < d.colEnd) {
    updateDualsAndSlackAt(d, k, theta, frontier, &d.counters->frontier);
  } else if (k < d.n) {
    updateDualsAt(d, k, theta);
  }
  if (finishedLast(&d.counters->finishedBlocks, blockCount()) && threadIdx.x == 0) {
    d.published->frontier = d.counters->listed = loadRelaxed(d.counters->frontier);
    d.counters->frontier = 0;
  }
}

// --- Distributed exchange (solver/lap/hungarian/distributed/distributed_kernels.h): the current frontier's
// rows and the reverse columns as two bit sets of `words` 64-bit words each (zeroed before), which the ranks
// combine with a bitwise or. The counts are read on the device (the grid covers n), so that the level that
// wrote the frontier needs no host synchronisation before its exchange.
template <class T>
__global__ void encodeFrontierKernel(DeviceView<T> d, const int32_t* frontier, unsigned long long* bits,
                                     int32_t words) {
  const int32_t k = blockIdx.x * kBlock + threadIdx.x;
  if (k < loadRelaxed(d.counters->listed)) {
    const int32_t i = frontier[k];
    atomicOr(&bits[i / 64], 1ULL << (i % 64));
  }
  if (k < loadRelaxed(d.counters->reverse)) {
    const int32_t j = d.reverseCols[k];
    atomicOr(&bits[words + j / 64], 1ULL << (j % 64));
  }
}

// The combined sets become this device's frontier and reverse columns (their lists rebuilt, the counter of
// reverse columns restarted from zero before the launch). With `reached` (after a forward level) each
// frontier row was reached through its assigned column, as reachRowThroughColumn() records it; after a tree
// dual update the rows are tree rows the update activated.
template <class T>
__global__ void adoptFrontierKernel(DeviceView<T> d, const unsigned long long* bits, int32_t words,
                                    bool reached, int32_t* frontier) {
  const int32_t k = blockIdx.x * kBlock + threadIdx.x;
  if (k < d.n) {
    if ((bits[k / 64] >> (k % 64)) & 1ULL) {
      if (reached) {
        const int32_t j = d.rowAssign[k];
        d.rowPred[k] = j;
        d.rowCover[k] = 0;
        d.colCover[j] = 1;
      }
      d.rowState[k] = kActive;
      frontier[appendSlot(&d.counters->frontier)] = k;
    }
    if ((bits[words + k / 64] >> (k % 64)) & 1ULL) {
      d.colReverse[k] = 1;
      listReverse(d, k);
    }
  }
  if (finishedLast(&d.counters->finishedBlocks, blockCount()) && threadIdx.x == 0) {
    d.published->frontier = loadRelaxed(d.counters->frontier);
    d.published->reverse = loadRelaxed(d.counters->reverse);
    d.counters->frontier = 0;
  }
}

}  // namespace ms::lap::gpu

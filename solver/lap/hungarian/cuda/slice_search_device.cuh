#pragma once
// Device-resident search of one rank's slice in a distributed solve (solver/lap/hungarian/distributed/):
// the persistent cooperative search of search_device.cuh over the rows (classical) or columns (tree) this
// rank holds, pausing at every exchange the distributed kernel set makes (distributed_kernels.h). At an
// exchange the grid writes what the ranks combine into mapped pinned host memory (the mailbox); the leader
// raises the request flag there, and the host thread, which polls that flag, combines the values with the
// other ranks (MPI, in place) and raises the response flag, which the leader passes on to the other blocks
// through device memory before the grid reads the combined values back. So the exchange is the only host
// round trip: no kernel launch and no stream synchronisation within or between levels. Every control
// decision reads a value that is the same on every rank (a union, a minimum, an augmentation every rank
// takes alike), so every rank makes the same exchanges in the same order. Unlike the phase-by-phase path,
// which broadcasts rank 0's assignment after each augmentation, the search picks its augmenting paths
// deterministically (reverseByLeastEnd), so the assignment is never exchanged.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <span>

#include "solver/lap/hungarian/cuda/device_resources.cuh"
#include "solver/lap/hungarian/cuda/search_device.cuh"
#include "solver/lap/hungarian/distributed/communicator.h"
#include "solver/lap/hungarian/search_summary.h"

namespace ms::lap::gpu {

// What the host does with the mailbox's words when the device raises a request.
enum SliceExchangeKind : int32_t {
  kSliceOr = 1,   // bitwise or of `count` 64-bit words
  kSliceMin = 2,  // min of one order key (words[0])
  kSliceMax = 3,  // element-wise max of `count` int32 values
  kSliceEnd = 4,  // the search has ended (no answer)
};

// Mapped pinned host memory: the flags, then the words the ranks combine.
struct SliceMailbox {
  int32_t request;   // sequence number of the device's latest request (written by the leader)
  int32_t kind;      // SliceExchangeKind
  int32_t count;     // elements of the request
  int32_t response;  // sequence number of the host's latest answer
};

struct SliceMail {
  SliceMailbox* box;
  unsigned long long* words;
  int32_t bitWords;   // words per bit set of n bits
  int32_t* released;  // device memory: the latest answered sequence number, as the leader saw it
};

template <class V>
__device__ inline V loadSystem(const V& slot) {
  return cuda::atomic_ref<V, cuda::thread_scope_system>(const_cast<V&>(slot))
      .load(cuda::memory_order_relaxed);
}

inline constexpr long long kExchangePatienceNs = 30'000'000'000LL;

// The leader raises request `sequence` (after its own writes of the words) and waits for the host's answer
// in host memory; the other blocks' first threads wait for the leader's word in device memory, so that only
// one thread polls across the bus. Every thread calls it, with a grid barrier between any two calls.
__device__ inline void raiseAndAwait(const SliceMail& mail, int32_t kind, int32_t count, int32_t sequence,
                                     bool leader) {
  if (leader) {
    mail.box->kind = kind;
    mail.box->count = count;
    cuda::atomic_ref<int32_t, cuda::thread_scope_system>(mail.box->request)
        .store(sequence, cuda::memory_order_release);
    cuda::atomic_ref<int32_t, cuda::thread_scope_system> response(mail.box->response);
    const long long since = globalNanoseconds();
    while (response.load(cuda::memory_order_acquire) != sequence) {
      // The ranks reach each exchange within milliseconds of each other; an answer this late means a rank
      // is lost, and the launch fails (the host reports it) instead of holding the device for ever.
      if (globalNanoseconds() - since > kExchangePatienceNs) __trap();
    }
    cuda::atomic_ref<int32_t, cuda::thread_scope_device>(*mail.released)
        .store(sequence, cuda::memory_order_release);
  } else if (threadIdx.x == 0) {
    cuda::atomic_ref<int32_t, cuda::thread_scope_device> released(*mail.released);
    while (released.load(cuda::memory_order_acquire) != sequence) {
    }
  }
  __syncthreads();
}

template <class T>
class SliceRounds {
 public:
  using Dual = typename DeviceView<T>::Dual;

  __device__ SliceRounds(SearchRounds<T>& rounds, const SliceMail& mail) : rounds_(rounds), mail_(mail) {}

  // After every thread wrote its share of the words: combine them over the ranks (the round of `kind`).
  __device__ void exchangeWords(int32_t exchange, int32_t count, int kind) {
    __threadfence_system();  // this thread's writes to the words before the request
    rounds_.barrier(kind);
    raiseAndAwait(mail_, exchange, count, sequence_++, rounds_.leader());
  }
  // The smallest `local` over the ranks.
  __device__ Dual min(Dual local) {
    if (rounds_.leader()) mail_.words[0] = static_cast<unsigned long long>(orderKey(local));
    raiseAndAwait(mail_, kSliceMin, 1, sequence_++, rounds_.leader());
    return fromOrderKey<Dual>(static_cast<long long>(loadSystem(mail_.words[0])));
  }
  // The leader tells the host that the search has ended (after publishing its results).
  __device__ void end() {
    if (!rounds_.leader()) return;
    mail_.box->kind = kSliceEnd;
    cuda::atomic_ref<int32_t, cuda::thread_scope_system>(mail_.box->request)
        .store(sequence_, cuda::memory_order_release);
  }
  __device__ int32_t* ints() const { return reinterpret_cast<int32_t*>(mail_.words); }
  __device__ const SliceMail& mail() const { return mail_; }

 private:
  SearchRounds<T>& rounds_;
  SliceMail mail_;
  int32_t sequence_ = 0;
};

// The rows activated since the last exchange (rowState kActive: a level's expanded rows are kVisited by
// then) and every reverse column found in this search, as two bit sets; their union over the ranks becomes
// every rank's frontier and reverse columns. Rows another rank reached (`reached`) were reached through
// their assigned column, as reachRowThroughColumn() records it; after a tree dual update they are tree rows
// the update activated. `frontier` already lists the `frontierSize` rows this rank activated; the others
// are appended. Returns the union's size.
template <class T>
__device__ int32_t combineSliceFrontier(const DeviceView<T>& d, SearchRounds<T>& rounds,
                                        SliceRounds<T>& slice, int32_t* frontier, int32_t frontierSize,
                                        bool reached, int kind) {
  const SliceMail& mail = slice.mail();
  const int32_t lane = static_cast<int32_t>(threadIdx.x % 32);
  const int32_t warp = gridThread() / 32, warps = gridThreads() / 32;
  for (int32_t base = warp * 64; base < d.n; base += warps * 64) {  // warp-uniform
    unsigned long long rows = 0, columns = 0;
    for (int32_t half = 0; half < 2; ++half) {
      const int32_t k = base + half * 32 + lane;
      const bool row = k < d.n && loadRelaxed(d.rowState[k]) == kActive;
      const bool column = k < d.n && loadRelaxed(d.colReverse[k]) != 0;
      rows |= static_cast<unsigned long long>(__ballot_sync(0xffffffffu, row)) << (32 * half);
      columns |= static_cast<unsigned long long>(__ballot_sync(0xffffffffu, column)) << (32 * half);
    }
    if (lane == 0) {
      mail.words[base / 64] = rows;
      mail.words[mail.bitWords + base / 64] = columns;
    }
  }
  slice.exchangeWords(kSliceOr, 2 * mail.bitWords, kind);
  for (int32_t k = gridThread(); k < d.n; k += gridThreads()) {
    const bool row = (loadSystem(mail.words[k / 64]) >> (k % 64)) & 1ULL;
    const bool column = (loadSystem(mail.words[mail.bitWords + k / 64]) >> (k % 64)) & 1ULL;
    if (row && d.rowState[k] != kActive)
      adoptFrontierRow(d, k, reached, frontier + frontierSize, rounds.count());
    if (column && d.colReverse[k] == 0) adoptReverseColumn(d, k);
  }
  rounds.barrier(kind);
  return frontierSize + rounds.lastCount();
}

// One BFS level of the tree variant over the held columns (expandTreeInRounds, whose columns are the whole
// matrix's, with the slice's column offset). Returns this rank's smallest non-zero slack of a held column
// left uncovered: the dual update's theta, once combined over the ranks.
template <class T>
__device__ typename DeviceView<T>::Dual expandSliceTree(const DeviceView<T>& d, SearchRounds<T>& rounds,
                                                        const int32_t* frontier, int32_t frontierSize,
                                                        int32_t* nextFrontier) {
  using Dual = typename DeviceView<T>::Dual;
  const int32_t tiles = max(1, (d.colEnd - d.colBegin + kBlock - 1) / kBlock);
  const int32_t rows = rowsPerChunk(frontierSize, tiles, 2LL * gridDim.x);
  const int32_t chunks = (frontierSize + rows - 1) / rows;
  const auto heldColumn = [&](int32_t j) { return j < d.colEnd ? loadColumn(d, j) : ColumnState<T>{}; };
  Dual smallestOpen = kDualInfinity<Dual>;
  const auto settle = [&](int32_t j, const ColumnState<T>& column, Dual best, int32_t bestRow) {
    const Dual s = settleColumn(d, j, column, best, bestRow, nextFrontier, rounds.count());
    if (!d.isZero(s)) smallestOpen = min(smallestOpen, s);
  };
  for (int32_t item = blockIdx.x; item < tiles * chunks; item += gridDim.x) {
    const int32_t tile = item % tiles, chunk = item / tiles;
    const int32_t j = d.colBegin + tile * kBlock + static_cast<int32_t>(threadIdx.x);
    const ColumnState<T> column = heldColumn(j);
    const int32_t begin = chunk * rows;
    Dual best;
    int32_t bestRow;
    scanChunk(d, frontier, begin, min(frontierSize, begin + rows), j, column, tile == 0, best, bestRow);
    if (chunks == 1) {
      if (column.live) settle(j, column, best, bestRow);
    } else if (j < d.colEnd) {
      const std::size_t slot = static_cast<std::size_t>(chunk) * d.n + j;
      d.partialSlack[slot] = best;
      d.partialIndex[slot] = bestRow;
    }
  }
  if (chunks > 1) {
    rounds.barrier(kSearchForward);
    for (int32_t j = d.colBegin + gridThread(); j < d.colEnd; j += gridThreads()) {
      const ColumnState<T> column = loadColumn(d, j);
      if (!column.live) continue;
      Dual best;
      int32_t bestRow;
      mergeChunks(d, j, chunks, best, bestRow);
      settle(j, column, best, bestRow);
    }
  }
  smallestOpen = blockMin(smallestOpen);
  if (threadIdx.x == 0) atomicMin(rounds.minKey(), orderKey(smallestOpen));
  rounds.barrier(kSearchForward);
  return rounds.lastMin();
}

// Classical dual update over the held rows (classicalDualUpdateInRounds with one block per row read, and
// theta combined over the ranks): the rows' smallest slacks, theta, the duals, and the zero-slack lists of
// the held rows that gained zero-slack edges, whose edges to uncovered columns are the restarted search's
// first level (its rows in `frontier`, combined over the ranks). Returns false when no finite slack is left.
template <class T>
__device__ bool classicalSliceDualUpdate(const DeviceView<T>& d, SearchRounds<T>& rounds,
                                         SliceRounds<T>& slice, int32_t* frontier, int32_t& frontierSize,
                                         int64_t& rowsScanned) {
  using Dual = typename DeviceView<T>::Dual;
  Dual smallest = kDualInfinity<Dual>;
  for (int32_t i = d.rowBegin + gridThread(); i < d.rowEnd; i += gridThreads()) {
    if (foldKnownRowMinimum(d, i, smallest)) d.scanRows[appendSlot(rounds.count())] = i;
  }
  smallest = blockMin(smallest);
  if (threadIdx.x == 0) atomicMin(rounds.minKey(), orderKey(smallest));
  rounds.barrier(kSearchDualUpdate);

  const int32_t rowsToRead = rounds.lastCount();
  smallest = rounds.lastMin();
  for (int32_t item = blockIdx.x; item < rowsToRead; item += gridDim.x) {
    const int32_t i = d.scanRows[item];
    const SlackAt<Dual> found = scanRowMinimum(d, i, d.colBegin, d.colEnd);
    if (threadIdx.x == 0) {
      d.rowMinCol[i] = found.col;
      smallest = min(smallest, found.slack);
    }
  }
  if (threadIdx.x == 0) atomicMin(rounds.minKey(), orderKey(smallest));
  rounds.barrier(kSearchDualUpdate);
  rowsScanned += rowsToRead;

  const Dual theta = slice.min(rounds.lastMin());
  if (theta == kDualInfinity<Dual>) return false;
  for (int32_t k = gridThread(); k < d.n; k += gridThreads()) {
    updateDualsAt(d, k, theta);
    // Row k's own dual was just written by this thread; its argmin column is uncovered, so its dual stays.
    if (k >= d.rowBegin && k < d.rowEnd && gainedZeroSlack(d, k)) {
      d.zeroRowCount[k] = 0;
      d.scanRows[appendSlot(rounds.count())] = k;
    }
  }
  rounds.barrier(kSearchDualUpdate);

  const int32_t rowsToRewrite = rounds.lastCount();
  for (int32_t item = blockIdx.x; item < rowsToRewrite; item += gridDim.x)
    appendZeroSlackColumns(d, d.scanRows[item], d.colBegin, d.colEnd, frontier, rounds.count());
  rounds.barrier(kSearchDualUpdate);
  rowsScanned += rowsToRewrite;
  frontierSize =
      combineSliceFrontier(d, rounds, slice, frontier, rounds.lastCount(), true, kSearchDualUpdate);
  return true;
}

// Reverse pass that every rank takes alike, so that the ranks need not exchange their assignments: of the
// augmenting paths that end at one tree's root, the one from the smallest reverse column wins (the race of
// reverseFrom() lets ranks pick different ones). Each walk folds (its end column, the column it came from)
// into the smallest key of every row it passes; paths of one root share their suffix, so at every row of the
// winning path the key's low half is the row's successor on that path. `keys`: n words, all ones before.
template <class T>
__device__ void reverseByLeastEnd(const DeviceView<T>& d, int32_t k, unsigned long long* keys,
                                  int32_t* rootCount) {
  const int32_t end = d.reverseCols[k];
  int32_t col = end, root = -1;
  while (col != -1) {
    const int32_t row = d.colPred[col];
    atomicMin(&keys[row], (static_cast<unsigned long long>(end) << 32) | static_cast<uint32_t>(col));
    root = row;
    col = d.rowPred[row];
  }
  if (atomicCAS(&d.rootMark[root], 0, 1) == 0) d.roots[appendSlot(rootCount)] = root;
}

// Flips the winning path from `root`: each row takes its successor column, whose row before the flip is the
// next on the path (the end column has none).
template <class T>
__device__ void augmentByKeys(const DeviceView<T>& d, int32_t row, const unsigned long long* keys) {
  while (row != -1) {
    const auto col = static_cast<int32_t>(keys[row] & 0xffffffffULL);
    const int32_t next = d.colAssign[col];
    d.rowAssign[row] = col;
    d.colAssign[col] = row;
    row = next;
  }
}

// Up to `iterationLimit` whole Hungarian iterations of this rank's slice, starting right after an optimality
// check that left rows unassigned (the classical zero-slack lists of the held rows up to date). The leader
// publishes what was done, as searchKernel does, and tells the host that the search has ended.
template <class T, bool kClassical>
__global__ void __launch_bounds__(kBlock)
    sliceSearchKernel(DeviceView<T> d, SearchScalars* scalars, int32_t* frontierA, int32_t* frontierB,
                      SliceMail mail, int32_t iterationLimit) {
  using Dual = typename DeviceView<T>::Dual;
  SearchRounds<T> rounds(d, scalars);
  SliceRounds<T> slice(rounds, mail);
  int32_t* frontier = frontierA;
  int32_t* next = frontierB;
  int32_t iterations = 0, paths = 0, levels = 0, dualUpdates = 0, failure = 0;
  int64_t rowsScanned = 0;

  while (iterations < iterationLimit && failure == 0) {
    rounds.startIteration();
    // Every rank holds the same O(n) state: every uncovered row forms the frontier, with no exchange.
    for (int32_t i = gridThread(); i < d.n; i += gridThreads())
      startForwardPassAt(d, i, frontier, rounds.count());
    if (rounds.leader()) d.counters->reverse = 0;
    rounds.barrier(kSearchForward);
    int32_t frontierSize = rounds.lastCount();
    [[maybe_unused]] Dual open =
        kDualInfinity<Dual>;  // tree: this rank's smallest open slack after the last level

    for (;;) {
      while (frontierSize > 0 && !rounds.runaway()) {
        if constexpr (kClassical) {
          for (int32_t k = gridThread(); k < frontierSize; k += gridThreads())
            expandClassicalRow(d, frontier[k], next, rounds.count());
          rounds.barrier(kSearchForward);
        } else {
          open = expandSliceTree(d, rounds, frontier, frontierSize, next);
        }
        int32_t* const expanded = frontier;
        frontier = next;
        next = expanded;
        frontierSize =
            combineSliceFrontier(d, rounds, slice, frontier, rounds.lastCount(), true, kSearchForward);
        ++levels;
      }
      if (failure == 0 && rounds.runaway()) failure = kSearchRunaway;
      if (failure != 0) break;
      if (loadRelaxed(d.counters->reverse) > 0) break;  // augmenting paths found (the union's)

      if constexpr (kClassical) {
        if (!classicalSliceDualUpdate(d, rounds, slice, frontier, frontierSize, rowsScanned)) {
          failure = kSearchInfeasible;
          break;
        }
        ++levels;  // the restarted search's first level ran inside the update
      } else {
        const Dual theta = slice.min(open);
        if (theta == kDualInfinity<Dual>) {
          failure = kSearchInfeasible;
          break;
        }
        // Every dual; the slacks of the held columns, whose zero-slack ones activate their tree rows.
        for (int32_t k = gridThread(); k < d.n; k += gridThreads()) {
          if (k >= d.colBegin && k < d.colEnd) {
            updateDualsAndSlackAt(d, k, theta, frontier, rounds.count());
          } else {
            updateDualsAt(d, k, theta);
          }
        }
        rounds.barrier(kSearchDualUpdate);
        frontierSize =
            combineSliceFrontier(d, rounds, slice, frontier, rounds.lastCount(), false, kSearchDualUpdate);
      }
      ++dualUpdates;
    }
    if (failure != 0) break;

    // Reverse pass over the column predecessors combined by a max (classical: any rank's is a tree edge;
    // tree: only the column's owner has one), and the augmentation, the same on every rank.
    int32_t* const ints = slice.ints();
    for (int32_t k = gridThread(); k < d.n; k += gridThreads()) ints[k] = d.colPred[k];
    slice.exchangeWords(kSliceMax, d.n, kSearchAugment);
    auto* const keys = reinterpret_cast<unsigned long long*>(d.colKey);  // free during the search
    for (int32_t k = gridThread(); k < d.n; k += gridThreads()) {
      d.colPred[k] = loadSystem(ints[k]);
      keys[k] = ~0ULL;
    }
    rounds.barrier(kSearchAugment);
    const int32_t reverseCount = loadRelaxed(d.counters->reverse);
    for (int32_t k = gridThread(); k < reverseCount; k += gridThreads())
      reverseByLeastEnd(d, k, keys, rounds.count());
    rounds.barrier(kSearchAugment);
    const int32_t rootCount = rounds.lastCount();
    for (int32_t k = gridThread(); k < rootCount; k += gridThreads()) augmentByKeys(d, d.roots[k], keys);
    rounds.barrier(kSearchAugment);
    int32_t assigned = 0;
    for (int32_t k = gridThread(); k < d.n; k += gridThreads()) assigned += checkOptimalityAt(d, k);
    assigned = blockSum(assigned);
    if (threadIdx.x == 0) atomicAdd(rounds.count(), assigned);
    rounds.barrier(kSearchAugment);
    paths += rootCount;
    ++iterations;
    if (rounds.lastCount() == d.n) break;
  }

  if (rounds.leader()) {
    Published& out = *d.published;
    out.searchIterations = iterations;
    out.searchPaths = paths;
    out.searchLevels = levels;
    out.searchDualUpdates = dualUpdates;
    out.searchFailure = failure;
    out.searchRowsScanned = rowsScanned;
    for (int kind = 0; kind < 3; ++kind) out.searchNs[kind] = rounds.nanoseconds(kind);
    out.assigned = rounds.lastCount();
  }
  slice.end();
}

// Host side: the mailbox, the kernel's residency, and the loop that answers the kernel's requests.
template <class T>
class SliceSearch {
 public:
  // `n` the matrix size; room for the largest exchange (the column predecessors, or the two bit sets).
  SliceSearch(int32_t n, bool classical, int multiprocessors)
      : classical_(classical), bitWords_((n + 63) / 64) {
    const std::size_t words = std::max<std::size_t>((static_cast<std::size_t>(n) + 1) / 2, 2 * bitWords_) + 1;
    checkCuda(
        cudaHostAlloc(reinterpret_cast<void**>(&box_), sizeof(SliceMailbox) + words * 8, cudaHostAllocMapped),
        "cudaHostAlloc (the exchange mailbox)");
    checkCuda(cudaHostGetDevicePointer(reinterpret_cast<void**>(&deviceBox_), box_, 0),
              "cudaHostGetDevicePointer");
    int resident = 0;
    checkCuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel(), kBlock, 0),
              "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    blocks_ = multiprocessors * std::min(resident, kBlocksPerMultiprocessor);
  }
  ~SliceSearch() { cudaFreeHost(box_); }
  SliceSearch(const SliceSearch&) = delete;
  SliceSearch& operator=(const SliceSearch&) = delete;

  // Launches the search and answers its exchanges until it ends (the kernel's Published fields are then
  // being written: the caller synchronises on the stream before reading them).
  void run(DeviceView<T> view, cudaStream_t stream, SearchScalars* scalars, int32_t* frontierA,
           int32_t* frontierB, int32_t iterationLimit, Communicator& communicator) {
    if (blocks_ <= 0)
      throw SolveError("CUDA backend: the slice search kernel cannot be resident on this device");
    box_->request = box_->response = -1;
    checkCuda(cudaMemsetAsync(released_.get(), 0xff, sizeof(int32_t), stream), "cudaMemset");  // -1
    SliceMail mail{deviceBox_, reinterpret_cast<unsigned long long*>(deviceBox_ + 1), bitWords_,
                   released_.get()};
    void* arguments[] = {&view, &scalars, &frontierA, &frontierB, &mail, &iterationLimit};
    checkCuda(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel()), dim3(blocks_),
                                          dim3(kBlock), arguments, 0, stream),
              "sliceSearchKernel (cooperative launch)");
    checkCuda(cudaEventRecord(ended_.get(), stream), "cudaEventRecord");
    answer(communicator);
  }

 private:
  static constexpr int kBlocksPerMultiprocessor = 4;  // as the single-GPU search (cuda_kernels.cu)

  auto kernel() const { return classical_ ? sliceSearchKernel<T, true> : sliceSearchKernel<T, false>; }

  void answer(Communicator& communicator) {
    auto* words = reinterpret_cast<unsigned long long*>(box_ + 1);
    for (int32_t sequence = 0;; ++sequence) {
      std::atomic_ref<int32_t> request(box_->request);
      // A kernel that failed raises no more requests: its end event tells (the caller's synchronisation
      // then reports the error).
      for (int polls = 1; request.load(std::memory_order_acquire) != sequence; ++polls) {
        if (polls % 4096 == 0 && cudaEventQuery(ended_.get()) != cudaErrorNotReady) return;
      }
      const int32_t count = box_->count;
      switch (box_->kind) {
        case kSliceOr:
          communicator.bitwiseOrInPlace(
              {reinterpret_cast<uint64_t*>(words), static_cast<std::size_t>(count)});
          break;
        case kSliceMin:
          communicator.minInPlace({reinterpret_cast<int64_t*>(words), 1});
          break;
        case kSliceMax:
          communicator.maxInPlace({reinterpret_cast<int32_t*>(words), static_cast<std::size_t>(count)});
          break;
        default:
          return;  // kSliceEnd
      }
      std::atomic_ref<int32_t>(box_->response).store(sequence, std::memory_order_release);
    }
  }

  static cudaError_t createPollingEvent(cudaEvent_t* event) {
    return cudaEventCreateWithFlags(event, cudaEventDisableTiming);
  }

  bool classical_;
  int32_t bitWords_;
  int blocks_ = 0;
  SliceMailbox* box_ = nullptr;
  SliceMailbox* deviceBox_ = nullptr;
  DeviceArray<int32_t> released_{1};
  CudaHandle<cudaEvent_t, &createPollingEvent, &cudaEventDestroy> ended_;
};

// What a slice search did (Published, after the synchronisation); `rowsScannedBefore`: the zero-slack lists
// rebuilt before the launch.
inline SearchSummary sliceSearchSummary(const Published& out, int64_t rowsScannedBefore) {
  if (out.searchFailure == kSearchRunaway)
    throw SolveError("CUDA backend: the slice search ran more rounds than an iteration can take");
  SearchSummary summary;
  summary.iterations = out.searchIterations;
  summary.assigned = out.assigned;
  summary.paths = out.searchPaths;
  summary.levels = out.searchLevels;
  summary.dualUpdates = out.searchDualUpdates;
  summary.rowsScanned = out.searchRowsScanned + rowsScannedBefore;
  summary.infeasible = out.searchFailure == kSearchInfeasible;
  for (int kind = 0; kind < static_cast<int>(ms::lap::SearchPhaseKind::Count); ++kind)
    summary.nanoseconds[kind] = out.searchNs[kind];
  return summary;
}

}  // namespace ms::lap::gpu

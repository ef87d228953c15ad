#pragma once
// Device-resident Hungarian search: one persistent cooperative kernel runs whole iterations (forward levels,
// dual updates, reverse pass, augmentation, optimality check) with a grid-wide barrier between the rounds a
// fine step would end with a host synchronisation. The work of each round is the per-element device code of
// the fine kernels (hungarian_device.cuh), spread over the resident grid; every control decision reads a
// value all threads see alike after a barrier, so the whole grid takes the same branches.

#include <cooperative_groups.h>

#include "solver/lap/hungarian/cuda/hungarian_device.cuh"
#include "solver/lap/hungarian/cuda/search_profile.h"

namespace ms::lap::gpu {

// Phase kinds whose device time a search reports (Published::searchNs).
enum SearchPhaseKind : int { kSearchForward = 0, kSearchDualUpdate = 1, kSearchAugment = 2 };
// Failures a search reports: a dual update found no finite slack (Hall's condition fails), or an iteration
// took more rounds than the algorithm can take.
inline constexpr int32_t kSearchInfeasible = 1;
inline constexpr int32_t kSearchRunaway = 2;

// Round-indexed accumulators. A round is the work between two grid barriers; round r accumulates into slot
// r % 3, the next round reads it, and the round after that clears it, so no slot is cleared while a slower
// block may still read it.
struct SearchScalars {
  int32_t count[3];
  long long minKey[3];
  // Team mode (tree variant, small frontiers): the blocks of one column tile each meet at their own barrier,
  // with their own ring of accumulators indexed by the team barrier's generation, and hand back their result.
  uint32_t teamArrived;
  uint32_t teamGeneration;
  int32_t teamCount[3];
  long long teamMinKey[3];
  int32_t teamFrontier, teamSwaps, teamLevels, teamDualUpdates, teamFailure;
  // Tree variant: the free rows the last iteration left if it kept its surviving trees, else -1 (written by
  // the leader after the iteration's last barrier, read at the next iteration's end).
  int32_t keptFreeRows;
  // Profile: the reverse pass's path lengths of the current iteration.
  unsigned long long pathSum;
  int32_t pathMax;
};

// Frontiers of at most this many rows are searched in team mode: one chunk per tile, so the grid's other
// blocks would have nothing to do but wait at every barrier.
inline constexpr int32_t kTeamFrontier = kMinRowsPerChunk;

__device__ inline long long globalNanoseconds() {
  unsigned long long now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return static_cast<long long>(now);
}

// Parts of a round's time in a profile (SearchIterationProfile).
enum SearchPart : int { kPartWork, kPartReduce, kPartBarrier };

// kProfile: the kernel keeps a SearchIterationProfile per iteration (a separate instantiation, so that the
// kernel without a profile compiles as if the profile did not exist).
template <class T, bool kProfile>
class SearchRounds {
 public:
  using Dual = typename DeviceView<T>::Dual;

  __device__ SearchRounds(const DeviceView<T>& d, SearchScalars* scalars, SearchIterationProfile* profile)
      : d_(d), scalars_(scalars), profile_(profile) {
    if (leader()) {
      for (int s = 0; s < 3; ++s) {
        scalars_->count[s] = scalars_->teamCount[s] = 0;
        scalars_->minKey[s] = scalars_->teamMinKey[s] = orderKey(kDualInfinity<Dual>);
      }
      scalars_->teamArrived = scalars_->teamGeneration = 0;
      scalars_->keptFreeRows = -1;  // the launch's first iteration keeps trees by its own rounds only
      scalars_->pathSum = 0;
      scalars_->pathMax = 0;
      last_ = splitLast_ = globalNanoseconds();
    }
    cooperative_groups::this_grid().sync();
  }

  // Accumulators of the current round.
  __device__ int32_t* count() const { return &scalars_->count[round_ % 3]; }
  __device__ long long* minKey() const { return &scalars_->minKey[round_ % 3]; }

  // Ends the round (its time counts for `kind`); returns with every block's writes of the round visible.
  __device__ void barrier(int kind) {
    split(kPartWork);
    cooperative_groups::this_grid().sync();
    split(kPartBarrier);
    ++round_;
    ++roundsThisIteration_;
    if (leader()) {
      book(kind);
      const int stale = (round_ + 1) % 3;
      scalars_->count[stale] = 0;
      scalars_->minKey[stale] = orderKey(kDualInfinity<Dual>);
    }
  }

  // The leader books the time since the last booking for `kind` (team mode, between grid barriers).
  __device__ void book(int kind) {
    const long long now = globalNanoseconds();
    nanoseconds_[kind] += now - last_;
    last_ = now;
  }
  // Team rounds count towards the runaway guard too (every thread adds the same number).
  __device__ void addRounds(int32_t rounds) { roundsThisIteration_ += rounds; }
  __device__ long long roundsThisIteration() const { return roundsThisIteration_; }

  // Every thread of every block calls it: the block's sum of `value` joins the round's count (one atomic).
  __device__ void addToCount(int32_t value) {
    value = blockSum(value);
    if (threadIdx.x == 0) atomicAdd(count(), value);
  }
  // What the round just ended accumulated.
  __device__ int32_t lastCount() const { return loadRelaxed(scalars_->count[(round_ + 2) % 3]); }
  __device__ Dual lastMin() const {
    return fromOrderKey<Dual>(loadRelaxed(scalars_->minKey[(round_ + 2) % 3]));
  }

  __device__ bool leader() const { return blockIdx.x == 0 && threadIdx.x == 0; }
  __device__ int64_t nanoseconds(int kind) const { return nanoseconds_[kind]; }
  __device__ void startIteration() {
    roundsThisIteration_ = 0;
    startProfiledIteration();
  }
  // A Hungarian iteration takes at most a few rounds per row (each level or dual update adds a row or
  // column to the trees); far more means a bug, and the search stops instead of spinning.
  __device__ bool runaway() const { return roundsThisIteration_ > 16LL * d_.n + 64; }

  // --- Profile (SearchIterationProfile): the leader keeps the current iteration's record in the profile
  // array itself (global memory, so that the kernel's registers stay as without a profile); every call is a
  // no-op without a profile.
  // The leader's time since its last split counts for `part`.
  __device__ void split(SearchPart part) {
    if (!kProfile || !leader()) return;
    const long long now = globalNanoseconds();
    SearchIterationProfile& r = profile_[profiled_];
    (part == kPartWork ? r.workNs : (part == kPartReduce ? r.reduceNs : r.barrierNs)) += now - splitLast_;
    splitLast_ = now;
  }
  __device__ void noteLevel(int32_t frontierSize, bool team) {
    if (!kProfile || !leader()) return;
    SearchIterationProfile& r = profile_[profiled_];
    ++r.levels;
    r.teamLevels += team;
    r.frontierMax = max(r.frontierMax, frontierSize);
    r.frontierSum += frontierSize;
  }
  __device__ void noteKeptRows(int32_t rows) {
    if (kProfile && leader()) profile_[profiled_].keptRows = rows;
  }
  __device__ void noteClosureLevel() {
    if (kProfile && leader()) ++profile_[profiled_].closureLevels;
  }
  __device__ void noteRowsRead(int64_t rows) {
    if (kProfile && leader()) profile_[profiled_].rowsRead += rows;
  }
  __device__ void noteDualUpdate(bool team) {
    if (!kProfile || !leader()) return;
    SearchIterationProfile& r = profile_[profiled_];
    ++r.dualUpdates;
    r.teamDualUpdates += team;
  }
  // Every thread: the reverse pass's path from reverse column k, in columns (predecessors are intact until
  // the next search starts).
  __device__ void notePathFrom(int32_t k) {
    if (!kProfile) return;
    int32_t length = 0;
    for (int32_t col = d_.reverseCols[k]; col != -1; col = d_.rowPred[d_.colPred[col]]) ++length;
    atomicAdd(&scalars_->pathSum, static_cast<unsigned long long>(length));
    atomicMax(&scalars_->pathMax, length);
  }
  // At the start of each iteration (leader): a fresh record, its time by kind counted from now.
  __device__ void startProfiledIteration() {
    if (!kProfile || !leader()) return;
    SearchIterationProfile& r = profile_[profiled_];
    r = SearchIterationProfile{};
    r.blocks = static_cast<int32_t>(gridDim.x);
    r.forwardNs = -nanoseconds_[kSearchForward];
    r.dualUpdateNs = -nanoseconds_[kSearchDualUpdate];
    r.augmentNs = -nanoseconds_[kSearchAugment];
  }
  // After the iteration's last barrier (leader): the record is complete; the next one follows it.
  __device__ void finishProfiledIteration(int32_t reverseColumns, int32_t paths) {
    if (!kProfile || !leader()) return;
    SearchIterationProfile& r = profile_[profiled_++];
    r.reverseColumns = reverseColumns;
    r.paths = paths;
    r.pathSum = static_cast<int64_t>(loadRelaxed(scalars_->pathSum));
    r.pathMax = loadRelaxed(scalars_->pathMax);
    scalars_->pathSum = 0;  // written again only after the next iteration's reverse pass
    scalars_->pathMax = 0;
    r.forwardNs += nanoseconds_[kSearchForward];
    r.dualUpdateNs += nanoseconds_[kSearchDualUpdate];
    r.augmentNs += nanoseconds_[kSearchAugment];
  }

 private:
  const DeviceView<T>& d_;
  SearchScalars* scalars_;
  SearchIterationProfile* profile_;
  int32_t round_ = 0;
  long long roundsThisIteration_ = 0;
  long long last_ = 0;
  int64_t nanoseconds_[3] = {0, 0, 0};
  int32_t profiled_ = 0;  // the record of the current iteration
  long long splitLast_ = 0;
};

// After a search launch's last round, an optimality check: the leader publishes what the launch did, and the
// check's count for the host's next decision.
template <class T, bool kProfile>
__device__ void publishSearch(const DeviceView<T>& d, const SearchRounds<T, kProfile>& rounds,
                              int32_t iterations, int32_t paths, int32_t levels, int32_t dualUpdates,
                              int32_t failure, int64_t rowsScanned) {
  if (!rounds.leader()) return;
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

__device__ inline int32_t gridThread() {
  return static_cast<int32_t>(blockIdx.x * kBlock + threadIdx.x);
}
__device__ inline int32_t gridThreads() {
  return static_cast<int32_t>(gridDim.x * kBlock);
}

// How a search's dual update splits the rows it reads: about two work items per resident block, so that a
// few rows are read by many blocks at once; whole tiles of kBlock columns, at most kMaxChunks segments per
// row (the capacity of the segment minima).
struct RowSegments {
  int32_t count;  // segments per row
  int32_t width;  // columns per segment
};
__device__ inline RowSegments rowSegments(int32_t n, int32_t rows) {
  const int32_t tiles = (n + kBlock - 1) / kBlock;
  const int64_t most = tiles < kMaxChunks ? tiles : kMaxChunks;
  const int64_t wanted = rows > 0 ? (2LL * gridDim.x + rows - 1) / rows : 1;
  const auto segments = static_cast<int32_t>(wanted < 1 ? 1 : (wanted > most ? most : wanted));
  const int32_t tilesPerSegment = (tiles + segments - 1) / segments;
  return {(tiles + tilesPerSegment - 1) / tilesPerSegment, tilesPerSegment * kBlock};
}

// Between the two rounds of a dual update that read row i again, rowMinCol[i] holds this mark of the row's
// slot in the list of rows read, so that the thread owning row i next finds the row's segment minima.
__device__ inline int32_t rescanMark(int32_t slot) {
  return -2 - slot;
}
__device__ inline int32_t rescanSlot(int32_t mark) {
  return -2 - mark;
}

// Classical dual update (see cpu/cpu_kernels.h) in four rounds: theta from the rows' known argmin columns,
// queueing the rows to read again; those rows read in segments (theta complete); the duals, each read row's
// argmin column from its segments, and the rows whose smallest slack reaches zero queued; those rows' zero-
// slack lists rewritten in segments. Only those rows gained zero-slack edges to uncovered columns (every
// other uncovered row's zero edges lead to covered columns, whose slack the update keeps), so the last round
// also expands the new edges to uncovered columns: it is the restarted search's first level, and the rows it
// reaches (in `frontier`, `frontierSize` of them) its next frontier. Returns false when no finite slack is
// left (Hall's condition fails).
template <class T, bool kProfile>
__device__ bool classicalDualUpdateInRounds(const DeviceView<T>& d, SearchRounds<T, kProfile>& rounds,
                                            int32_t* frontier, int32_t& frontierSize, int64_t& rowsScanned) {
  using Dual = typename DeviceView<T>::Dual;
  Dual smallest = kDualInfinity<Dual>;
  for (int32_t i = gridThread(); i < d.n; i += gridThreads()) {
    if (foldKnownRowMinimum(d, i, smallest)) {
      const int32_t slot = appendSlot(rounds.count());
      d.scanRows[slot] = i;
      d.rowMinCol[i] = rescanMark(slot);
    }
  }
  smallest = blockMin(smallest);
  if (threadIdx.x == 0) atomicMin(rounds.minKey(), orderKey(smallest));
  rounds.barrier(kSearchDualUpdate);

  const int32_t rowsToRead = rounds.lastCount();
  const RowSegments read = rowSegments(d.n, rowsToRead);
  smallest = rounds.lastMin();
  for (int64_t item = blockIdx.x; item < static_cast<int64_t>(rowsToRead) * read.count; item += gridDim.x) {
    const int32_t begin = static_cast<int32_t>(item % read.count) * read.width;
    const SlackAt<Dual> found =
        scanRowMinimum(d, d.scanRows[item / read.count], begin, min(d.n, begin + read.width));
    if (threadIdx.x == 0) {
      d.partialSlack[item] = found.slack;
      d.partialIndex[item] = found.col;
      smallest = min(smallest, found.slack);
    }
  }
  if (threadIdx.x == 0) atomicMin(rounds.minKey(), orderKey(smallest));
  rounds.barrier(kSearchDualUpdate);
  rowsScanned += rowsToRead;

  const Dual theta = rounds.lastMin();
  if (theta == kDualInfinity<Dual>) return false;
  for (int32_t k = gridThread(); k < d.n; k += gridThreads()) {
    updateDualsAt(d, k, theta);
    if (d.rowCover[k] != 0) continue;
    int32_t j = d.rowMinCol[k];
    if (j < -1) {
      const std::size_t first = static_cast<std::size_t>(rescanSlot(j)) * read.count;
      SlackAt<Dual> best{kDualInfinity<Dual>, -1};
      for (int32_t s = 0; s < read.count; ++s)
        best = smallerSlack(best, {d.partialSlack[first + s], d.partialIndex[first + s]});
      j = best.col;
      d.rowMinCol[k] = j;
    }
    // Row k's own dual was just written by this thread; its argmin column is uncovered, so its dual stays.
    if (j >= 0 && d.isZero(d.slackOf(k, j, d.rowDual[k]))) {
      d.zeroRowCount[k] = 0;
      d.scanRows[appendSlot(rounds.count())] = k;
    }
  }
  rounds.barrier(kSearchDualUpdate);

  const int32_t rowsToRewrite = rounds.lastCount();
  const RowSegments rewrite = rowSegments(d.n, rowsToRewrite);
  for (int64_t item = blockIdx.x; item < static_cast<int64_t>(rowsToRewrite) * rewrite.count;
       item += gridDim.x) {
    const int32_t i = d.scanRows[item / rewrite.count];
    const int32_t begin = static_cast<int32_t>(item % rewrite.count) * rewrite.width;
    appendZeroSlackColumns(d, i, begin, min(d.n, begin + rewrite.width), frontier, rounds.count());
  }
  rounds.noteLevel(rowsToRewrite, false);  // the restarted search's first level
  rounds.barrier(kSearchDualUpdate);
  rowsScanned += rowsToRewrite;
  frontierSize = rounds.lastCount();
  return true;
}

// --- Pending slack keys (int32 costs): a level read in several row chunks settles in one round. Each chunk's
// thread offers its column's smallest slack over the chunk as one 64-bit key, (slack << kKeyRowBits) | row,
// so that one atomicMin keeps the smallest slack with its row; a zero slack is settled at once by the thread
// that claims the column. A column's slack and predecessor are then the smaller of (slack[j], colPred[j]) and
// its key in colKey[j] (the column reduction's array, free once the search runs), folded by what reads them
// next: the next level's column loads and the dual update; every iteration starts with no key.
// The slacks fit: after the row and column reductions a free column keeps v >= 0, so u_i <= Cmax, and an
// assigned column has v_j = c - u >= Cmin - Cmax, so a slack is at most 2 (Cmax - Cmin) < 2^33; n < 2^24 (n^2
// costs beyond that fit no GPU). Wider costs keep the merge round.
template <class T>
inline constexpr bool kPendingSlack = std::is_integral_v<T> && sizeof(T) <= 4;
inline constexpr int kKeyRowBits = 24;
inline constexpr long long kNoPendingSlack = 0x7fffffffffffffffLL;

__device__ inline long long pendingKey(int64_t slack, int32_t row) {
  return (static_cast<long long>(slack) << kKeyRowBits) | row;
}
__device__ inline int64_t pendingSlackOf(long long key) {
  return key == kNoPendingSlack ? kDualInfinity<int64_t> : key >> kKeyRowBits;
}
__device__ inline int32_t pendingRowOf(long long key) {
  return static_cast<int32_t>(key & ((1LL << kKeyRowBits) - 1));
}

// What a search level reads of column j: loadColumn's state, its slack lowered to a pending key's.
template <class T>
__device__ ColumnState<T> loadSearchColumn(const DeviceView<T>& d, int32_t j) {
  ColumnState<T> column = loadColumn(d, j);
  if constexpr (kPendingSlack<T>) {
    if (j < d.n) column.slack = min(column.slack, pendingSlackOf(d.colKey[j]));
  }
  return column;
}

// Before a dual update reads column k's slack and predecessor (its owner thread, in a round of its own): the
// pending key, if smaller, becomes them, and the key is cleared.
template <class T>
__device__ void foldPendingSlackAt(const DeviceView<T>& d, int32_t k) {
  if constexpr (kPendingSlack<T>) {
    const long long key = d.colKey[k];
    if (key == kNoPendingSlack) return;
    d.colKey[k] = kNoPendingSlack;
    if (d.colCover[k] == 0 && pendingSlackOf(key) < d.slack[k]) {
      d.slack[k] = pendingSlackOf(key);
      d.colPred[k] = pendingRowOf(key);
    }
  }
}

// Live column j with the smallest slack `best` over one chunk of the level's rows (attained at bestRow): a
// smaller non-zero slack goes to the column's key; at zero slack (found here, or left by a dual update) the
// column is settled by the thread that claims it first (its cover, or the reverse mark of a free column).
// Returns the column's slack as far as this thread knows it: when the level reaches no row and no free
// column, the smallest of these over the grid is the smallest slack of an uncovered column (every chunk's
// minimum is among them).
template <class T>
__device__ typename DeviceView<T>::Dual offerChunkMinimum(const DeviceView<T>& d, int32_t j,
                                                          const ColumnState<T>& column,
                                                          typename DeviceView<T>::Dual best, int32_t bestRow,
                                                          int32_t* nextFrontier, int32_t* nextCount) {
  const bool lowered = best < column.slack;
  if (lowered && !d.isZero(best)) {
    atomicMin(&d.colKey[j], pendingKey(best, bestRow));
    return best;
  }
  if (!d.isZero(column.slack) && !lowered) return column.slack;
  const int32_t next = column.assignedRow;
  if (atomicCAS(next != -1 ? &d.colCover[j] : &d.colReverse[j], 0, 1) == 0) {
    if (lowered) {
      d.slack[j] = best;
      d.colPred[j] = bestRow;
    }
    if (next != -1) {
      settleRowThroughColumn(d, next, j, nextFrontier, nextCount);
    } else {
      listReverse(d, j);
    }
  }
  return 0;
}

// The reading of one tree level over `frontierSize` rows: column tiles x row chunks as work items of the
// resident blocks. `settle(j, column, best, bestRow, chunkOnly)` receives every live column with its smallest
// slack over the rows read and the row attaining it: over the whole frontier (chunkOnly false), or, with
// several chunks and pending slack keys, over one chunk per call; otherwise, with several chunks, a second
// round merges the chunks' minima first. The caller reduces what settling found and ends the round.
template <class T, bool kProfile, class Settle>
__device__ void scanFrontierInRounds(const DeviceView<T>& d, SearchRounds<T, kProfile>& rounds,
                                     const int32_t* frontier, int32_t frontierSize, Settle&& settle) {
  using Dual = typename DeviceView<T>::Dual;
  const int32_t tiles = (d.n + kBlock - 1) / kBlock;
  const int32_t rows = rowsPerChunk(frontierSize, tiles, 2LL * gridDim.x);
  const int32_t chunks = max(1, (frontierSize + rows - 1) / rows);  // no rows: the columns are still settled
  const bool merge = chunks > 1 && !kPendingSlack<T>;
  for (int32_t item = blockIdx.x; item < tiles * chunks; item += gridDim.x) {
    const int32_t tile = item % tiles, chunk = item / tiles;
    const int32_t j = tile * kBlock + static_cast<int32_t>(threadIdx.x);
    const ColumnState<T> column = loadSearchColumn(d, j);
    const int32_t begin = chunk * rows;
    const int32_t end = min(frontierSize, begin + rows);
    Dual best;
    int32_t bestRow;
    scanChunk(d, frontier, begin, end, j, column, tile == 0, best, bestRow);
    if (!merge) {
      if (column.live) settle(j, column, best, bestRow, chunks > 1);
    } else if (j < d.n) {
      const std::size_t slot = static_cast<std::size_t>(chunk) * d.n + j;
      d.partialSlack[slot] = best;
      d.partialIndex[slot] = bestRow;
    }
  }
  rounds.split(kPartWork);
  if (merge) {
    rounds.barrier(kSearchForward);
    for (int32_t j = gridThread(); j < d.n; j += gridThreads()) {
      const ColumnState<T> column = loadColumn(d, j);
      if (!column.live) continue;
      Dual best;
      int32_t bestRow;
      mergeChunks(d, j, chunks, best, bestRow);
      settle(j, column, best, bestRow, false);
    }
    rounds.split(kPartWork);
  }
}

// One BFS level of the tree variant: the frontier rows read, each live column settled. The settling also
// takes the smallest non-zero slack of the columns that stay uncovered: when the level ends the search
// without augmenting paths, that is the dual update's theta, with no round of its own.
template <class T, bool kProfile>
__device__ void expandTreeInRounds(const DeviceView<T>& d, SearchRounds<T, kProfile>& rounds,
                                   const int32_t* frontier, int32_t frontierSize, int32_t* nextFrontier) {
  using Dual = typename DeviceView<T>::Dual;
  Dual smallestOpen = kDualInfinity<Dual>;  // this thread's smallest slack of a column left uncovered
  scanFrontierInRounds(
      d, rounds, frontier, frontierSize,
      [&](int32_t j, const ColumnState<T>& column, Dual best, int32_t bestRow, bool chunkOnly) {
        const Dual s = chunkOnly
                           ? offerChunkMinimum(d, j, column, best, bestRow, nextFrontier, rounds.count())
                           : settleColumn(d, j, column, best, bestRow, nextFrontier, rounds.count());
        if (!d.isZero(s)) smallestOpen = min(smallestOpen, s);
      });
  smallestOpen = blockMin(smallestOpen);
  if (threadIdx.x == 0) atomicMin(rounds.minKey(), orderKey(smallestOpen));
  rounds.split(kPartReduce);
  rounds.barrier(kSearchForward);
}

// Barrier of the `team` first blocks (all resident: the launch is cooperative). Thread 0 of each block
// arrives; the last one resets the count and releases the next generation. The block barrier before the
// arrival and the release/acquire pair order every thread's writes before the barrier ahead of every
// thread's reads after it (release is cumulative), so no separate fences are needed.
__device__ inline void teamBarrier(SearchScalars* scalars, uint32_t team, uint32_t& generation) {
  __syncthreads();
  if (threadIdx.x == 0) {
    cuda::atomic_ref<uint32_t, cuda::thread_scope_device> arrived(scalars->teamArrived);
    cuda::atomic_ref<uint32_t, cuda::thread_scope_device> released(scalars->teamGeneration);
    if (arrived.fetch_add(1u, cuda::memory_order_acq_rel) == team - 1) {
      arrived.store(0u, cuda::memory_order_relaxed);
      released.store(generation + 1, cuda::memory_order_release);
    } else {
      while (released.load(cuda::memory_order_acquire) == generation) {
      }
    }
  }
  __syncthreads();
  ++generation;
}

// Tree variant, frontier of at most kTeamFrontier rows: the first min(tiles, blocks) blocks run BFS levels
// and dual updates among themselves (each owns the same column tiles throughout) until the frontier grows
// past kTeamFrontier, or runs dry with augmenting paths found. The other blocks go straight on to the next
// grid barrier. Block 0 hands back the frontier's size, the frontier swaps, the counts and any failure.
template <class T, bool kProfile>
__device__ void searchAsTeam(const DeviceView<T>& d, SearchRounds<T, kProfile>& rounds,
                             SearchScalars* scalars, int32_t* frontier, int32_t* next, int32_t frontierSize) {
  using Dual = typename DeviceView<T>::Dual;
  const int32_t tiles = (d.n + kBlock - 1) / kBlock;
  const uint32_t team = min(static_cast<uint32_t>(tiles), gridDim.x);
  if (blockIdx.x >= team) return;
  uint32_t generation = loadRelaxed(scalars->teamGeneration);  // stays put until every team block arrives
  const auto clearAfterNext = [&] {
    if (rounds.leader()) {
      scalars->teamCount[(generation + 1) % 3] = 0;
      scalars->teamMinKey[(generation + 1) % 3] = orderKey(kDualInfinity<Dual>);
    }
  };
  int32_t size = frontierSize, swaps = 0, levels = 0, dualUpdates = 0, failure = 0;
  for (;;) {
    int32_t* reachedCount = &scalars->teamCount[generation % 3];
    rounds.noteLevel(size, true);
    Dual smallestOpen = kDualInfinity<Dual>;
    for (int32_t tile = blockIdx.x; tile < tiles; tile += team) {
      const int32_t j = tile * kBlock + static_cast<int32_t>(threadIdx.x);
      const ColumnState<T> column = loadSearchColumn(d, j);
      Dual best;
      int32_t bestRow;
      scanChunk(d, frontier, 0, size, j, column, tile == 0, best, bestRow);
      if (column.live) {
        const Dual s = settleColumn(d, j, column, best, bestRow, next, reachedCount);
        if (!d.isZero(s)) smallestOpen = min(smallestOpen, s);
      }
    }
    rounds.split(kPartWork);
    smallestOpen = blockMin(smallestOpen);
    if (threadIdx.x == 0) atomicMin(&scalars->teamMinKey[generation % 3], orderKey(smallestOpen));
    rounds.split(kPartReduce);
    teamBarrier(scalars, team, generation);
    rounds.split(kPartBarrier);
    clearAfterNext();
    if (rounds.leader()) rounds.book(kSearchForward);
    ++levels;
    int32_t* const expanded = frontier;
    frontier = next;
    next = expanded;
    ++swaps;
    const int32_t reached = loadRelaxed(scalars->teamCount[(generation + 2) % 3]);
    const Dual theta = fromOrderKey<Dual>(loadRelaxed(scalars->teamMinKey[(generation + 2) % 3]));
    size = reached;
    if (reached > 0) {
      if (reached > kTeamFrontier) break;
      continue;
    }
    if (loadRelaxed(d.counters->reverse) > 0) break;  // the frontier ran dry with augmenting paths
    if (theta == kDualInfinity<Dual>) {
      failure = kSearchInfeasible;
      break;
    }
    if (levels + dualUpdates > 16LL * d.n + 64) {
      failure = kSearchRunaway;
      break;
    }
    // Dual update by the team; the tree rows at the new zero-slack columns form the frontier.
    for (int32_t k = blockIdx.x * kBlock + static_cast<int32_t>(threadIdx.x); k < d.n;
         k += static_cast<int32_t>(team) * kBlock) {
      foldPendingSlackAt(d, k);
      updateDualsAndSlackAt(d, k, theta, frontier, &scalars->teamCount[generation % 3]);
    }
    rounds.split(kPartWork);
    teamBarrier(scalars, team, generation);
    rounds.split(kPartBarrier);
    clearAfterNext();
    if (rounds.leader()) rounds.book(kSearchDualUpdate);
    rounds.noteDualUpdate(true);
    ++dualUpdates;
    size = loadRelaxed(scalars->teamCount[(generation + 2) % 3]);
    if (size > kTeamFrontier) break;
  }
  if (rounds.leader()) {
    scalars->teamFrontier = size;
    scalars->teamSwaps = swaps;
    scalars->teamLevels = levels;
    scalars->teamDualUpdates = dualUpdates;
    scalars->teamFailure = failure;
  }
}

// --- Keeping the forest (tree variant). An iteration ends when its frontier runs dry: every tree that
// reached a free column augments one path, and the others are complete at the current duals. A new search
// from the free rows alone would grow those again, one level per tree depth. Instead the next search keeps
// the trees whose root did not augment: their rows stay uncovered with their predecessors, their columns
// covered, and its first level reads all their rows at once (every uncovered column's slack is computed
// afresh; the dissolved trees' columns are uncovered again). The tree edges stay tight: the duals did not
// change. Every tree row's root is found by pointer jumping, and with it each tree's path is chosen and
// augmented in one walk from its free column (the classical variant's reverse pass and augmentation walk each
// path twice).

// Row k's parent in its tree (the row whose level reached k's column), k itself for a root or a row outside
// the forest: the start of pointer jumping.
template <class T>
__device__ void startRootSearchAt(const DeviceView<T>& d, int32_t k) {
  const int32_t col = d.rowState[k] != kInactive ? d.rowPred[k] : -1;
  d.rowRoot[k] = col == -1 ? k : d.colPred[col];
}

// Jumps per round of pointer jumping: a round multiplies the distance a pointer covers by up to
// kRootJumps + 1, so trees some 300 levels deep need four rounds.
inline constexpr int kRootJumps = 4;

// One round of pointer jumping for row k; returns 1 while its pointer is not yet a root. A pointer read while
// another thread moves it is still an ancestor, and a root points at itself for good.
template <class T>
__device__ int32_t climbTowardsRootAt(const DeviceView<T>& d, int32_t k) {
  const int32_t start = loadRelaxed(d.rowRoot[k]);
  int32_t up = start;
  for (int jump = 0; jump < kRootJumps; ++jump) {
    const int32_t upper = loadRelaxed(d.rowRoot[up]);
    if (upper == up) break;
    up = upper;
  }
  if (up != start) storeRelaxed(d.rowRoot[k], up);
  return loadRelaxed(d.rowRoot[up]) != up;
}

// Reverse column k's tree augments through it if no other reverse column of the tree claimed its root first:
// walking back from the column to the root, each row takes the column its level reached. Trees are
// vertex-disjoint, so the walks of different roots touch different vertices.
template <class T>
__device__ void augmentTreePathFrom(const DeviceView<T>& d, int32_t k, int32_t* rootCount) {
  int32_t col = d.reverseCols[k];
  const int32_t root = d.rowRoot[d.colPred[col]];
  if (atomicCAS(&d.rootMark[root], 0, 1) != 0) return;
  d.roots[appendSlot(rootCount)] = root;
  while (col != -1) {
    const int32_t row = d.colPred[col];
    const int32_t previous = d.rowPred[row];
    d.rowAssign[row] = col;
    d.colAssign[col] = row;
    col = previous;
  }
}

// The optimality check's reset (checkOptimalityAt) except for the trees whose root did not augment (rowRoot
// holds every tree row's root, rootMark the augmented roots): those stay. Returns 1 if row k is assigned.
// (checkOptimalityAt itself would clear rowMinCol, the storage of rowRoot, while other threads read it.)
template <class T>
__device__ int32_t keepSurvivingTreesAt(const DeviceView<T>& d, int32_t k) {
  using Dual = typename DeviceView<T>::Dual;
  const auto survives = [&](int32_t row) { return d.rootMark[d.rowRoot[row]] == 0; };
  const int32_t assigned = d.rowAssign[k] != -1;
  if (d.rowState[k] == kInactive || !survives(k)) {
    d.rowCover[k] = assigned;
    d.rowPred[k] = -1;
  }
  if (d.colCover[k] == 0 || !survives(d.colPred[k])) {
    d.colCover[k] = 0;
    d.colPred[k] = -1;
  }
  d.slack[k] = kDualInfinity<Dual>;
  return assigned;
}

// Classical variant, end of an iteration: reverse pass (a path per root, walked back from its free columns),
// augmentation (walked again from the root) and optimality check, each a round; returns the number of paths.
// The round that ends with the check counts assigned rows.
template <class T, bool kProfile>
__device__ int32_t augmentAndCheck(const DeviceView<T>& d, SearchRounds<T, kProfile>& rounds,
                                   int32_t reverseCount) {
  for (int32_t k = gridThread(); k < reverseCount; k += gridThreads()) reverseFrom(d, k, rounds.count());
  rounds.barrier(kSearchAugment);
  const int32_t rootCount = rounds.lastCount();
  for (int32_t k = gridThread(); k < rootCount; k += gridThreads()) augmentFrom(d, d.roots[k]);
  if constexpr (kProfile) {
    for (int32_t k = gridThread(); k < reverseCount; k += gridThreads()) rounds.notePathFrom(k);
  }
  rounds.barrier(kSearchAugment);
  int32_t assigned = 0;
  for (int32_t k = gridThread(); k < d.n; k += gridThreads()) assigned += checkOptimalityAt(d, k);
  rounds.addToCount(assigned);
  rounds.barrier(kSearchAugment);
  return rootCount;
}

// A tree-variant iteration keeps its surviving trees when its search ran more than this many rounds, or
// started from kept trees (after a full reset the next iteration would grow them all again). Shallow trees
// are not kept: kept trees hold on to their columns, where trees grown afresh share the columns out again,
// and shallow searches then took more iterations (docs/results/lap-gpu.md, "The forest kept").
inline constexpr int32_t kKeepForestRounds = 8;

// Tree variant, end of an iteration: every tree row's root by pointer jumping (a round to start, then rounds
// until every pointer reached a root), one path augmented per tree that reached a free column, and the reset,
// which with `keep` keeps the other trees. Returns the number of paths; the round that ends with the reset
// counts assigned rows.
template <class T, bool kProfile>
__device__ int32_t augmentAndKeepForest(const DeviceView<T>& d, SearchRounds<T, kProfile>& rounds,
                                        int32_t reverseCount, bool keep) {
  for (int32_t k = gridThread(); k < d.n; k += gridThreads()) startRootSearchAt(d, k);
  rounds.barrier(kSearchAugment);
  do {
    int32_t climbing = 0;
    for (int32_t k = gridThread(); k < d.n; k += gridThreads()) climbing += climbTowardsRootAt(d, k);
    climbing = blockSum(climbing);
    if (threadIdx.x == 0 && climbing > 0) atomicAdd(rounds.count(), climbing);
    rounds.barrier(kSearchAugment);
  } while (rounds.lastCount() > 0);
  for (int32_t k = gridThread(); k < reverseCount; k += gridThreads())
    augmentTreePathFrom(d, k, rounds.count());
  if constexpr (kProfile) {
    for (int32_t k = gridThread(); k < reverseCount; k += gridThreads()) rounds.notePathFrom(k);
  }
  rounds.barrier(kSearchAugment);
  const int32_t rootCount = rounds.lastCount();
  int32_t assigned = 0;
  for (int32_t k = gridThread(); k < d.n; k += gridThreads())
    assigned += keep ? keepSurvivingTreesAt(d, k) : checkOptimalityAt(d, k);
  rounds.addToCount(assigned);
  rounds.barrier(kSearchAugment);
  return rootCount;
}

// Up to `iterationLimit` whole Hungarian iterations, starting right after an optimality check that left rows
// unassigned (the classical variant's zero-slack lists up to date). The leader publishes what was done.
// With kProfile, `profile` receives one SearchIterationProfile per iteration (bench --search-profile).
// Watch its registers (nvcc -Xptxas -v) after a change: ptxas gives the integer tree kernel 80 registers, so
// that 3 blocks per multiprocessor run; a version that got more ran 2 blocks and streamed the matrix slower,
// and launch bounds that held it to 80 made it spill in its loops (docs/results/lap-gpu.md, "The forest
// kept").
template <class T, bool kClassical, bool kProfile>
__global__ void __launch_bounds__(kBlock)
    searchKernel(DeviceView<T> d, SearchScalars* scalars, int32_t* frontierA, int32_t* frontierB,
                 int32_t iterationLimit, SearchIterationProfile* profile) {
  using Dual = typename DeviceView<T>::Dual;
  SearchRounds<T, kProfile> rounds(d, scalars, profile);
  int32_t* frontier = frontierA;  // the rows of the current level
  int32_t* next = frontierB;      // the rows the current level queues
  int32_t iterations = 0, paths = 0, levels = 0, dualUpdates = 0, failure = 0;
  int64_t rowsScanned = 0;

  while (iterations < iterationLimit && failure == 0) {
    rounds.startIteration();
    // Start of a search: every uncovered row forms the frontier (the free rows, and the rows of any trees
    // kept).
    for (int32_t i = gridThread(); i < d.n; i += gridThreads()) {
      startForwardPassAt(d, i, frontier, rounds.count());
      if constexpr (kPendingSlack<T> && !kClassical) d.colKey[i] = kNoPendingSlack;
    }
    if (rounds.leader()) d.counters->reverse = 0;
    rounds.barrier(kSearchForward);
    int32_t frontierSize = rounds.lastCount();
    if (kProfile && !kClassical && scalars->keptFreeRows >= 0)
      rounds.noteKeptRows(frontierSize - scalars->keptFreeRows);

    for (;;) {
      // Forward levels until the frontier runs dry.
      while (frontierSize > 0 && !rounds.runaway()) {
        if (!kClassical && frontierSize <= kTeamFrontier) {
          searchAsTeam(d, rounds, scalars, frontier, next, frontierSize);
          rounds.barrier(kSearchForward);
          if (loadRelaxed(scalars->teamSwaps) % 2 != 0) {
            int32_t* const other = frontier;
            frontier = next;
            next = other;
          }
          frontierSize = loadRelaxed(scalars->teamFrontier);
          const int32_t teamLevels = loadRelaxed(scalars->teamLevels);
          const int32_t teamDualUpdates = loadRelaxed(scalars->teamDualUpdates);
          levels += teamLevels;
          dualUpdates += teamDualUpdates;
          rounds.addRounds(teamLevels + teamDualUpdates);
          failure = loadRelaxed(scalars->teamFailure);
          if (failure != 0) break;
          continue;
        }
        rounds.noteLevel(frontierSize, false);
        if constexpr (kClassical) {
          for (int32_t k = gridThread(); k < frontierSize; k += gridThreads())
            expandClassicalRow(d, frontier[k], next, rounds.count());
          rounds.barrier(kSearchForward);
        } else {
          expandTreeInRounds(d, rounds, frontier, frontierSize, next);
        }
        int32_t* const expanded = frontier;
        frontier = next;
        next = expanded;
        frontierSize = rounds.lastCount();
        ++levels;
      }
      if (failure == 0 && rounds.runaway()) failure = kSearchRunaway;
      if (failure != 0) break;
      if (loadRelaxed(d.counters->reverse) > 0) break;  // augmenting paths found

      // Dual update. The classical variant restarts the search from the rows with new zero edges; the tree
      // variant takes theta from the level that just ended (the smallest slack of an uncovered column) and
      // continues from the tree rows at the new zero-slack columns.
      if constexpr (kClassical) {
        if (!classicalDualUpdateInRounds(d, rounds, frontier, frontierSize, rowsScanned)) {
          failure = kSearchInfeasible;
          break;
        }
        ++dualUpdates;
        ++levels;  // the restarted search's first level ran inside the update
        rounds.noteDualUpdate(false);
      } else {
        const Dual theta = rounds.lastMin();
        if (theta == kDualInfinity<Dual>) {
          failure = kSearchInfeasible;
          break;
        }
        ++dualUpdates;
        rounds.noteDualUpdate(false);
        for (int32_t k = gridThread(); k < d.n; k += gridThreads()) {
          foldPendingSlackAt(d, k);
          updateDualsAndSlackAt(d, k, theta, frontier, rounds.count());
        }
        rounds.barrier(kSearchDualUpdate);
        frontierSize = rounds.lastCount();
      }
    }
    if (failure != 0) break;

    // Reverse pass, augmentation, optimality check.
    const int32_t reverseCount = loadRelaxed(d.counters->reverse);
    int32_t rootCount;
    if constexpr (kClassical) {
      rootCount = augmentAndCheck(d, rounds, reverseCount);
    } else {
      const bool keep =
          loadRelaxed(scalars->keptFreeRows) >= 0 || rounds.roundsThisIteration() > kKeepForestRounds;
      rootCount = augmentAndKeepForest(d, rounds, reverseCount, keep);
      if (rounds.leader()) scalars->keptFreeRows = keep ? d.n - rounds.lastCount() : -1;
    }
    paths += rootCount;
    rounds.finishProfiledIteration(reverseCount, rootCount);
    ++iterations;
    if (rounds.lastCount() == d.n) break;
  }

  publishSearch(d, rounds, iterations, paths, levels, dualUpdates, failure, rowsScanned);
}

}  // namespace ms::lap::gpu

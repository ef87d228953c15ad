#pragma once
// Device-resident search of the tree variant on floating costs: a forest kept across augmentations, grown by
// closures over known zero-slack edges.
//
// Why (docs/results/lap-gpu.md, "Profiling the search"): on real costs nearly every iteration augments one
// path, yet the search rebuilt the alternating trees of every free row from scratch each time, reading each
// tree row in full again (7.0 million rows at n = 10000), and it grew them one grid-wide BFS level at a time,
// about five levels per dual update over edges that earlier dual updates had made tight. Here:
// - The forest stays. An augmentation ends only the trees it went through (every tree that reached a free
//   column); their rows and columns leave the forest with their duals brought up to date, and the columns
//   whose smallest slack came from one of their rows get it again from the rows that stay.
// - Each row keeps a short list of columns known to be at zero slack. Block 0 follows the lists from the rows
//   that join (the closure: a block-local BFS) while the rest of the grid waits; one grid round then reads
//   the joined rows in full for the column slacks.
// - Dual updates are lazy, as in Jonker-Volgenant: the forest's duals move with a running total of theta,
//   applied to a vertex when it leaves the forest and to all when the kernel ends. A cycle of the search is
//   two grid barriers (closure, read); a dual update takes no round of its own.
//
// The lists are only a shortcut: an edge missing from them shows as a zero slack when its row is read (and
// joins the list then), an edge no longer tight is dropped when its row is next expanded, a full list drops
// new edges. Either way the same columns are reached, a cycle later.
//
// The two variants differ where Date & Nagi's do, in where theta comes from. The tree variant keeps each
// uncovered column's smallest slack over the forest's rows, and its read goes over the joined rows column by
// column. The classical variant keeps each forest row's smallest slack over the uncovered columns and the
// column where it lies (the classical dual update's minimum over the uncovered cells, row by row), and its
// read takes each joined row in full, in row segments spread over the grid. A row's kept minimum is a lower
// bound once its column is covered: every read also looks at the other forest rows' minima, lists the rows
// whose column was covered (or reached zero slack) since for the next cycle's read, and offers every kept
// minimum to the dual update as it is (a theta no larger than each row's bound keeps the duals feasible).

#include "solver/lap/hungarian/cuda/search_device.cuh"

namespace ms::lap::gpu {

// Known zero-slack columns per row.
inline constexpr int32_t kTightEdgesPerRow = 8;

// Classical: a forest row's kept column when its kept minimum is no longer known (see foldReleasedColumns).
// -1 is a row not read yet, or one without an open column.
inline constexpr int32_t kReadAgain = -2;

// Counts appended during an augmentation round, one set per parity of the iteration (a set is cleared while
// the other is in use): live forest rows, columns whose slack is stale, queued rows whose tree lives on.
inline constexpr int kLiveRows = 0, kStaleCols = 1, kSurvivors = 2, kCountsPerParity = 3;

// What the closure search keeps besides DeviceView's arrays.
template <class T>
struct ClosureView {
  using Dual = DualOf<T>;
  // Row i's list: kTightEdgesPerRow entries from i * kTightEdgesPerRow, each a column and the row's cost
  // there (so that checking an edge reads no matrix entry), and the entries appended to it (those past the
  // capacity were dropped).
  int32_t* tightCols;
  T* tightCosts;
  int32_t* tightCount;
  int32_t* rowRoot;     // the free row at the root of row i's tree
  int32_t* forestRows;  // after an augmentation: the rows left in the forest
  int32_t* staleCols;   // after an augmentation: the columns whose slack is recomputed
  int32_t* counts;      // 2 * kCountsPerParity
  // The running total of theta when the row or column joined the forest. An uncovered column's slack is
  // kept shifted by the total: its slack is slack[j] - total.
  Dual* rowJoin;
  Dual* colJoin;
  // Per block of the grid, after each read: its columns' smallest shifted slack left open, and that column.
  Dual* blockBest;
  int32_t* blockBestCol;
  // Block 0's closure, for the other blocks: the new total and any failure.
  Dual* total;
  int32_t* failure;
  // Per parity of the cycle: set when the cycle's closure or read reached a free column. The grid decides to
  // stop growing the forest from this flag, not from the reverse columns' count: the next cycle's closure may
  // add to the count while a slower block still reads it, and the blocks must all take the same branch.
  int32_t* reverseSeen;
};

// What the classical variant's closure search keeps besides ClosureView's arrays (a separate kernel
// parameter, so that the tree variant's kernel is compiled as before it existed). Per forest row: its
// smallest shifted slack over the uncovered columns when it was last read (the column: DeviceView::rowMinCol,
// -1 before the row's first read, or kReadAgain), and the cycle whose read takes it in full (its minimum is
// then rewritten, so the other rows' pass leaves it alone). Per parity of the cycle, the rows listed for that
// read besides the joined ones (n each) and their count. Per row read, the blocks done with its segments.
// (ClosureView's blockBestCol then holds a row, not a column.)
template <class T>
struct RowMinimaView {
  DualOf<T>* rowMin;
  int32_t* readCycle;
  int32_t* rereadRows;
  int32_t* rereadCount;
  uint32_t* segmentsDone;
};

template <class T>
__device__ void addTightEdge(const DeviceView<T>& d, const ClosureView<T>& c, int32_t i, int32_t j) {
  const int32_t slot = atomicAdd(&c.tightCount[i], 1);
  if (slot >= kTightEdgesPerRow) return;
  const std::size_t at = static_cast<std::size_t>(i) * kTightEdgesPerRow + slot;
  c.tightCols[at] = j;
  c.tightCosts[at] = d.row(i)[j];
}

// Column j has been claimed (once) for row `pred` of the forest, whose tree has root `root`, at zero slack:
// its row joins the tree (queued in `rows`), or j ends an augmenting path. A claimed column brings its row
// once, so the row needs no claim of its own.
template <class T>
__device__ void joinThrough(const DeviceView<T>& d, const ClosureView<T>& c, int32_t j, int32_t pred,
                            int32_t root, typename DeviceView<T>::Dual total, int32_t* rows,
                            int32_t* rowCount, int32_t* reverseSeen) {
  storeRelaxed(d.colPred[j], pred);
  const int32_t next = d.colAssign[j];
  if (next == -1) {
    markReverse(d, j);
    storeRelaxed(*reverseSeen, 1);
    return;
  }
  c.colJoin[j] = total;
  c.rowJoin[next] = total;
  c.rowRoot[next] = root;
  d.rowPred[next] = j;
  d.rowCover[next] = 0;
  storeRelaxed(d.colCover[j], 1);
  d.rowState[next] = kActive;
  rows[appendSlot(rowCount)] = next;
}

// Rows [head, tail) of the closure have just joined: their listed columns still uncovered and at zero slack
// join through them (an assigned one claimed once: several rows may reach it, and the column, its row and the
// row's root must name one tree). A tile of kTightEdgesPerRow threads takes a row, a thread one listed
// column, so that the list's reads overlap; the list is rewritten without the edges that are no longer tight.
// A joined row's dual is as when it joined and an uncovered column's has not moved since: the slack is exact.
template <class T>
__device__ void expandTightEdges(const DeviceView<T>& d, const ClosureView<T>& c, int32_t head, int32_t tail,
                                 typename DeviceView<T>::Dual total, int32_t* rows, int32_t* rowCount,
                                 int32_t* reverseSeen) {
  namespace cg = cooperative_groups;
  const auto tile = cg::tiled_partition<kTightEdgesPerRow>(cg::this_thread_block());
  const auto lane = static_cast<int32_t>(tile.thread_rank());
  for (int32_t k = head + static_cast<int32_t>(tile.meta_group_rank()); k < tail;
       k += static_cast<int32_t>(tile.meta_group_size())) {
    const int32_t r = rows[k];
    const std::size_t first = static_cast<std::size_t>(r) * kTightEdgesPerRow;
    const bool listed = lane < min(c.tightCount[r], kTightEdgesPerRow);
    const int32_t j = listed ? c.tightCols[first + lane] : -1;
    const T cost = listed ? c.tightCosts[first + lane] : T{};
    const int32_t root = c.rowRoot[r];
    const auto u = d.rowDual[r];
    bool keep = false;
    if (j >= 0) {
      if (loadRelaxed(d.colCover[j]) != 0) {
        keep = true;  // whether it is still tight is not known here
      } else if (d.isZero(static_cast<typename DeviceView<T>::Dual>(cost) - u - d.colDual[j])) {
        keep = true;
        // A free column may be reached by several trees: the reverse pass follows whichever predecessor
        // stayed.
        if (d.colAssign[j] == -1 || atomicCAS(&d.colCover[j], 0, 1) == 0)
          joinThrough(d, c, j, r, root, total, rows, rowCount, reverseSeen);
      }
    }
    const unsigned kept = tile.ballot(keep);
    if (keep) {
      const std::size_t at = first + __popc(kept & ((1u << lane) - 1));
      c.tightCols[at] = j;
      c.tightCosts[at] = cost;
    }
    if (lane == 0) c.tightCount[r] = __popc(kept);
  }
}

// The value of thread 0's `value` in every thread of the block.
template <class V>
__device__ inline V broadcast(V value) {
  __shared__ V shared;
  if (threadIdx.x == 0) shared = value;
  __syncthreads();
  const V result = shared;
  __syncthreads();
  return result;
}

// Classical: uncovered column j is at zero slack from forest row i: it goes to the row's list and joins
// through the row unless another row claimed it first (an unassigned column ends a path for every tree that
// reaches it).
template <class T>
__device__ void joinUnlessClaimed(const DeviceView<T>& d, const ClosureView<T>& c, int32_t j, int32_t i,
                                  int32_t root, typename DeviceView<T>::Dual total, int32_t* rows,
                                  int32_t* rowCount, int32_t* reverseSeen) {
  addTightEdge(d, c, i, j);
  if (d.colAssign[j] == -1 || atomicCAS(&d.colCover[j], 0, 1) == 0)
    joinThrough(d, c, j, i, root, total, rows, rowCount, reverseSeen);
}

// Classical: forest row i is read in full in cycle `cycle` (listed once).
template <class T>
__device__ void listForRead(const DeviceView<T>& d, const RowMinimaView<T>& m, int32_t i, int32_t cycle) {
  if (atomicExch(&m.readCycle[i], cycle) == cycle) return;
  const int32_t parity = cycle % 2;
  m.rereadRows[static_cast<std::size_t>(parity) * d.n + appendSlot(&m.rereadCount[parity])] = i;
}

// Classical, block 0 at a dual update: block b's candidate row is at the new total, so its kept column joins
// through it unless the column was covered since; either way the row is read again.
template <class T>
__device__ void joinRowAtDualUpdate(const DeviceView<T>& d, const ClosureView<T>& c,
                                    const RowMinimaView<T>& m, int32_t b, typename DeviceView<T>::Dual total,
                                    int32_t* rows, int32_t* joined, int32_t* reverseSeen, int32_t cycle) {
  if (!d.isZero(c.blockBest[b] - total)) return;
  const int32_t row = c.blockBestCol[b];
  const int32_t j = d.rowMinCol[row];
  if (j >= 0 && loadRelaxed(d.colCover[j]) == 0)
    joinUnlessClaimed(d, c, j, row, c.rowRoot[row], total, rows, joined, reverseSeen);
  listForRead(d, m, row, cycle);
}

// Block 0: the closure of the `queued` rows already in `rows`, counted in the round's count. After a read
// that brought no rows (`dualUpdate`), the rows come from the candidates a dual update brings to zero slack:
// the new total is the smallest open slack the read left. Writes the total for the other blocks, or the
// failure. Classical: the rows that joined and the rows to read again are marked for this cycle's read.
template <class T, bool kProfile, bool kClassical>
__device__ void closeOverTightEdges(const DeviceView<T>& d, const ClosureView<T>& c,
                                    const RowMinimaView<T>& m, SearchRounds<T, kProfile>& rounds,
                                    int32_t* rows, int32_t queued, bool dualUpdate,
                                    typename DeviceView<T>::Dual total, int32_t* reverseSeen, int32_t cycle) {
  using Dual = typename DeviceView<T>::Dual;
  __shared__ int32_t
      joined;  // rows in `rows` (appends to shared memory are cheaper than to the round's count)
  if (threadIdx.x == 0) {
    joined = queued;
    if constexpr (kClassical) m.rereadCount[(cycle + 1) % 2] = 0;  // its rows were read a cycle ago
  }
  if (dualUpdate) {
    Dual smallest = kDualInfinity<Dual>;
    for (int32_t b = static_cast<int32_t>(threadIdx.x); b < static_cast<int32_t>(gridDim.x); b += kBlock)
      smallest = min(smallest, c.blockBest[b]);
    total = broadcast(blockMin(smallest));
    if (total == kDualInfinity<Dual>) {
      if (threadIdx.x == 0) *c.failure = kSearchInfeasible;
      return;
    }
    for (int32_t b = static_cast<int32_t>(threadIdx.x); b < static_cast<int32_t>(gridDim.x); b += kBlock) {
      if constexpr (kClassical) {
        joinRowAtDualUpdate(d, c, m, b, total, rows, &joined, reverseSeen, cycle);
      } else {  // block b's candidate column joins through the row its slack came from
        const int32_t j = c.blockBestCol[b];
        if (j < 0 || !d.isZero(c.blockBest[b] - total)) continue;
        const int32_t pred = d.colPred[j];
        addTightEdge(d, c, pred, j);
        joinThrough(d, c, j, pred, c.rowRoot[pred], total, rows, &joined, reverseSeen);
      }
    }
  }
  if (threadIdx.x == 0) *c.total = total;
  __syncthreads();
  for (int32_t head = 0;;) {
    const int32_t tail = joined;
    __syncthreads();  // every thread has read the tail before the level appends
    if (head == tail) break;
    expandTightEdges(d, c, head, tail, total, rows, &joined, reverseSeen);
    rounds.noteClosureLevel();
    __syncthreads();
    head = tail;
  }
  if constexpr (kClassical) {
    for (int32_t k = static_cast<int32_t>(threadIdx.x); k < joined; k += kBlock) m.readCycle[rows[k]] = cycle;
  }
  if (threadIdx.x == 0) atomicAdd(rounds.count(), joined);
}

// Every block, at the end of a read: its smallest open slack over its threads' `open` and that column (tree)
// or row (classical), for block 0's next dual update. Ends the round.
template <class T, bool kProfile>
__device__ void publishBlockBest(const ClosureView<T>& c, SearchRounds<T, kProfile>& rounds,
                                 SlackAt<typename DeviceView<T>::Dual> open) {
  using Reduce = cub::BlockReduce<SlackAt<typename DeviceView<T>::Dual>, kBlock>;
  __shared__ typename Reduce::TempStorage storage;
  open = Reduce(storage).Reduce(open, smallerSlack<typename DeviceView<T>::Dual>);
  if (threadIdx.x == 0) {
    c.blockBest[blockIdx.x] = open.slack;
    c.blockBestCol[blockIdx.x] = open.col;
  }
  rounds.split(kPartReduce);
  rounds.barrier(kSearchForward);
}

// Every block: the rows that joined, read in full. Each live column's shifted slack is lowered to what they
// offer; a column at zero slack joins through its predecessor (and goes to that row's list), and the rows it
// brings are queued in `nextRows` for the next closure. Each block leaves its smallest open slack in
// blockBest. With no rows, the columns' minima alone. Ends the round.
template <class T, bool kProfile>
__device__ void readJoinedRows(const DeviceView<T>& d, const ClosureView<T>& c,
                               SearchRounds<T, kProfile>& rounds, const int32_t* rows, int32_t rowCount,
                               typename DeviceView<T>::Dual total, int32_t* nextRows, int32_t* reverseSeen) {
  using Dual = typename DeviceView<T>::Dual;
  SlackAt<Dual> open{kDualInfinity<Dual>, -1};  // this thread's smallest shifted slack left open
  scanFrontierInRounds(d, rounds, rows, rowCount,
                       [&](int32_t j, const ColumnState<T>& column, Dual best, int32_t bestRow, bool) {
                         Dual s = column.slack;
                         if (best + total < s) {
                           s = best + total;
                           d.slack[j] = s;
                           d.colPred[j] = bestRow;
                         }
                         if (d.isZero(s - total)) {
                           const int32_t pred = d.colPred[j];
                           addTightEdge(d, c, pred, j);
                           joinThrough(d, c, j, pred, c.rowRoot[pred], total, nextRows, rounds.count(),
                                       reverseSeen);
                         } else {
                           open = smallerSlack(open, {s, j});
                         }
                       });
  publishBlockBest(c, rounds, open);
}

// Classical: one block reads columns [begin, end) of forest row i. Its uncovered columns at zero slack join
// through it (an assigned one claimed once, as in the closure) and go to its list. Returns, in thread 0, the
// smallest open shifted slack and its column. The minimum is taken in a pass of loads alone, which the
// compiler can overlap; zero slacks, rare on real costs, take a second pass.
template <class T>
__device__ SlackAt<typename DeviceView<T>::Dual> readRowSegment(
    const DeviceView<T>& d, const ClosureView<T>& c, int32_t i, int32_t begin, int32_t end,
    typename DeviceView<T>::Dual total, int32_t* nextRows, int32_t* rowCount, int32_t* reverseSeen) {
  using Dual = typename DeviceView<T>::Dual;
  using Reduce = cub::BlockReduce<SlackAt<Dual>, kBlock>;
  __shared__ typename Reduce::TempStorage storage;
  const T* __restrict__ costs = d.row(i);
  const Dual shift = c.rowJoin[i] - d.rowDual[i];  // shifted slack: cost - column dual + shift
  const auto slackAt = [&](int32_t j) { return static_cast<Dual>(costs[j]) - d.colDual[j] + shift; };
  SlackAt<Dual> open{kDualInfinity<Dual>, -1};
  bool zeroSeen = false;
#pragma unroll 4
  for (int32_t j = begin + static_cast<int32_t>(threadIdx.x); j < end; j += kBlock) {
    const Dual s = slackAt(j);
    if (d.colCover[j] != 0) continue;
    if (d.isZero(s - total)) {
      zeroSeen = true;
    } else if (s < open.slack) {
      open = {s, j};
    }
  }
  if (__syncthreads_or(zeroSeen)) {
    const int32_t root = c.rowRoot[i];
    for (int32_t j = begin + static_cast<int32_t>(threadIdx.x); j < end; j += kBlock) {
      if (loadRelaxed(d.colCover[j]) == 0 && d.isZero(slackAt(j) - total))
        joinUnlessClaimed(d, c, j, i, root, total, nextRows, rowCount, reverseSeen);
    }
  }
  open = Reduce(storage).Reduce(open, smallerSlack<Dual>);
  __syncthreads();  // the reduction's storage is reused by the block's next segment
  return open;
}

// Classical, thread 0 of the block that read row i's last segment: `best` becomes the row's kept minimum,
// and the row counts as read in full (the trace's rows scanned). Returns it with the row in place of the
// column.
template <class T>
__device__ SlackAt<typename DeviceView<T>::Dual> keepRowMinimum(const DeviceView<T>& d,
                                                                const RowMinimaView<T>& m, int32_t i,
                                                                SlackAt<typename DeviceView<T>::Dual> best) {
  m.rowMin[i] = best.slack;
  d.rowMinCol[i] = best.col;
  atomicAdd(&d.counters->rowsScanned, 1ULL);
  return {best.slack, i};
}

// Classical, warp 0 of the block that read the last of the `count` segments of row i (item `first` on):
// their minima merged into the row's kept minimum. Returns it in thread 0, with the row in place of the
// column (keepRowMinimum).
template <class T>
__device__ SlackAt<typename DeviceView<T>::Dual> mergeRowSegments(const DeviceView<T>& d,
                                                                  const RowMinimaView<T>& m, int32_t i,
                                                                  int64_t first, int32_t count) {
  using Dual = typename DeviceView<T>::Dual;
  using Reduce = cub::WarpReduce<SlackAt<Dual>>;
  __shared__ typename Reduce::TempStorage storage;
  SlackAt<Dual> best{kDualInfinity<Dual>, -1};
  for (int32_t s = static_cast<int32_t>(threadIdx.x); s < count; s += 32)
    best = smallerSlack(best, {d.partialSlack[first + s], d.partialIndex[first + s]});
  best = Reduce(storage).Reduce(best, smallerSlack<Dual>);
  return threadIdx.x == 0 ? keepRowMinimum(d, m, i, best) : best;
}

// Classical, every block: the rows listed for this cycle's read (those that joined, then those listed for a
// re-read that are still in the forest), each in row segments spread over the grid (rowSegments: about two
// work items per block); the block done last with a row merges its segments. Then the other forest rows'
// kept minima, a thread per row, in blocks taken from the grid's end: a row whose column was covered since
// its read, or whose minimum reached zero slack (its column then joins through it), is listed for the next
// cycle's read. A kept minimum is a lower bound of the row's current one, so every row offers its own to the
// dual update. Each block leaves its smallest and that row in blockBest and blockBestCol. Ends the round.
template <class T, bool kProfile>
__device__ void readRowsInFull(const DeviceView<T>& d, const ClosureView<T>& c, const RowMinimaView<T>& m,
                               SearchRounds<T, kProfile>& rounds, const int32_t* rows, int32_t joined,
                               typename DeviceView<T>::Dual total, int32_t* nextRows, int32_t* reverseSeen,
                               int32_t cycle) {
  using Dual = typename DeviceView<T>::Dual;
  SlackAt<Dual> open{kDualInfinity<Dual>, -1};  // .col: the row
  const int32_t* const rereads = m.rereadRows + static_cast<std::size_t>(cycle % 2) * d.n;
  const int32_t listed = joined + m.rereadCount[cycle % 2];
  const RowSegments read = rowSegments(d.n, listed);
  for (int64_t item = blockIdx.x; item < static_cast<int64_t>(listed) * read.count; item += gridDim.x) {
    const auto k = static_cast<int32_t>(item / read.count);
    const int32_t i = k < joined ? rows[k] : rereads[k - joined];
    if (m.readCycle[i] != cycle) continue;  // its tree ended since it was listed
    const auto begin = static_cast<int32_t>(item % read.count) * read.width;
    const SlackAt<Dual> found = readRowSegment(d, c, i, begin, min(d.n, begin + read.width), total, nextRows,
                                               rounds.count(), reverseSeen);
    if (read.count == 1) {
      if (threadIdx.x == 0) open = smallerSlack(open, keepRowMinimum(d, m, i, found));
      continue;
    }
    if (threadIdx.x == 0) {
      d.partialSlack[item] = found.slack;
      d.partialIndex[item] = found.col;
    }
    if (finishedLast(&m.segmentsDone[k], static_cast<uint32_t>(read.count)) && threadIdx.x < 32) {
      const SlackAt<Dual> row = mergeRowSegments(d, m, i, item - item % read.count, read.count);
      if (threadIdx.x == 0) open = smallerSlack(open, row);
    }
  }
  const auto block = static_cast<int32_t>(gridDim.x - 1 - blockIdx.x);
  for (int32_t i = block * kBlock + static_cast<int32_t>(threadIdx.x); i < d.n; i += gridThreads()) {
    if (d.rowState[i] == kInactive || m.readCycle[i] == cycle) continue;
    const int32_t j = d.rowMinCol[i];
    if (j == -1) continue;
    const Dual kept = m.rowMin[i];
    open = smallerSlack(open, {kept, i});
    if (j == kReadAgain || loadRelaxed(d.colCover[j]) != 0) {
      listForRead(d, m, i, cycle + 1);
    } else if (d.isZero(kept - total)) {
      joinUnlessClaimed(d, c, j, i, c.rowRoot[i], total, nextRows, rounds.count(), reverseSeen);
      listForRead(d, m, i, cycle + 1);
    }
  }
  rounds.split(kPartWork);
  publishBlockBest(c, rounds, open);
}

// A vertex leaving the forest: its dual moves by the total theta since it joined. (Row and column k.)
template <class T>
__device__ void applyTotal(const DeviceView<T>& d, const ClosureView<T>& c, int32_t k,
                           typename DeviceView<T>::Dual total) {
  if (d.rowState[k] != kInactive) d.rowDual[k] += total - c.rowJoin[k];
  if (d.colCover[k] != 0) d.colDual[k] -= total - c.colJoin[k];
}

// After the augmentation (rootMark set on the roots of the trees augmented): vertex k of each side leaves the
// forest if its tree ended. Rows that stay are listed; columns whose smallest slack came from a row that
// left (and the columns that left) are listed as stale.
template <class T, bool kClassical>
__device__ void leaveEndedTrees(const DeviceView<T>& d, const ClosureView<T>& c, const RowMinimaView<T>& m,
                                int32_t k, typename DeviceView<T>::Dual total, int32_t* counts) {
  const bool inForest = d.rowState[k] != kInactive;
  if (inForest && d.rootMark[c.rowRoot[k]] != 0) {
    d.rowDual[k] += total - c.rowJoin[k];
    d.rowState[k] = kInactive;
    d.rowCover[k] = 1;  // assigned now
    d.rowPred[k] = -1;
    if constexpr (kClassical) {
      d.rowMinCol[k] = -1;  // the other rows' pass skips it when it joins again
      m.readCycle[k] = -1;  // a read it is still listed for skips it
    }
  } else if (inForest) {
    c.forestRows[appendSlot(&counts[kLiveRows])] = k;
  }
  const int32_t pred = d.colPred[k];
  if (pred >= 0 && d.rootMark[c.rowRoot[pred]] != 0) {
    if (d.colCover[k] != 0) {
      d.colDual[k] -= total - c.colJoin[k];
      d.colCover[k] = 0;
    }
    d.colPred[k] = -1;
    if constexpr (!kClassical) d.slack[k] = kDualInfinity<typename DeviceView<T>::Dual>;
    c.staleCols[appendSlot(&counts[kStaleCols])] = k;
  }
}

// One block: stale column j's smallest shifted slack over the `live` forest rows, and the row attaining it.
template <class T>
__device__ void recomputeColumn(const DeviceView<T>& d, const ClosureView<T>& c, int32_t j, int32_t live) {
  using Dual = typename DeviceView<T>::Dual;
  using Reduce = cub::BlockReduce<SlackAt<Dual>, kBlock>;
  __shared__ typename Reduce::TempStorage storage;
  const Dual v = d.colDual[j];
  SlackAt<Dual> best{kDualInfinity<Dual>, -1};  // .col: the row
  for (int32_t k = static_cast<int32_t>(threadIdx.x); k < live; k += kBlock) {
    const int32_t i = c.forestRows[k];
    best = smallerSlack(best, {static_cast<Dual>(d.row(i)[j]) - d.rowDual[i] - v + c.rowJoin[i], i});
  }
  best = Reduce(storage).Reduce(best, smallerSlack<Dual>);
  if (threadIdx.x == 0 && best.col >= 0) {
    d.slack[j] = best.slack;
    d.colPred[j] = best.col;
  }
  __syncthreads();  // the reduction's storage is reused by the block's next column
}

// Classical, one warp: forest row i stays, and the columns the ended trees released (uncovered again, their
// duals brought up to date) may offer it less than its kept minimum. The kept minimum is a lower bound over
// the columns that were uncovered already, so the smaller of the two is exact. It is not when the kept column
// itself was released (its dual moved) and the released columns offer more: the row is then read again.
template <class T>
__device__ void foldReleasedColumns(const DeviceView<T>& d, const ClosureView<T>& c,
                                    const RowMinimaView<T>& m, int32_t i, int32_t stale) {
  using Dual = typename DeviceView<T>::Dual;
  using Reduce = cub::WarpReduce<SlackAt<Dual>>;
  __shared__ typename Reduce::TempStorage storage[kBlock / 32];
  const auto lane = static_cast<int32_t>(threadIdx.x % 32);
  const Dual shift = c.rowJoin[i] - d.rowDual[i];
  const int32_t keptCol = d.rowMinCol[i];
  bool keptReleased = false;
  SlackAt<Dual> best{kDualInfinity<Dual>, -1};
  for (int32_t k = lane; k < stale; k += 32) {
    const int32_t j = c.staleCols[k];
    keptReleased |= j == keptCol;
    best = smallerSlack(best, {static_cast<Dual>(d.row(i)[j]) - d.colDual[j] + shift, j});
  }
  keptReleased = __any_sync(0xffffffffu, keptReleased);
  best = Reduce(storage[threadIdx.x / 32]).Reduce(best, smallerSlack<Dual>);
  if (lane != 0) return;
  const Dual kept = m.rowMin[i];
  if (best.slack < kept || (keptReleased && best.slack == kept)) {
    m.rowMin[i] = best.slack;
    d.rowMinCol[i] = best.col;
  } else if (keptReleased) {
    d.rowMinCol[i] = kReadAgain;
  }
}

// Up to `iterationLimit` whole iterations of the tree variant, or of the classical one (kClassical; see
// searchKernel for what is published).
template <class T, bool kProfile, bool kClassical>
__global__ void __launch_bounds__(kBlock)
    closureSearchKernel(DeviceView<T> d, ClosureView<T> c, RowMinimaView<T> m, SearchScalars* scalars,
                        int32_t* rowsA, int32_t* rowsB, int32_t iterationLimit,
                        SearchIterationProfile* profile) {
  using Dual = typename DeviceView<T>::Dual;
  SearchRounds<T, kProfile> rounds(d, scalars, profile);
  int32_t* rows = rowsA;      // the rows of the current closure and read
  int32_t* nextRows = rowsB;  // the rows a read brings
  int32_t iterations = 0, paths = 0, levels = 0, dualUpdates = 0, failure = 0;

  // The forest: every free row, a tree of its own.
  for (int32_t i = gridThread(); i < d.n; i += gridThreads()) {
    startForwardPassAt(d, i, rows, rounds.count());
    c.rowJoin[i] = 0;
    c.rowRoot[i] = i;
    if constexpr (kClassical) {
      d.rowMinCol[i] = -1;
      m.rowMin[i] = kDualInfinity<Dual>;
      m.readCycle[i] = -1;
    }
  }
  if (rounds.leader()) {
    if constexpr (kClassical) {
      m.rereadCount[0] = m.rereadCount[1] = 0;
      d.counters->rowsScanned = 0;
    }
    d.counters->reverse = 0;
    *c.failure = 0;
    for (int k = 0; k < 2 * kCountsPerParity; ++k) c.counts[k] = 0;
    c.reverseSeen[0] = c.reverseSeen[1] = 0;
  }
  rounds.barrier(kSearchForward);
  int32_t queued = rounds.lastCount();
  int32_t assigned = d.n - queued;
  Dual total = 0;
  int32_t cycle = 0;     // closure and read of the forest, counted alike by every thread
  int64_t rowsRead = 0;  // classical, profile: the rows read in full by the iterations before

  while (iterations < iterationLimit && assigned < d.n) {
    rounds.startIteration();
    int32_t* const counts = c.counts + kCountsPerParity * (iterations % 2);
    bool dualUpdate = false;
    for (;; ++cycle) {
      if (rounds.runaway()) {
        failure = kSearchRunaway;
        break;
      }
      int32_t* const reverseSeen = c.reverseSeen + cycle % 2;
      if (blockIdx.x == 0) {
        closeOverTightEdges<T, kProfile, kClassical>(d, c, m, rounds, rows, queued, dualUpdate, total,
                                                     reverseSeen, cycle);
      }
      rounds.barrier(dualUpdate ? kSearchDualUpdate : kSearchForward);
      if (dualUpdate) {
        ++dualUpdates;
        rounds.noteDualUpdate(false);
      }
      failure = loadRelaxed(*c.failure);
      if (failure != 0) break;
      total = loadRelaxed(*c.total);
      const int32_t joined = rounds.lastCount();
      if (joined > 0) {
        rounds.noteLevel(joined, false);
        ++levels;
      }
      if (rounds.leader()) c.reverseSeen[(cycle + 1) % 2] = 0;  // every block has read it, a cycle ago
      if constexpr (kClassical) {
        readRowsInFull(d, c, m, rounds, rows, joined, total, nextRows, reverseSeen, cycle);
      } else {
        readJoinedRows(d, c, rounds, rows, joined, total, nextRows, reverseSeen);
      }
      queued = rounds.lastCount();
      if (loadRelaxed(*reverseSeen) != 0) {  // the rows just queued wait in nextRows
        ++cycle;
        break;
      }
      int32_t* const read = rows;
      rows = nextRows;
      nextRows = read;
      dualUpdate = queued == 0;
    }
    if (failure != 0) break;

    // Reverse pass; augmentation, and the trees augmented leave the forest; the stale columns recomputed
    // (tree) or the released ones offered to the rows that stay (classical).
    const int32_t reverseCount = loadRelaxed(d.counters->reverse);
    for (int32_t k = gridThread(); k < reverseCount; k += gridThreads()) reverseFrom(d, k, rounds.count());
    if constexpr (kProfile) {  // before the trees that end lose their predecessors
      for (int32_t k = gridThread(); k < reverseCount; k += gridThreads()) rounds.notePathFrom(k);
    }
    rounds.barrier(kSearchAugment);
    const int32_t rootCount = rounds.lastCount();
    for (int32_t k = gridThread(); k < rootCount; k += gridThreads()) augmentFrom(d, d.roots[k]);
    for (int32_t k = gridThread(); k < d.n; k += gridThreads())
      leaveEndedTrees<T, kClassical>(d, c, m, k, total, counts);
    for (int32_t k = gridThread(); k < queued; k += gridThreads()) {
      const int32_t row = nextRows[k];
      if (d.rootMark[c.rowRoot[row]] == 0) rows[appendSlot(&counts[kSurvivors])] = row;
    }
    for (int32_t k = gridThread(); k < reverseCount; k += gridThreads()) d.colReverse[d.reverseCols[k]] = 0;
    rounds.barrier(kSearchAugment);
    const int32_t live = loadRelaxed(counts[kLiveRows]);
    const int32_t stale = loadRelaxed(counts[kStaleCols]);
    if constexpr (kClassical) {
      for (int32_t k = gridThread() / 32; k < live; k += gridThreads() / 32)
        foldReleasedColumns(d, c, m, c.forestRows[k], stale);
    } else {
      for (int32_t k = blockIdx.x; k < stale; k += gridDim.x) recomputeColumn(d, c, c.staleCols[k], live);
    }
    for (int32_t k = gridThread(); k < rootCount; k += gridThreads()) d.rootMark[d.roots[k]] = 0;
    if (rounds.leader()) {
      d.counters->reverse = 0;
      int32_t* const other = c.counts + kCountsPerParity * ((iterations + 1) % 2);
      for (int k = 0; k < kCountsPerParity; ++k) other[k] = 0;
    }
    queued = loadRelaxed(counts[kSurvivors]);
    rounds.barrier(kSearchAugment);
    paths += rootCount;
    assigned += rootCount;
    if constexpr (kClassical && kProfile) {  // the count is complete after the barrier
      const auto readSoFar = static_cast<int64_t>(loadRelaxed(d.counters->rowsScanned));
      rounds.noteRowsRead(readSoFar - rowsRead);
      rowsRead = readSoFar;
    }
    rounds.finishProfiledIteration(reverseCount, rootCount);
    ++iterations;
  }

  // The forest's duals brought up to date, then every cover and tree reset (the optimality check).
  int32_t counted = 0;
  for (int32_t k = gridThread(); k < d.n; k += gridThreads()) {
    applyTotal(d, c, k, total);
    counted += checkOptimalityAt(d, k);
  }
  rounds.addToCount(counted);
  rounds.barrier(kSearchAugment);

  int64_t rowsScanned = 0;  // classical: rows read in full, for the trace (the leader publishes them)
  if (kClassical && rounds.leader()) {
    rowsScanned = static_cast<int64_t>(loadRelaxed(d.counters->rowsScanned));
    d.counters->rowsScanned = 0;
  }
  publishSearch(d, rounds, iterations, paths, levels, dualUpdates, failure, rowsScanned);
}

}  // namespace ms::lap::gpu

#pragma once
// CPU kernel set of Date & Nagi's Hungarian algorithms (classical and alternating tree), Algorithms 1-9.
// One template serves the sequential and the OpenMP backends through the Execution policy.
//
// Duals use the integral form of the paper's update: instead of +-theta/2 on every row and column, uncovered
// rows gain theta and covered columns lose theta. Every slack changes exactly as in the paper, and integer
// costs keep integer duals, so they are solved exactly.
//
// Classical dual update without passes over the whole matrix. Within one iteration rows only get uncovered
// and columns only get covered, and an update lowers exactly the slacks of uncovered rows x uncovered
// columns (by theta) and raises those of covered rows x covered columns. So:
// - each uncovered row keeps a column attaining its smallest slack over the uncovered columns (rowMinCol_);
//   the column stays an argmin until it gets covered (the row's slacks to uncovered columns all move by the
//   same theta), so a row is read again only when that column was covered, or when it was uncovered since
//   the last update; theta is the smallest slack at those columns;
// - the zero-slack lists are a superset of the zero-slack edges: edges are gained only by uncovered rows
//   whose smallest slack reaches zero (their lists are rewritten from one read of the row), edges lost in
//   covered rows x covered columns stay listed and the forward pass skips them by their slack.
//
// With kSlice, a kernel set holds a slice of the matrix (matrix_slice.h) for the distributed backend
// (solver/lap/hungarian/distributed/): the kernels that read costs read only its rows and columns, everything
// else (duals, assignment, covers, trees) stays whole. The classical variant takes row slices, the tree
// variant column slices. The wrapper merges what the ranks computed through the hooks at the end of the
// class. Without kSlice (the single-process backends) the slice bounds are the constants 0 and n, so those
// kernels compile exactly as they did before slices existed.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "solver/core/execution.h"
#include "solver/lap/cost_matrix.h"
#include "solver/lap/hungarian/tie_rule.h"
#include "solver/lap/lap_snapshot.h"
#include "solver/lap/matrix_slice.h"

namespace ms::lap {

template <CostType T, class Execution, bool kSlice = false>
class CpuKernels {
 public:
  using Cost = T;
  using Dual = DualOf<T>;
  static constexpr Dual kInfinity = kDualInfinity<Dual>;

  CpuKernels(const CostMatrix<T>& costs, Execution execution)
      : CpuKernels(costs, MatrixSlice::whole(costs.rows()), rangeCheckedZeroTolerance(costs), execution) {}
  // `costs` holds the slice's rows x columns; `zeroSlack` is the whole matrix's zeroTolerance().
  CpuKernels(const CostMatrix<T>& costs, const MatrixSlice& slice, Dual zeroSlack, Execution execution)
      : costs_(costs.data()), n_(slice.n), eps_(zeroSlack), exec_(execution), slice_(slice) {
    if (!kSlice && !slice.isWhole()) throw std::logic_error("CpuKernels: a slice of the matrix needs kSlice");
  }

  // All per-solve buffers, allocated once ("setup" phase).
  void allocate() {
    const auto n = static_cast<std::size_t>(n_);
    rowDual_.assign(n, 0);
    colDual_.assign(n, 0);
    slack_.assign(n, kInfinity);
    rowAssign_.assign(n, -1);
    colAssign_.assign(n, -1);
    rowPred_.assign(n, -1);
    colPred_.assign(n, -1);
    rowSucc_.assign(n, -1);
    colSucc_.assign(n, -1);
    rowCover_.assign(n, 0);
    colCover_.assign(n, 0);
    rowState_.assign(n, kInactive);
    colReverse_.assign(n, 0);
    colReached_.assign(n, 0);
    reachedCols_.assign(n, 0);
    rootMark_.assign(n, 0);
    frontier_.assign(n, 0);
    nextFrontier_.assign(n, 0);
    reverseCols_.assign(n, 0);
    roots_.assign(n, 0);
    rowMinCol_.assign(n, -1);
    zeroCols_.assign(n, {});
    zeroEdges_ = 0;
    zeroListsBuilt_ = false;
  }

  int32_t size() const { return n_; }

  // --- Algorithm 1: initial reduction. Returns false if some row or column has only forbidden entries.
  // (A slice gives each row's minimum over its columns, and +inf for rows it does not hold.)
  bool reduceRows() {
    if constexpr (kSlice) std::fill(rowDual_.begin(), rowDual_.end(), kInfinity);
    exec_.forEach(sliceRows(), sliceCols(), [&](int32_t k) {
      const int32_t i = rowBegin() + k;
      const T* row = rowOf(i);
      Dual smallest = kInfinity;
      for (int32_t j = colBegin(); j < colEnd(); ++j)
        smallest = std::min(smallest, static_cast<Dual>(row[j]));
      rowDual_[i] = smallest;
    });
    return std::none_of(rowDual_.begin(), rowDual_.end(), [](Dual u) { return u == kInfinity; });
  }

  bool reduceColumns() {
    // Blocks of columns keep the row-major matrix streaming while each column minimum stays in one thread.
    if constexpr (kSlice) std::fill(colDual_.begin(), colDual_.end(), kInfinity);
    const int32_t blocks = columnBlockCount();
    exec_.forEach(blocks, int64_t{columnBlockWidth()} * sliceRows(), [&](int32_t b) {
      const auto [begin, end] = columnBlock(b);
      for (int32_t j = begin; j < end; ++j) colDual_[j] = kInfinity;
      for (int32_t i = rowBegin(); i < rowEnd(); ++i) {
        const T* row = rowOf(i);
        const Dual u = rowDual_[i];
        for (int32_t j = begin; j < end; ++j)
          colDual_[j] = std::min(colDual_[j], static_cast<Dual>(row[j]) - u);
      }
    });
    return std::none_of(colDual_.begin(), colDual_.end(), [](Dual v) { return v == kInfinity; });
  }

  // --- Algorithm 2: optimality check. Resets covers and trees, covers assigned rows, counts them.
  int32_t checkOptimality() {
    int32_t assigned = 0;
    for (int32_t k = 0; k < n_; ++k) {
      rowCover_[k] = rowAssign_[k] != -1;
      assigned += rowCover_[k];
      colCover_[k] = 0;
      rowPred_[k] = -1;
      colPred_[k] = -1;
      rowMinCol_[k] = -1;  // columns get uncovered: every row's smallest slack may have dropped
      slack_[k] = kInfinity;
    }
    return assigned;
  }

  // --- Classical forward pass, step 1: the zero-slack list of every row on the first call; afterwards (after
  // a dual update) only of the rows whose smallest slack reached zero. Returns the edges listed by this call.
  // (A row slice lists its own rows; the forward pass finds the others' lists empty.)
  int64_t compressZeroSlack() {
    int64_t listed = 0;
    rowsScanned_ = 0;
    exec_.forEach(sliceRows(), zeroListsBuilt_ ? 1 : n_, [&](int32_t k) {
      const int32_t i = rowBegin() + k;
      if (zeroListsBuilt_ && !gainedZeroSlack(i)) return;
      const T* row = rowOf(i);
      const Dual u = rowDual_[i];
      std::vector<int32_t>& list = zeroCols_[i];
      const auto before = static_cast<int64_t>(list.size());
      list.clear();
      for (int32_t j = 0; j < n_; ++j) {
        if (isZero(slackOf(row[j], u, j))) list.push_back(j);
      }
      const auto after = static_cast<int64_t>(list.size());
      fetchAdd(listed, after);
      fetchAdd(zeroEdges_, after - before);
      fetchIncrement(rowsScanned_);
    });
    zeroListsBuilt_ = true;
    return listed;
  }

  // Frontier of a new search: every uncovered row (the unassigned ones right after a check; after a
  // classical dual update, every row already in a tree too, so the new zero edges get explored).
  int32_t startForwardPass() {
    frontierSize_ = 0;
    reverseCount_ = 0;
    for (int32_t i = 0; i < n_; ++i) {
      colReverse_[i] = 0;
      if (rowCover_[i] == 0) {
        rowState_[i] = kActive;
        frontier_[frontierSize_++] = i;
      } else {
        rowState_[i] = kInactive;
      }
    }
    return frontierSize_;
  }

  int32_t frontierSize() const { return frontierSize_; }
  int32_t reverseCount() const { return reverseCount_; }

  // --- Algorithm 3: one BFS level of the classical forward pass (expansion and contraction).
  // Returns the size of the next frontier.
  int32_t expandClassical() {
    int32_t nextSize = 0;
    const int64_t averageDegree = zeroEdges_ / std::max(n_, 1) + 1;
    // Two stages, so that the whole level competes for each column: first every frontier row proposes itself
    // as the predecessor of its zero columns (ties broken by winsTie), then each reached column is covered or
    // ends a path. Covering a column as soon as the first row reached it hung every column of a tied matrix
    // off that one row: one augmenting path per iteration.
    int32_t reached = 0;
    exec_.forEach(frontierSize_, averageDegree, [&](int32_t k) {
      const int32_t i = frontier_[k];
      const std::vector<int32_t>& zeros = zeroCols_[i];
      const T* row = kSlice && zeros.empty() ? nullptr : rowOf(i);  // rows outside a slice have no list
      const Dual u = rowDual_[i];
      for (const int32_t j : zeros) {
        if (loadRelaxed(colCover_[j]) != 0 || colAssign_[j] == i || !isZero(slackOf(row[j], u, j))) continue;
        if (winsTie(i, loadRelaxed(colPred_[j]), j)) storeRelaxed(colPred_[j], i);
        if (claim(colReached_[j], uint8_t{0}, uint8_t{1})) reachedCols_[fetchIncrement(reached)] = j;
      }
      storeRelaxed(rowState_[i], kVisited);
    });
    exec_.forEach(reached, 1, [&](int32_t k) {
      const int32_t j = reachedCols_[k];
      colReached_[j] = 0;
      const int32_t next = colAssign_[j];
      if (next != -1) {
        reachRowThroughColumn(next, j, nextSize);
      } else {
        markReverse(j);
      }
    });
    return swapFrontiers(nextSize);
  }

  // --- Algorithm 4: one BFS level of the alternating-tree forward pass, one worker per block of columns.
  int32_t expandTree() {
    int32_t nextSize = 0;
    exec_.forEach(columnBlockCount(), int64_t{columnBlockWidth()} * frontierSize_, [&](int32_t b) {
      const auto [begin, end] = columnBlock(b);
      // Local pointers: through the members, the compiler reloads them after every store to slack or
      // predecessor, and the speed of the loop then depended on where the members lay (up to 1.7x).
      const uint8_t* colCover = colCover_.data();
      const Dual* colDual = colDual_.data();
      Dual* slack = slack_.data();
      int32_t* colPred = colPred_.data();
      for (int32_t k = 0; k < frontierSize_; ++k) {
        const int32_t i = frontier_[k];
        const T* row = rowOf(i);
        const Dual u = rowDual_[i];
        for (int32_t j = begin; j < end; ++j) {
          if (colCover[j] != 0) continue;
          const Dual s = static_cast<Dual>(row[j]) - u - colDual[j];
          // No winsTie() here: that test in this loop made real-cost solves 23 % slower (n = 1500, 2-core
          // VM); spreadTiedColumn() spreads the unassigned columns below instead.
          if (s < slack[j]) {
            slack[j] = s;
            colPred[j] = i;
          }
        }
      }
      for (int32_t j = begin; j < end; ++j) {
        if (colCover_[j] != 0 || !isZero(slack_[j])) continue;
        const int32_t next = colAssign_[j];
        if (next != -1) {
          reachRowThroughColumn(next, j, nextSize);
        } else if (colReverse_[j] == 0) {  // first reached: later levels would hang it off deeper rows
          spreadTiedColumn(j);
          markReverse(j);
        }
      }
    });
    for (int32_t k = 0; k < frontierSize_; ++k) rowState_[frontier_[k]] = kVisited;
    return swapFrontiers(nextSize);
  }

  // --- Algorithm 5: reverse pass. Traces each reverse column back to its root through the predecessors,
  // writing successors; where paths of one tree meet, the last writer wins and one path survives.
  // Returns the number of vertex-disjoint augmenting paths (distinct roots).
  int32_t reversePass() {
    for (int32_t k = 0; k < rootCount_; ++k) rootMark_[roots_[k]] = 0;
    int32_t rootCount = 0;
    exec_.forEach(reverseCount_, kTypicalPathLength, [&](int32_t k) {
      int32_t row = -1;
      int32_t col = reverseCols_[k];
      int32_t root = -1;
      while (col != -1) {
        storeRelaxed(colSucc_[col], row);
        row = colPred_[col];
        storeRelaxed(rowSucc_[row], col);
        root = row;
        col = rowPred_[row];
      }
      if (claim(rootMark_[root], uint8_t{0}, uint8_t{1})) roots_[fetchIncrement(rootCount)] = root;
    });
    rootCount_ = rootCount;
    return rootCount_;
  }

  // --- Algorithm 6: augmentation pass. Flips every surviving path; paths are disjoint, so no races.
  void augmentPass() {
    exec_.forEach(rootCount_, kTypicalPathLength, [&](int32_t k) {
      int32_t row = roots_[k];
      while (row != -1) {
        const int32_t col = rowSucc_[row];
        rowAssign_[row] = col;
        colAssign_[col] = row;
        row = colSucc_[col];
      }
    });
  }

  // --- Algorithm 7: classical dual update, stage 1: the minimum slack over uncovered rows and columns, from
  // each uncovered row's argmin column; rows without a valid one (uncovered since the last update, or their
  // column covered since) are read again.
  Dual minUncoveredSlack() {
    rowsScanned_ = 0;
    return exec_.template minOf<Dual>(sliceRows(), n_, [&](int32_t k) {
      const int32_t i = rowBegin() + k;
      if (rowCover_[i] != 0) return kInfinity;
      const T* row = rowOf(i);
      const Dual u = rowDual_[i];
      const int32_t known = rowMinCol_[i];
      if (known != -1 && colCover_[known] == 0) return slackOf(row[known], u, known);
      Dual smallest = kInfinity;
      int32_t argmin = -1;
      for (int32_t j = 0; j < n_; ++j) {
        if (colCover_[j] != 0) continue;
        const Dual s = slackOf(row[j], u, j);
        if (s < smallest) {
          smallest = s;
          argmin = j;
        }
      }
      rowMinCol_[i] = argmin;
      fetchIncrement(rowsScanned_);
      return smallest;
    });
  }

  // --- Algorithm 8: classical dual update, stage 2.
  void updateDuals(Dual theta) {
    exec_.forEach(n_, 1, [&](int32_t k) {
      if (rowCover_[k] == 0) rowDual_[k] += theta;
      if (colCover_[k] != 0) colDual_[k] -= theta;
    });
  }

  // --- Tree dual update: theta is the smallest slack of an uncovered column.
  Dual minColumnSlack() {
    return exec_.template minOf<Dual>(sliceCols(), 1, [&](int32_t k) {
      const int32_t j = colBegin() + k;
      return colCover_[j] == 0 ? slack_[j] : kInfinity;
    });
  }

  // --- Algorithm 9: updates duals and column slacks; the tree rows at the new zero-slack columns become the
  // next frontier. Returns its size.
  int32_t updateDualsAndSlack(Dual theta) {
    updateDuals(theta);
    int32_t nextSize = 0;
    for (int32_t j = colBegin(); j < colEnd(); ++j) {
      if (colCover_[j] != 0) continue;
      slack_[j] -= theta;
      if (isZero(slack_[j])) {
        const int32_t row = colPred_[j];
        if (rowState_[row] != kActive) {
          rowState_[row] = kActive;
          nextFrontier_[nextSize++] = row;
        }
      }
    }
    return swapFrontiers(nextSize);
  }

  // Rows read in full by the last minUncoveredSlack() or compressZeroSlack().
  int64_t rowsScanned() const { return rowsScanned_; }

  // --- Phase bracketing for device timing: the CPU has no separate device clock.
  void beginPhase() {}
  int64_t endPhase() { return -1; }

  // --- Results and snapshots.
  // (A slice sums the assigned entries it holds.)
  Dual objective() const {
    Dual total = 0;
    for (int32_t i = rowBegin(); i < rowEnd(); ++i) {
      const int32_t j = rowAssign_[i];
      if (j >= colBegin() && j < colEnd()) total += static_cast<Dual>(rowOf(i)[j]);
    }
    return total;
  }
  const std::vector<int32_t>& rowAssignment() const { return rowAssign_; }
  const std::vector<Dual>& rowDuals() const { return rowDual_; }
  const std::vector<Dual>& colDuals() const { return colDual_; }

  // Copies the state into `out` (the orchestration fills in the phase and step fields).
  void snapshot(LapSnapshot& out, bool withSlack) const {
    out.n = n_;
    out.rowAssignment = rowAssign_;
    out.colAssignment = colAssign_;
    out.rowCovered = rowCover_;
    out.colCovered = colCover_;
    out.rowDual.assign(rowDual_.begin(), rowDual_.end());
    out.colDual.assign(colDual_.begin(), colDual_.end());
    out.rowPredecessor = rowPred_;
    out.colPredecessor = colPred_;
    out.frontier.assign(frontier_.begin(), frontier_.begin() + frontierSize_);
    if (withSlack) {
      out.columnSlack.assign(slack_.begin(), slack_.end());
    } else {
      out.columnSlack.clear();
    }
    traceAugmentingPaths(out, std::span(roots_.data(), static_cast<std::size_t>(rootCount_)), rowSucc_.data(),
                         colSucc_.data());
    if (!kSlice || slice_.isWhole()) summariseAssignment(out, costs_);
  }

  // --- Hooks of the distributed wrapper (solver/lap/hungarian/distributed/distributed_kernels.h). Every rank
  // runs the same kernels on the same whole state; after a kernel that read its slice, the wrapper combines
  // the ranks' results: each hook hands `combine` the state to combine, in place.
  template <class Combine>
  void combineRowDuals(Combine&& combine) {
    combine(std::span<Dual>(rowDual_));
  }
  template <class Combine>
  void combineColDuals(Combine&& combine) {
    combine(std::span<Dual>(colDual_));
  }
  // Classical: the row that reached each column (any one is a valid tree edge); tree: the row of each
  // column's smallest slack, written only for the slice's columns.
  template <class Combine>
  void combineColPredecessors(Combine&& combine) {
    combine(std::span<int32_t>(colPred_));
  }
  template <class Combine>
  void combineAssignment(Combine&& combine) {
    combine(std::span<int32_t>(rowAssign_));
    combine(std::span<int32_t>(colAssign_));
  }
  // The frontier rows and the reverse columns as two bit sets of ceil(n / 64) words each; the combined sets
  // become the frontier and the reverse columns. With `reached` (after a forward level) each row was reached
  // through its assigned column; else (after a tree dual update) the rows are tree rows the update activated.
  template <class Combine>
  void combineFrontier(bool reached, Combine&& combine) {
    const std::size_t words = (static_cast<std::size_t>(n_) + 63) / 64;
    exchangeBits_.assign(2 * words, 0);
    for (int32_t k = 0; k < frontierSize_; ++k) setBit(exchangeBits_.data(), frontier_[k]);
    for (int32_t k = 0; k < reverseCount_; ++k) setBit(exchangeBits_.data() + words, reverseCols_[k]);
    combine(std::span<uint64_t>(exchangeBits_));
    frontierSize_ = 0;
    reverseCount_ = 0;
    for (int32_t i = 0; i < n_; ++i) {
      if (!hasBit(exchangeBits_.data(), i)) continue;
      if (reached) {
        const int32_t j = rowAssign_[i];
        rowPred_[i] = j;
        rowCover_[i] = 0;
        colCover_[j] = 1;
      }
      rowState_[i] = kActive;
      frontier_[frontierSize_++] = i;
    }
    for (int32_t j = 0; j < n_; ++j) {
      if (!hasBit(exchangeBits_.data() + words, j)) continue;
      colReverse_[j] = 1;
      reverseCols_[reverseCount_++] = j;
    }
  }

 private:
  static constexpr uint8_t kInactive = 0, kActive = 1, kVisited = 2;
  static constexpr int32_t kMinColumnBlock = 64;
  static constexpr int64_t kTypicalPathLength = 32;  // work estimate of one reverse or augment walk

  // The slice's bounds: constants for the whole matrix.
  int32_t rowBegin() const { return kSlice ? slice_.rowBegin : 0; }
  int32_t rowEnd() const { return kSlice ? slice_.rowEnd : n_; }
  int32_t colBegin() const { return kSlice ? slice_.colBegin : 0; }
  int32_t colEnd() const { return kSlice ? slice_.colEnd : n_; }
  int32_t sliceRows() const { return rowEnd() - rowBegin(); }
  int32_t sliceCols() const { return colEnd() - colBegin(); }

  // Row i (of the slice), indexed by the whole matrix's column: rowOf(i)[j] for the slice's columns j. For a
  // column slice that pointer lies before the slice's storage, where pointer arithmetic may not go, so it is
  // formed on the address; the kernels' loops then index rows as for the whole matrix.
  const T* rowOf(int32_t i) const {
    if constexpr (kSlice) {
      const auto offset = static_cast<std::ptrdiff_t>(i - slice_.rowBegin) * slice_.cols() - slice_.colBegin;
      return reinterpret_cast<const T*>(
          reinterpret_cast<std::uintptr_t>(costs_) +
          static_cast<std::uintptr_t>(offset * static_cast<std::ptrdiff_t>(sizeof(T))));
    } else {
      return costs_ + static_cast<std::size_t>(i) * static_cast<std::size_t>(n_);
    }
  }
  Dual slackOf(T cost, Dual rowDual, int32_t j) const {
    return static_cast<Dual>(cost) - rowDual - colDual_[j];
  }
  bool isZero(Dual slack) const {
    if constexpr (std::is_integral_v<Dual>) {
      return slack == 0;
    } else {
      return slack <= eps_;
    }
  }

  // Column-parallel kernels give each thread about two contiguous column ranges: long row segments stream
  // from memory at full speed, and two ranges per thread absorb uneven progress.
  // (Over the slice's columns.)
  int32_t columnBlockCount() const {
    const int32_t wanted = 2 * exec_.parallelism();
    return std::max(1, std::min(wanted, (sliceCols() + kMinColumnBlock - 1) / kMinColumnBlock));
  }
  std::pair<int32_t, int32_t> columnBlock(int32_t b) const {
    const int32_t width = columnBlockWidth();
    const int32_t cols = sliceCols();
    return {colBegin() + std::min(cols, b * width), colBegin() + std::min(cols, (b + 1) * width)};
  }
  int32_t columnBlockWidth() const {
    const int32_t blocks = columnBlockCount();
    const int32_t width = (sliceCols() + blocks - 1) / blocks;
    return (width + 15) / 16 * 16;  // whole 64-byte lines of int32 costs
  }

  // After a dual update: uncovered row i has zero slack at its argmin column, so new zero-slack edges.
  bool gainedZeroSlack(int32_t i) const {
    const int32_t j = rowMinCol_[i];
    return rowCover_[i] == 0 && j != -1 && isZero(slackOf(rowOf(i)[j], rowDual_[i], j));
  }

  // Column j (assigned to row `next`) joins a tree: cover it, uncover its row and queue the row once.
  void reachRowThroughColumn(int32_t next, int32_t j, int32_t& nextSize) {
    storeRelaxed(rowPred_[next], j);
    storeRelaxed(rowCover_[next], uint8_t{0});
    storeRelaxed(colCover_[j], uint8_t{1});
    if (claim(rowState_[next], kInactive, kActive)) nextFrontier_[fetchIncrement(nextSize)] = next;
  }

  // Tree variant: unassigned zero-slack column j hangs off a frontier row drawn by tie_rule.h's probes when
  // one is at zero slack there, rather than off the first row that reached it.
  void spreadTiedColumn(int32_t j) {
    for (int32_t probe = 0; probe < kTieProbes && frontierSize_ > 0; ++probe) {
      const int32_t i = frontier_[tieProbe(j, probe, frontierSize_)];
      if (isZero(slackOf(rowOf(i)[j], rowDual_[i], j))) {
        colPred_[j] = i;
        return;
      }
    }
  }

  // Unassigned column j ends an augmenting path: remember it once for the reverse pass.
  void markReverse(int32_t j) {
    if (claim(colReverse_[j], uint8_t{0}, uint8_t{1})) reverseCols_[fetchIncrement(reverseCount_)] = j;
  }

  static void setBit(uint64_t* words, int32_t k) { words[k / 64] |= uint64_t{1} << (k % 64); }
  static bool hasBit(const uint64_t* words, int32_t k) { return ((words[k / 64] >> (k % 64)) & 1) != 0; }

  int32_t swapFrontiers(int32_t nextSize) {
    frontier_.swap(nextFrontier_);
    frontierSize_ = nextSize;
    return frontierSize_;
  }

  const T* costs_;  // the slice's rows x columns, row-major
  int32_t n_;
  Dual eps_;
  Execution exec_;

  std::vector<Dual> rowDual_, colDual_, slack_;
  std::vector<int32_t> rowAssign_, colAssign_, rowPred_, colPred_, rowSucc_, colSucc_;
  std::vector<uint8_t> rowCover_, colCover_, rowState_, colReverse_, rootMark_, colReached_;
  std::vector<int32_t> frontier_, nextFrontier_, reverseCols_, roots_,
      reachedCols_;  // reached: one level's columns
  int32_t frontierSize_ = 0, reverseCount_ = 0, rootCount_ = 0;
  // Classical: per uncovered row, a column of its smallest slack over the uncovered columns (-1: unknown);
  // per row, a superset of its zero-slack columns in increasing order, and their total.
  std::vector<int32_t> rowMinCol_;
  std::vector<std::vector<int32_t>> zeroCols_;
  int64_t zeroEdges_ = 0, rowsScanned_ = 0;
  bool zeroListsBuilt_ = false;
  // Last: placed after eps_ (where it was first), it shifted the members above and the sequential tree
  // variant on real costs ran 19 % slower at n = 1500 (226 against 190 ms, one file, medians of 6).
  MatrixSlice slice_;                   // read only with kSlice
  std::vector<uint64_t> exchangeBits_;  // combineFrontier(); after slice_, which keeps its place
};

}  // namespace ms::lap

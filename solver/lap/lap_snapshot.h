#pragma once
// Host copy of a LAP solver's state for the views (matrix, tree, paths, charts): the Hungarian solvers fill
// the dual and tree fields, the approximations (brute, random, greedy, auction) their ApproximationState.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "solver/core/step_header.h"

namespace ms::lap {

enum class ApproximationKind : uint8_t { None, Brute, Random, Greedy, Auction };

// What an approximation did in its latest step. The covers and the assignment it has built so far are in
// LapSnapshot's rowCovered/colCovered and rowAssignment/colAssignment; this adds what only it has.
struct ApproximationState {
  ApproximationKind kind = ApproximationKind::None;  // None: a Hungarian solver (nothing here applies)
  // Greedy: the entry the latest step took (it covered that row and column); -1 before the first take.
  // Random: the position the latest Fisher-Yates draw fixed (takenRow) and the column it drew (takenCol).
  int32_t takenRow = -1;
  int32_t takenCol = -1;
  double takenCost = std::nan("");
  // Auction (Bertsekas, epsilon scaling), in the instance's cost units.
  double epsilon = std::nan("");   // epsilon of the current scaling phase
  int32_t scalingPhase = 0;        // 1-based; 0 before the first
  int64_t rounds = 0;              // bidding rounds so far over the whole solve
  std::vector<double> prices;      // price of each column
  std::vector<int32_t> bidColumn;  // per row: column it bid on in the latest round, -1 if it did not bid
  std::vector<double> bidPrice;    // per row: the price it offered (NaN if it did not bid)
  // Proven distance of the final objective above the optimum: 0 exact (brute; auction on integer costs),
  // n x final epsilon (auction on real costs), +inf where the algorithm has no guarantee (random, greedy).
  double gapBound = std::nan("");
};

struct LapSnapshot : StepHeader {
  int32_t n = 0;  // square size the solver works on (after padding)

  std::vector<int32_t> rowAssignment;   // A_r: column of each row, -1 if unassigned
  std::vector<int32_t> colAssignment;   // A_c: row of each column, -1 if unassigned
  std::vector<uint8_t> rowCovered;      // V_r: 1 = covered (assigned and not in an alternating tree)
  std::vector<uint8_t> colCovered;      // V_c: 1 = covered (reached by an alternating tree)
  std::vector<double> rowDual;          // u (display copy)
  std::vector<double> colDual;          // v (display copy)
  std::vector<int32_t> rowPredecessor;  // P_r: column through which the tree reached the row, -1 for none
  std::vector<int32_t> colPredecessor;  // P_c: row from which the tree reached the column, -1 for none
  std::vector<int32_t> frontier;        // rows the next forward-pass level expands
  std::vector<double> columnSlack;      // tree variant: min slack from tree rows per column (empty otherwise)
  // Vertex-disjoint augmenting paths found by the latest reverse pass, each as r0, c1, r1, c2, ..., ck
  // (rows and columns alternate, starting at an unassigned row and ending at an unassigned column).
  std::vector<std::vector<int32_t>> augmentingPaths;

  int32_t assignedCount = 0;
  double objective = 0;  // cost of the current (partial) assignment

  ApproximationState approximation;
};

// Shared by the kernel sets' snapshot(): each path from its root through the successor arrays
// (row -> column -> row ...) until a column without successor.
inline void traceAugmentingPaths(LapSnapshot& out, std::span<const int32_t> roots, const int32_t* rowSucc,
                                 const int32_t* colSucc) {
  out.augmentingPaths.resize(roots.size());
  for (std::size_t k = 0; k < roots.size(); ++k) {
    std::vector<int32_t>& path = out.augmentingPaths[k];
    path.clear();
    for (int32_t row = roots[k]; row != -1;) {
      const int32_t col = rowSucc[row];
      path.push_back(row);
      path.push_back(col);
      row = colSucc[col];
    }
  }
}

// assignedCount and objective from out.rowAssignment and the row-major n x n costs.
template <class T>
void summariseAssignment(LapSnapshot& out, const T* costs) {
  out.assignedCount = 0;
  out.objective = 0;
  for (int32_t i = 0; i < out.n; ++i) {
    const int32_t j = out.rowAssignment[static_cast<std::size_t>(i)];
    if (j == -1) continue;
    ++out.assignedCount;
    out.objective +=
        static_cast<double>(costs[static_cast<std::size_t>(i) * static_cast<std::size_t>(out.n) + j]);
  }
}

}  // namespace ms::lap

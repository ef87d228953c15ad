#pragma once
// Host copy of a Hungarian solver's state for the views (matrix, tree, paths, charts).

#include <cstdint>
#include <string_view>
#include <vector>

namespace ms::lap {

struct LapSnapshot {
  int32_t n = 0;                  // square size the solver works on (after padding)
  int32_t iteration = 0;
  int64_t step = 0;               // steps taken so far
  std::string_view lastPhase;     // phase of the last step ("" before the first)
  std::string_view nextPhase;     // phase the next step will run ("" when done)
  bool done = false;

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
};

}  // namespace ms::lap

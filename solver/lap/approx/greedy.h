#pragma once
// The article's greedy heuristic: repeatedly take the smallest uncovered entry and cover its row and column.
// One step takes one entry (after a set-up step that, for the sorted variant, sorts the entries).
//
// Tie rule (both variants): among equal smallest costs the entry with the smallest row wins, then the one
// with the smallest column, i.e. the first in row-major order. Under it the two variants take the same
// entries in the same order.
//
// Forbidden (+inf) entries are never taken. Greedy cannot backtrack: when every uncovered entry is forbidden
// it stops with a SolveError saying so (not InfeasibleError: another assignment may avoid them).

#include <memory>

#include "solver/lap/lap_solver.h"

namespace ms::lap {

enum class GreedyVariant {
  Naive,   // scans every uncovered entry per step: O(n^3)
  Sorted,  // the article's efficient variant: entries sorted once, covered ones skipped: O(n^2 log n)
};

template <CostType T>
std::unique_ptr<LapSolver<T>> makeGreedy(const CostMatrix<T>& costs, GreedyVariant variant);

}  // namespace ms::lap

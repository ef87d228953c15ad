#pragma once
// The CPU batch backend: one problem per OpenMP thread, each solved by shortest augmenting paths.

#include "solver/lap/batch/batch_lap.h"

namespace ms::lap {

// Fills out's assignment, duals and feasibility (sized by the caller); `threads` = 1 runs sequentially.
template <CostType T>
void solveBatchCpu(const BatchCosts<T>& costs, BatchSolution<T>& out, int threads);

}  // namespace ms::lap

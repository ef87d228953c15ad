#pragma once
// The CPU batch backend: one problem per OpenMP thread, each solved exactly on that thread: by the classical
// Hungarian for integer costs, by shortest augmenting paths for floating costs (the faster of each,
// measured).

#include "solver/lap/batch/batch_lap.h"

namespace ms::lap {

// Fills out's assignment, duals and feasibility (sized by the caller); `threads` = 1 runs sequentially.
template <CostType T>
void solveBatchCpu(const BatchCosts<T>& costs, BatchSolution<T>& out, int threads);

}  // namespace ms::lap

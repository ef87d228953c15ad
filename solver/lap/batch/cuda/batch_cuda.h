#pragma once
// The CUDA batch backend: the whole batch uploaded in one copy and solved in one launch, one thread block
// per problem running the shortest-augmenting-path search with its work arrays in shared memory.

#include "solver/lap/batch/batch_lap.h"

namespace ms::lap {

// Fills out's assignment, duals and feasibility (sized by the caller). Throws ResourceError when a
// problem's work arrays do not fit one block's shared memory (n of several thousand), SolveError on a
// CUDA failure or when no device is usable.
template <CostType T>
void solveBatchCuda(const BatchCosts<T>& costs, BatchSolution<T>& out);

}  // namespace ms::lap

#pragma once
// The article's straw man: a uniformly random assignment drawn by a seeded Fisher-Yates shuffle, O(n).
// One step draws the column of one row, so a watched run shows the permutation growing.

#include <cstdint>
#include <memory>

#include "solver/lap/lap_solver.h"

namespace ms::lap {

// Throws SolveError when `costs` has forbidden (+inf) entries: a uniform permutation cannot avoid them.
template <CostType T>
std::unique_ptr<LapSolver<T>> makeRandomAssignment(const CostMatrix<T>& costs, uint64_t seed);

}  // namespace ms::lap

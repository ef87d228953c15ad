#pragma once
// Exhaustive search over all n! assignments (Heap's permutations): the oracle of the tests, n <= 10.

#include <memory>

#include "solver/lap/lap_solver.h"

namespace ms::lap {

inline constexpr int32_t kBruteForceMaxSize = 10;

// Throws SolveError when costs.rows() > kBruteForceMaxSize.
template <CostType T>
std::unique_ptr<LapSolver<T>> makeBruteForce(const CostMatrix<T>& costs);

}  // namespace ms::lap

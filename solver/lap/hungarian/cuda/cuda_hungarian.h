#pragma once
// Factory for the CUDA kernel set behind the shared Hungarian orchestration (hungarian.h).

#include <memory>

#include "solver/lap/lap_solver.h"

namespace ms::lap {

// Throws SolveError when this build has no CUDA support, and ResourceError (from the setup step) when the
// instance does not fit the device.
template <CostType T>
std::unique_ptr<LapSolver<T>> makeCudaHungarian(const CostMatrix<T>& costs, const LapOptions& options);

}  // namespace ms::lap

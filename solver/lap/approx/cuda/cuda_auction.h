#pragma once
// Factory of the CUDA kernel set behind the shared auction orchestration (../auction.h).

#include <memory>

#include "solver/lap/lap_solver.h"

namespace ms::lap {

// Throws SolveError when this build has no CUDA support, ResourceError when the instance does not fit.
template <CostType T>
std::unique_ptr<LapSolver<T>> makeCudaAuction(const CostMatrix<T>& costs, const AuctionSettings& settings);

}  // namespace ms::lap

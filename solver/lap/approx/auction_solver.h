#pragma once
// Factory of the auction solvers: the orchestration of auction.h on the sequential, OpenMP or CUDA kernel
// set.

#include <memory>

#include "solver/lap/lap_solver.h"

namespace ms::lap {

// Backend must be resolved (Sequential, Cpu or Cuda). Throws SolveError when int64 costs are too large to
// scale by n + 1 exactly, and (Cuda) when this build or machine has no usable device.
template <CostType T>
std::unique_ptr<LapSolver<T>> makeAuction(const CostMatrix<T>& costs, Backend backend, int threads,
                                          const AuctionSettings& settings);

}  // namespace ms::lap

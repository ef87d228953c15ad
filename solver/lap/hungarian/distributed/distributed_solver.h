#pragma once
// This rank's solver of a distributed Hungarian solve (Date & Nagi, Section 5): every rank of the
// communicator calls it with its own slice, then steps its solver in lockstep with the others (runToEnd on
// every rank); every rank ends with the whole solution.

#include <memory>
#include <string>

#include "solver/lap/cost_matrix.h"
#include "solver/lap/hungarian/device_memory_use.h"
#include "solver/lap/hungarian/distributed/communicator.h"
#include "solver/lap/lap_solver.h"
#include "solver/lap/matrix_slice.h"

namespace ms::lap {

// Classical splits rows, tree splits columns (throws SolveError for other algorithms).
SliceAxis distributedSliceAxis(LapAlgorithm algorithm);

// `costs` holds `slice` (sliceOf(n, distributedSliceAxis(algorithm), rank, ranks)); the solver borrows it and
// the communicator. Backend: Sequential, Cpu (each rank's own OpenMP threads) or Cuda (each rank's slice on
// device local rank modulo the visible devices; `deviceMemory`, if given, receives what its set-up step
// measured).
template <CostType T>
std::unique_ptr<LapSolver<T>> makeDistributedLapSolver(const CostMatrix<T>& costs, const MatrixSlice& slice,
                                                       const LapOptions& options, Communicator& communicator,
                                                       DeviceMemoryUse* deviceMemory = nullptr);

// The dual certificate of a distributed solution (collective): each rank checks its slice (certificate.h);
// true when every slice holds. `problem` gets this rank's first problem, if any.
template <CostType T>
bool certifyDistributed(const CostMatrix<T>& costs, const MatrixSlice& slice, const LapSolution<T>& solution,
                        Communicator& communicator, std::string* problem);

}  // namespace ms::lap

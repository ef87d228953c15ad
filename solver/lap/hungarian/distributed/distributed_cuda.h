#pragma once
// The CUDA kernel set behind the distributed wrapper: this rank's slice on device (local rank modulo the
// visible devices), the same kernels as the single-GPU solver over the slice, and the exchanges of the CPU
// kernel set (distributed_kernels.h).

#include <memory>

#include "solver/lap/cost_matrix.h"
#include "solver/lap/hungarian/device_memory_use.h"
#include "solver/lap/hungarian/distributed/communicator.h"
#include "solver/lap/lap_solver.h"
#include "solver/lap/matrix_slice.h"

namespace ms::lap {

// Makes the local rank's device (local rank modulo the visible devices) current and has host buffers
// allocated page-locked from then on: call it before the slice is loaded, so that its upload runs at bus
// speed. Throws SolveError where this build has no CUDA or no device is usable.
void prepareRankDevice(const Communicator& communicator);

// `costs` holds `slice`; `zeroSlack` is the whole matrix's zero tolerance. `memory`, if given, receives the
// device memory the rank's set-up step measured. Throws SolveError where this build has no CUDA or no
// device is usable.
template <CostType T>
std::unique_ptr<LapSolver<T>> makeDistributedCudaHungarian(const CostMatrix<T>& costs,
                                                           const MatrixSlice& slice, DualOf<T> zeroSlack,
                                                           const LapOptions& options,
                                                           Communicator& communicator,
                                                           DeviceMemoryUse* memory);

}  // namespace ms::lap

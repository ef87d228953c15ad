#include "solver/lap/distributed/distributed_solver.h"

#include <string>

#include "solver/core/errors.h"
#include "solver/lap/cpu/cpu_kernels.h"
#include "solver/lap/distributed/distributed_kernels.h"
#include "solver/lap/hungarian.h"

namespace ms::lap {

SliceAxis distributedSliceAxis(LapAlgorithm algorithm) {
  if (algorithm == LapAlgorithm::Classical) return SliceAxis::Rows;
  if (algorithm == LapAlgorithm::Tree) return SliceAxis::Columns;
  throw SolveError("only the classical and tree algorithms run distributed (got " +
                   std::string(algorithmName(algorithm)) + ")");
}

template <CostType T>
std::unique_ptr<LapSolver<T>> makeDistributedLapSolver(const CostMatrix<T>& costs, const MatrixSlice& slice,
                                                       const LapOptions& options, Communicator& communicator) {
  const MatrixSlice expected =
      sliceOf(slice.n, distributedSliceAxis(options.algorithm), communicator.rank(), communicator.size());
  if (slice.rowBegin != expected.rowBegin || slice.rowEnd != expected.rowEnd ||
      slice.colBegin != expected.colBegin || slice.colEnd != expected.colEnd || costs.rows() != slice.rows() ||
      costs.cols() != slice.cols()) {
    throw SolveError("rank " + std::to_string(communicator.rank()) + " holds the wrong slice for " +
                     std::string(algorithmName(options.algorithm)));
  }
  // The zero tolerance and the int64 range follow the largest |cost| of the whole matrix.
  const DualOf<T> largest = -communicator.min(-maxAbsFiniteCost(costs));
  if constexpr (std::is_same_v<T, int64_t>) requireExactInt64Duals(largest, slice.n);
  const DualOf<T> zeroSlack = std::is_integral_v<T> ? 0 : static_cast<DualOf<T>>(kRelativeZeroTolerance * largest);
  const std::string ranks = "mpi" + std::to_string(communicator.size()) + "-";
  switch (options.backend) {
    case Backend::Sequential:
      return makeHungarian(options, ranks + "sequential",
                           DistributedKernels(CpuKernels<T, SequentialExecution>(costs, slice, zeroSlack, {}),
                                              communicator));
    case Backend::Cpu: {
      const int threads = cpuThreads(options.threads);
      return makeHungarian(
          options, ranks + "omp" + std::to_string(threads),
          DistributedKernels(CpuKernels<T, OpenMpExecution>(costs, slice, zeroSlack, OpenMpExecution{threads}),
                             communicator));
    }
    case Backend::Cuda:
      throw SolveError("the distributed solve has no CUDA kernel set yet: use --backend cpu or sequential");
    case Backend::Auto:
      break;
  }
  throw SolveError("makeDistributedLapSolver: resolve the backend first (resolveBackend)");
}

#define MS_INSTANTIATE(T)                                                                                     \
  template std::unique_ptr<LapSolver<T>> makeDistributedLapSolver(const CostMatrix<T>&, const MatrixSlice&, \
                                                                  const LapOptions&, Communicator&);
MS_INSTANTIATE(int32_t)
MS_INSTANTIATE(int64_t)
MS_INSTANTIATE(float)
MS_INSTANTIATE(double)
#undef MS_INSTANTIATE

}  // namespace ms::lap

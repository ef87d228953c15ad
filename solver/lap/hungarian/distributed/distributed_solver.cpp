#include "solver/lap/hungarian/distributed/distributed_solver.h"

#include <string>

#include "solver/core/errors.h"
#include "solver/lap/certificate.h"
#include "solver/lap/cost_range.h"
#include "solver/lap/hungarian/cpu/cpu_kernels.h"
#include "solver/lap/hungarian/distributed/distributed_cuda.h"
#include "solver/lap/hungarian/distributed/distributed_kernels.h"
#include "solver/lap/hungarian/hungarian.h"

namespace ms::lap {

SliceAxis distributedSliceAxis(LapAlgorithm algorithm) {
  if (algorithm == LapAlgorithm::Classical) return SliceAxis::Rows;
  if (algorithm == LapAlgorithm::Tree) return SliceAxis::Columns;
  throw SolveError("only the classical and tree algorithms run distributed (got " +
                   std::string(algorithmName(algorithm)) + ")");
}

namespace {

// The zero tolerance of the whole matrix, from the largest |cost| over the slices in one reduction, after
// refusing costs whose dual sums could overflow (collective: every rank refuses alike). The distributed
// counterpart of rangeCheckedZeroTolerance().
template <CostType T>
DualOf<T> rangeCheckedDistributedZeroTolerance(const CostMatrix<T>& costs, int32_t n,
                                               Communicator& communicator) {
  if constexpr (std::is_same_v<T, int32_t>) {
    return 0;  // int32 costs always sum exactly in the int64 duals
  } else {
    const DualOf<T> largest = -communicator.min(-maxAbsFiniteCost(costs));
    requireSummableRange<T>(largest, n);
    if constexpr (std::is_integral_v<T>) {
      return 0;
    } else {
      return kRelativeZeroTolerance * largest;
    }
  }
}

}  // namespace

template <CostType T>
bool certifyDistributed(const CostMatrix<T>& costs, const MatrixSlice& slice, const LapSolution<T>& solution,
                        Communicator& communicator, std::string* problem) {
  const double tolerance =
      4 * static_cast<double>(rangeCheckedDistributedZeroTolerance(costs, slice.n, communicator));
  const CertificateReport report =
      checkCertificate(costs, slice, solution.rowToCol, solution.rowDual, solution.colDual, tolerance);
  if (problem != nullptr) *problem = report.problem;
  return communicator.min(int64_t{report.valid}) == 1;
}

template <CostType T>
std::unique_ptr<LapSolver<T>> makeDistributedLapSolver(const CostMatrix<T>& costs, const MatrixSlice& slice,
                                                       const LapOptions& options, Communicator& communicator,
                                                       DeviceMemoryUse* deviceMemory) {
  const MatrixSlice expected =
      sliceOf(slice.n, distributedSliceAxis(options.algorithm), communicator.rank(), communicator.size());
  if (slice.rowBegin != expected.rowBegin || slice.rowEnd != expected.rowEnd ||
      slice.colBegin != expected.colBegin || slice.colEnd != expected.colEnd ||
      costs.rows() != slice.rows() || costs.cols() != slice.cols()) {
    throw SolveError("rank " + std::to_string(communicator.rank()) + " holds the wrong slice for " +
                     std::string(algorithmName(options.algorithm)));
  }
  const DualOf<T> zeroSlack = rangeCheckedDistributedZeroTolerance(costs, slice.n, communicator);
  const std::string ranks = "mpi" + std::to_string(communicator.size()) + "-";
  switch (options.backend) {
    case Backend::Sequential:
      return makeHungarian(
          options, ranks + "sequential",
          DistributedKernels(CpuKernels<T, SequentialExecution, true>(costs, slice, zeroSlack, {}),
                             communicator));
    case Backend::Cpu: {
      const int threads = cpuThreads(options.threads);
      return makeHungarian(options, ranks + "omp" + std::to_string(threads),
                           DistributedKernels(CpuKernels<T, OpenMpExecution, true>(costs, slice, zeroSlack,
                                                                                   OpenMpExecution{threads}),
                                              communicator));
    }
    case Backend::Cuda:
      return makeDistributedCudaHungarian(costs, slice, zeroSlack, options, communicator, deviceMemory);
    case Backend::Auto:
      break;
  }
  throw SolveError("makeDistributedLapSolver: resolve the backend first (resolveBackend)");
}

#define MS_INSTANTIATE(T)                                                                            \
  template std::unique_ptr<LapSolver<T>> makeDistributedLapSolver(                                   \
      const CostMatrix<T>&, const MatrixSlice&, const LapOptions&, Communicator&, DeviceMemoryUse*); \
  template bool certifyDistributed(const CostMatrix<T>&, const MatrixSlice&, const LapSolution<T>&,  \
                                   Communicator&, std::string*);
MS_INSTANTIATE(int32_t)
MS_INSTANTIATE(int64_t)
MS_INSTANTIATE(float)
MS_INSTANTIATE(double)
#undef MS_INSTANTIATE

}  // namespace ms::lap

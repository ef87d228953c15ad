// The CUDA backend: the shared Hungarian orchestration over the CUDA kernel set.
#include "solver/lap/hungarian/cuda/cuda_hungarian.h"

#include <string>

#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/lap/hungarian/cuda/cuda_kernels.h"
#include "solver/lap/hungarian/hungarian.h"

namespace ms::lap {

template <CostType T>
std::unique_ptr<LapSolver<T>> makeCudaHungarian(const CostMatrix<T>& costs, const LapOptions& options) {
  const CudaDeviceInfo& device = cudaDevice();
  if (!device.usable) throw SolveError("CUDA backend unavailable: " + device.reason);
  const bool classical = options.algorithm == LapAlgorithm::Classical;
  CudaKernels<T> kernels(costs.data(), costs.rows(),
                         classical ? HungarianVariant::Classical : HungarianVariant::Tree,
                         options.granularity == Granularity::Search);
  if (classical) {
    return std::make_unique<Hungarian<CudaKernels<T>, true>>("classical/cuda", std::move(kernels),
                                                             options.granularity);
  }
  return std::make_unique<Hungarian<CudaKernels<T>, false>>("tree/cuda", std::move(kernels),
                                                            options.granularity);
}

template std::unique_ptr<LapSolver<int32_t>> makeCudaHungarian(const CostMatrix<int32_t>&, const LapOptions&);
template std::unique_ptr<LapSolver<int64_t>> makeCudaHungarian(const CostMatrix<int64_t>&, const LapOptions&);
template std::unique_ptr<LapSolver<float>> makeCudaHungarian(const CostMatrix<float>&, const LapOptions&);
template std::unique_ptr<LapSolver<double>> makeCudaHungarian(const CostMatrix<double>&, const LapOptions&);

}  // namespace ms::lap

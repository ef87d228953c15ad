// Built when the CUDA toolkit is absent at build time.
#include "solver/core/errors.h"
#include "solver/lap/hungarian/cuda/cuda_hungarian.h"

namespace ms::lap {

template <CostType T>
std::unique_ptr<LapSolver<T>> makeCudaHungarian(const CostMatrix<T>&, const LapOptions&) {
  throw SolveError("this build has no CUDA support (nvcc was not found at build time)");
}

template std::unique_ptr<LapSolver<int32_t>> makeCudaHungarian(const CostMatrix<int32_t>&, const LapOptions&);
template std::unique_ptr<LapSolver<int64_t>> makeCudaHungarian(const CostMatrix<int64_t>&, const LapOptions&);
template std::unique_ptr<LapSolver<float>> makeCudaHungarian(const CostMatrix<float>&, const LapOptions&);
template std::unique_ptr<LapSolver<double>> makeCudaHungarian(const CostMatrix<double>&, const LapOptions&);

}  // namespace ms::lap

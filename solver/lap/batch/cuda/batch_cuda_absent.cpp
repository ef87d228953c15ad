// The CUDA batch backend of a build without CUDA: refuses with the reason.
#include "solver/core/errors.h"
#include "solver/lap/batch/cuda/batch_cuda.h"

namespace ms::lap {

template <CostType T>
void solveBatchCuda(const BatchCosts<T>&, BatchSolution<T>&) {
  throw SolveError("CUDA backend unavailable: this build has no CUDA support (MATCHSCOPE_CUDA=OFF)");
}

template void solveBatchCuda(const BatchCosts<int32_t>&, BatchSolution<int32_t>&);
template void solveBatchCuda(const BatchCosts<int64_t>&, BatchSolution<int64_t>&);
template void solveBatchCuda(const BatchCosts<float>&, BatchSolution<float>&);
template void solveBatchCuda(const BatchCosts<double>&, BatchSolution<double>&);

}  // namespace ms::lap

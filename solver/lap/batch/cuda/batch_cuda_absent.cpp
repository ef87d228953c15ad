// The CUDA batch backend of a build without CUDA: refuses with the reason.
#include "solver/core/errors.h"
#include "solver/lap/batch/cuda/batch_cuda.h"

namespace ms::lap {

template <CostType T>
void solveBatchCuda(const T*, int32_t, int32_t, int32_t*, DualOf<T>*, DualOf<T>*, uint8_t*, double*) {
  throw SolveError("CUDA backend unavailable: this build has no CUDA support (MATCHSCOPE_CUDA=OFF)");
}

template void solveBatchCuda(const int32_t*, int32_t, int32_t, int32_t*, int64_t*, int64_t*, uint8_t*,
                             double*);
template void solveBatchCuda(const int64_t*, int32_t, int32_t, int32_t*, int64_t*, int64_t*, uint8_t*,
                             double*);
template void solveBatchCuda(const float*, int32_t, int32_t, int32_t*, double*, double*, uint8_t*, double*);
template void solveBatchCuda(const double*, int32_t, int32_t, int32_t*, double*, double*, uint8_t*, double*);

}  // namespace ms::lap

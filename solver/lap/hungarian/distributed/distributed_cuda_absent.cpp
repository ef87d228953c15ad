// Built when the CUDA toolkit is absent at build time.
#include "solver/core/errors.h"
#include "solver/lap/hungarian/distributed/distributed_cuda.h"

namespace ms::lap {

void prepareRankDevice(const Communicator&) {
  throw SolveError("this build has no CUDA support (nvcc was not found at build time)");
}

template <CostType T>
std::unique_ptr<LapSolver<T>> makeDistributedCudaHungarian(const CostMatrix<T>&, const MatrixSlice&,
                                                           DualOf<T>, const LapOptions&, Communicator&,
                                                           DeviceMemoryUse*) {
  throw SolveError("this build has no CUDA support (nvcc was not found at build time)");
}

#define MS_INSTANTIATE(T)                                                                    \
  template std::unique_ptr<LapSolver<T>> makeDistributedCudaHungarian(                       \
      const CostMatrix<T>&, const MatrixSlice&, DualOf<T>, const LapOptions&, Communicator&, \
      DeviceMemoryUse*);
MS_INSTANTIATE(int32_t)
MS_INSTANTIATE(int64_t)
MS_INSTANTIATE(float)
MS_INSTANTIATE(double)
#undef MS_INSTANTIATE

}  // namespace ms::lap

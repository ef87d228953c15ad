#include "solver/lap/hungarian/distributed/distributed_cuda.h"

#include <string>
#include <utility>

#include "solver/core/cuda_device.h"
#include "solver/lap/hungarian/cuda/cuda_kernels.h"
#include "solver/lap/hungarian/distributed/distributed_kernels.h"
#include "solver/lap/hungarian/hungarian.h"

namespace ms::lap {

void prepareRankDevice(const Communicator& communicator) {
  useDeviceOfLocalRank(communicator.localRank());
  usePageLockedHostMemory();
}

template <CostType T>
std::unique_ptr<LapSolver<T>> makeDistributedCudaHungarian(const CostMatrix<T>& costs,
                                                           const MatrixSlice& slice, DualOf<T> zeroSlack,
                                                           const LapOptions& options,
                                                           Communicator& communicator,
                                                           DeviceMemoryUse* memory) {
  // Before the kernel set creates its stream: that fixes the device.
  const RankDevice rankDevice = useDeviceOfLocalRank(communicator.localRank());
  const HungarianVariant variant =
      options.algorithm == LapAlgorithm::Classical ? HungarianVariant::Classical : HungarianVariant::Tree;
  CudaKernels<T> local(costs.data(), slice, zeroSlack, variant, communicator.takesDeviceMemory(), memory);
  return makeHungarian(options, "mpi" + std::to_string(communicator.size()) + "-cuda",
                       DistributedKernels(std::move(local), communicator, rankDevice.turn));
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

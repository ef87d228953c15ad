// Built when the CUDA toolkit is absent: the CUDA backend is reported unavailable and the CPU is used.
#include "solver/core/cuda_device.h"

namespace ms {

const CudaDeviceInfo& cudaDevice() {
  static const CudaDeviceInfo info{false, "this build has no CUDA support (nvcc was not found at build time)"};
  return info;
}

}  // namespace ms

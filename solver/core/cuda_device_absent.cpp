// Built when the CUDA toolkit is absent: the CUDA backend is reported unavailable and the CPU is used.
#include "solver/core/cuda_device.h"

namespace ms {

const CudaDeviceInfo& cudaDevice() {
  static const CudaDeviceInfo info = [] {
    CudaDeviceInfo absent;
    absent.reason = "this build has no CUDA support (nvcc was not found at build time)";
    return absent;
  }();
  return info;
}

void usePageLockedHostMemory() {}

CachingHostAllocator::Stats pinnedHostCacheStats() {
  return {};
}

std::size_t trimPinnedHostCache() {
  return 0;
}

}  // namespace ms

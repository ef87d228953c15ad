#include <cuda_runtime.h>

#include <cstdlib>
#include <mutex>

#include "solver/core/cuda_device.h"
#include "solver/core/host_buffer.h"

namespace ms {
namespace {

void* allocatePinned(std::size_t bytes) {
  void* pointer = nullptr;
  if (cudaMallocHost(&pointer, bytes) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky error; fall back to pageable memory
    return std::aligned_alloc(64, (bytes + 63) / 64 * 64);
  }
  return pointer;
}

void releasePinned(void* pointer) {
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, pointer) == cudaSuccess &&
      attributes.type == cudaMemoryTypeHost) {
    cudaFreeHost(pointer);
  } else {
    cudaGetLastError();
    std::free(pointer);
  }
}

// Never destroyed: at exit the CUDA runtime may be gone before static destructors run, and cudaFreeHost
// would then fail. Its cached blocks go back at exit instead (probe registers that after the runtime's own
// exit handler, so it runs first), which keeps compute-sanitizer's leak check to real leaks.
CachingHostAllocator& pinnedCache() {
  static auto* cache = new CachingHostAllocator({&allocatePinned, &releasePinned}, {});
  return *cache;
}

CudaDeviceInfo probe() {
  CudaDeviceInfo info;
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess) {
    info.reason = std::string("no usable CUDA driver (") + cudaGetErrorName(status) + ")";
    cudaGetLastError();
    return info;
  }
  if (count == 0) {
    info.reason = "no CUDA device found";
    return info;
  }
  cudaDeviceProp properties{};
  if (cudaGetDeviceProperties(&properties, 0) != cudaSuccess || cudaSetDevice(0) != cudaSuccess ||
      cudaMemGetInfo(&info.freeMemory, &info.totalMemory) != cudaSuccess) {
    info.reason =
        std::string("CUDA device 0 cannot be initialised (") + cudaGetErrorName(cudaGetLastError()) + ")";
    return info;
  }
  info.usable = true;
  info.name = properties.name;
  info.multiprocessors = properties.multiProcessorCount;
  usePageLockedHostMemory();
  return info;
}

}  // namespace

void usePageLockedHostMemory() {
  static std::once_flag installed;
  std::call_once(installed, [] {
    setHostAllocator({[](std::size_t bytes) { return pinnedCache().allocate(bytes); },
                      [](void* pointer) { pinnedCache().release(pointer); }});
    std::atexit([] { pinnedCache().trim(); });
  });
}

const CudaDeviceInfo& cudaDevice() {
  static const CudaDeviceInfo info = probe();
  return info;
}

CachingHostAllocator::Stats pinnedHostCacheStats() {
  return pinnedCache().stats();
}

std::size_t trimPinnedHostCache() {
  return pinnedCache().trim();
}

}  // namespace ms

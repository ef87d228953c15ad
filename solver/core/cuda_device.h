#pragma once
// Whether a CUDA device can be used, and what it is. Safe to call on machines without a GPU or driver.

#include <cstddef>
#include <string>

#include "solver/core/caching_host_allocator.h"

namespace ms {

struct CudaDeviceInfo {
  bool usable = false;
  std::string reason;  // why not usable, one line (empty when usable)
  std::string name;    // e.g. "NVIDIA H100 80GB HBM3"
  std::size_t totalMemory = 0;
  std::size_t freeMemory = 0;
  int multiprocessors = 0;
};

// Probes device 0 once and caches the answer. On success also installs the page-locked host allocator, so
// cost matrices created afterwards upload at full bus speed.
const CudaDeviceInfo& cudaDevice();

// Installs the page-locked host allocator, as cudaDevice() does, without probing device 0: for processes that
// pick their own device (an MPI rank per GPU). Does nothing in a build without CUDA.
void usePageLockedHostMemory();

// The page-locked allocator keeps freed blocks for reuse (solver/core/caching_host_allocator.h). Its counts
// (all zero before a device is probed, or without one), and trim: give the cached blocks back, returning
// their bytes.
CachingHostAllocator::Stats pinnedHostCacheStats();
std::size_t trimPinnedHostCache();

}  // namespace ms

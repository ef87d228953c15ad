#pragma once
// Launch helpers the hypergraph CUDA sources share: an error check that names the stage and step, grid sizes
// for one thread per item, raw pointers of thrust vectors, a warp's sum, CUB's temporary storage. CUDA
// sources only.
#include <cuda_runtime.h>
#include <thrust/device_vector.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "solver/core/errors.h"

namespace ms::hypergraph::cuda_launch {

inline constexpr int kThreads = 256;  // threads per block
inline constexpr int kWarp = 32;
inline constexpr unsigned kFullWarp = 0xffffffffu;

// Throws SolveError("<stage>: <step>: <CUDA's message>") when `status` is an error.
inline void check(cudaError_t status, const char* stage, const char* step) {
  if (status == cudaSuccess) return;
  cudaGetLastError();  // clears a sticky launch error so that the session stays usable
  throw SolveError(std::string(stage) + ": " + step + ": " + cudaGetErrorString(status));
}

// Blocks of kThreads for `threads` threads.
inline int blocksFor(int64_t threads) {
  return static_cast<int>((threads + kThreads - 1) / kThreads);
}

template <typename T>
T* raw(thrust::device_vector<T>& v) {
  return thrust::raw_pointer_cast(v.data());
}

template <typename T>
__device__ T warpSum(T value) {
  for (int offset = kWarp / 2; offset > 0; offset >>= 1) value += __shfl_xor_sync(kFullWarp, value, offset);
  return value;
}

// CUB's temporary storage, kept and grown to the largest request so far: a CUB call's size query (null
// storage) sets `bytes` and goes through grow(); the call itself gets data() and `bytes`.
struct CubScratch {
  thrust::device_vector<unsigned char> storage;
  std::size_t bytes = 0;

  void grow(cudaError_t query, const char* stage) {
    check(query, stage, "temporary storage size");
    if (std::max<std::size_t>(bytes, 1) > storage.size()) storage.resize(std::max<std::size_t>(bytes, 1));
  }
  void* data() { return thrust::raw_pointer_cast(storage.data()); }
};

}  // namespace ms::hypergraph::cuda_launch

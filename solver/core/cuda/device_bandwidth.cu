#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <vector>

#include "solver/core/cuda_device.h"
#include "solver/core/device_bandwidth.h"
#include "solver/core/errors.h"

namespace ms {
namespace {

void check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  cudaGetLastError();
  throw SolveError(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(status));
}

}  // namespace

double measureDeviceCopyBandwidth(std::size_t bytes, int repeats) {
  const CudaDeviceInfo& device = cudaDevice();
  if (!device.usable) throw SolveError("CUDA backend unavailable: " + device.reason);
  void* source = nullptr;
  void* target = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;
  std::vector<float> times;
  try {
    check(cudaMalloc(&source, bytes), "cudaMalloc");
    check(cudaMalloc(&target, bytes), "cudaMalloc");
    check(cudaMemset(source, 0x5a, bytes), "cudaMemset");  // not zeros: see the device notes on timing zeros
    check(cudaEventCreate(&start), "cudaEventCreate");
    check(cudaEventCreate(&stop), "cudaEventCreate");
    check(cudaMemcpy(target, source, bytes, cudaMemcpyDeviceToDevice), "warm-up copy");
    for (int k = 0; k < repeats; ++k) {
      check(cudaEventRecord(start), "cudaEventRecord");
      check(cudaMemcpyAsync(target, source, bytes, cudaMemcpyDeviceToDevice), "copy");
      check(cudaEventRecord(stop), "cudaEventRecord");
      check(cudaEventSynchronize(stop), "cudaEventSynchronize");
      float ms = 0;
      check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
      times.push_back(ms);
    }
  } catch (...) {
    cudaFree(source);
    cudaFree(target);
    if (start != nullptr) cudaEventDestroy(start);
    if (stop != nullptr) cudaEventDestroy(stop);
    throw;
  }
  cudaFree(source);
  cudaFree(target);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(times.begin(), times.end());
  const double medianMs = times[times.size() / 2];
  return 2.0 * static_cast<double>(bytes) / (medianMs * 1e-3) / 1e9;
}

}  // namespace ms

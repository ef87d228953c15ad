#pragma once
// Owners of CUDA resources (device arrays, mapped pinned memory, a stream, events) and the one error check
// every CUDA call goes through.

#include <cuda_runtime.h>

#include <cstddef>
#include <string>
#include <utility>

#include "solver/core/errors.h"
#include "solver/core/fault_injection.h"

namespace ms::lap::gpu {

// Throws SolveError naming the failed operation; running out of device memory is a ResourceError.
inline void checkCuda(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  cudaGetLastError();  // clear a non-sticky error so the context stays usable
  const std::string message = std::string("CUDA backend: ") + what + " failed: " + cudaGetErrorString(status);
  if (status == cudaErrorMemoryAllocation) throw ResourceError(message);
  throw SolveError(message);
}

// An array in device memory (kPinnedHost false) or in page-locked host memory, which copies to and from the
// device reach at full bus speed (the distributed exchange's staging buffer).
template <class T, bool kPinnedHost>
class CudaArray {
 public:
  CudaArray() = default;
  explicit CudaArray(std::size_t count) : count_(count) {
    if (count == 0) return;
    void** out = reinterpret_cast<void**>(&data_);
    if constexpr (kPinnedHost) {
      checkCuda(cudaMallocHost(out, count * sizeof(T)), "cudaMallocHost");
    } else {
      checkCuda(
          deviceAllocationFailureInjected() ? cudaErrorMemoryAllocation : cudaMalloc(out, count * sizeof(T)),
          "cudaMalloc");
    }
  }
  ~CudaArray() {
    if (data_ == nullptr) return;
    if constexpr (kPinnedHost) {
      cudaFreeHost(data_);
    } else {
      cudaFree(data_);
    }
  }
  CudaArray(CudaArray&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
  CudaArray& operator=(CudaArray&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(count_, other.count_);
    return *this;
  }

  T* get() const { return data_; }
  std::size_t size() const { return count_; }

 private:
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

template <class T>
using DeviceArray = CudaArray<T, false>;
template <class T>
using PinnedHostArray = CudaArray<T, true>;

// One value in page-locked host memory that kernels write directly (mapped), so reading a phase's result
// needs no copy command, only the synchronisation.
template <class T>
class MappedHostValue {
 public:
  MappedHostValue() {
    checkCuda(cudaHostAlloc(reinterpret_cast<void**>(&host_), sizeof(T), cudaHostAllocMapped),
              "cudaHostAlloc");
    *host_ = T{};
    checkCuda(cudaHostGetDevicePointer(reinterpret_cast<void**>(&device_), host_, 0),
              "cudaHostGetDevicePointer");
  }
  ~MappedHostValue() {
    if (host_ != nullptr) cudaFreeHost(host_);
  }
  MappedHostValue(const MappedHostValue&) = delete;
  MappedHostValue& operator=(const MappedHostValue&) = delete;

  // Read only after a synchronisation that follows the kernel that wrote it.
  const T& host() const { return *host_; }
  T* device() const { return device_; }

 private:
  T* host_ = nullptr;
  T* device_ = nullptr;
};

// Owner of a stream or event handle, created and destroyed by the given runtime calls.
template <class Handle, cudaError_t (*kCreate)(Handle*), cudaError_t (*kDestroy)(Handle)>
class CudaHandle {
 public:
  CudaHandle() { checkCuda(kCreate(&handle_), "creating a CUDA stream or event"); }
  ~CudaHandle() {
    if (handle_ != nullptr) kDestroy(handle_);
  }
  CudaHandle(const CudaHandle&) = delete;
  CudaHandle& operator=(const CudaHandle&) = delete;
  Handle get() const { return handle_; }

 private:
  Handle handle_ = nullptr;
};

inline cudaError_t createNonBlockingStream(cudaStream_t* stream) {
  return cudaStreamCreateWithFlags(stream, cudaStreamNonBlocking);
}
inline cudaError_t createTimingEvent(cudaEvent_t* event) {
  return cudaEventCreateWithFlags(event, cudaEventDefault);
}

using CudaStream = CudaHandle<cudaStream_t, &createNonBlockingStream, &cudaStreamDestroy>;
using CudaEvent = CudaHandle<cudaEvent_t, &createTimingEvent, &cudaEventDestroy>;

}  // namespace ms::lap::gpu

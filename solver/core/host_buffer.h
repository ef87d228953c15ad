#pragma once
// Host arrays for large instances. Where a CUDA device is usable, the CUDA backend installs a page-locked
// allocator at start-up, so a cost matrix uploads at full bus speed (pageable memory is ~17x slower).

#include <cstddef>
#include <cstring>
#include <span>
#include <utility>

namespace ms {

struct HostAllocator {
  void* (*allocate)(std::size_t bytes);  // returns nullptr on failure
  void (*release)(void* pointer);
};

// The allocator new HostBuffers use. Install before creating buffers; existing buffers keep their own.
void setHostAllocator(HostAllocator allocator);
HostAllocator hostAllocator();

template <class T>
class HostBuffer {
 public:
  HostBuffer() = default;
  explicit HostBuffer(std::size_t count);  // throws std::bad_alloc
  // A view of `count` elements that someone else owns and keeps alive longer than the buffer (a caller's
  // page-locked array, solved without a copy): never released. Copies of it own their memory.
  static HostBuffer borrow(T* data, std::size_t count) {
    HostBuffer buffer;
    buffer.data_ = data;
    buffer.size_ = count;
    return buffer;
  }
  ~HostBuffer() { reset(); }
  HostBuffer(HostBuffer&& other) noexcept { swap(other); }
  HostBuffer& operator=(HostBuffer&& other) noexcept {
    HostBuffer(std::move(other)).swap(*this);
    return *this;
  }
  HostBuffer(const HostBuffer& other) : HostBuffer(other.size_) {
    if (size_ != 0) std::memcpy(data_, other.data_, size_ * sizeof(T));
  }
  HostBuffer& operator=(const HostBuffer& other) {
    if (this != &other) HostBuffer(other).swap(*this);
    return *this;
  }

  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::span<T> span() { return {data_, size_}; }
  std::span<const T> span() const { return {data_, size_}; }

  void swap(HostBuffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(release_, other.release_);
  }

 private:
  void reset() {
    if (data_ != nullptr && release_ != nullptr) release_(data_);
    data_ = nullptr;
    size_ = 0;
  }
  T* data_ = nullptr;
  std::size_t size_ = 0;
  void (*release_)(void*) = nullptr;  // nullptr: borrowed
};

void* allocateHostBytes(std::size_t bytes, void (**release)(void*));  // throws std::bad_alloc

template <class T>
HostBuffer<T>::HostBuffer(std::size_t count) : size_(count) {
  if (count != 0) data_ = static_cast<T*>(allocateHostBytes(count * sizeof(T), &release_));
}

// Physical memory the machine can still hand out, in bytes (MemAvailable), or less where the environment
// variable MATCHSCOPE_MEMORY_LIMIT_MB caps it (a shared machine; the fuzz targets, whose memory limit is far
// below the machine's), and divided among the Open MPI ranks that share the host
// (OMPI_COMM_WORLD_LOCAL_SIZE); used to refuse instances that cannot fit before trying to allocate them.
std::size_t availableHostMemory();

}  // namespace ms

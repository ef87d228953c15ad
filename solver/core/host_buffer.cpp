#include "solver/core/host_buffer.h"

#include <unistd.h>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <new>
#include <string>

namespace ms {
namespace {

void* alignedAllocate(std::size_t bytes) {
  constexpr std::size_t kAlignment = 64;  // a cache line: lets vector loads and row pointers start aligned
  return std::aligned_alloc(kAlignment, (bytes + kAlignment - 1) / kAlignment * kAlignment);
}

std::mutex allocatorMutex;
HostAllocator currentAllocator{&alignedAllocate, &std::free};

}  // namespace

void setHostAllocator(HostAllocator allocator) {
  const std::lock_guard lock(allocatorMutex);
  currentAllocator = allocator;
}

HostAllocator hostAllocator() {
  const std::lock_guard lock(allocatorMutex);
  return currentAllocator;
}

void* allocateHostBytes(std::size_t bytes, void (**release)(void*)) {
  const HostAllocator allocator = hostAllocator();
  void* pointer = allocator.allocate(bytes);
  if (pointer == nullptr) throw std::bad_alloc();
  *release = allocator.release;
  return pointer;
}

std::size_t availableHostMemory() {
  std::size_t available =
      static_cast<std::size_t>(sysconf(_SC_AVPHYS_PAGES)) * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::size_t kilobytes = 0;
  std::string unit;
  while (meminfo >> key >> kilobytes >> unit) {
    if (key == "MemAvailable:") {
      available = kilobytes * 1024;
      break;
    }
  }
  if (const char* limit = std::getenv("MATCHSCOPE_MEMORY_LIMIT_MB")) {
    char* end = nullptr;
    const unsigned long long megabytes = std::strtoull(limit, &end, 10);
    if (end != limit && *end == '\0') available = std::min<std::size_t>(available, megabytes << 20);
  }
  // Open MPI's ranks on one host share its memory: each may count on its part only, or two ranks that each
  // pass the check exceed the host together.
  if (const char* ranks = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE")) {
    char* end = nullptr;
    const unsigned long long count = std::strtoull(ranks, &end, 10);
    if (end != ranks && *end == '\0' && count > 1) available /= count;
  }
  return available;
}

}  // namespace ms

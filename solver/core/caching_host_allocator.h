#pragma once
// Keeps the blocks an expensive host allocator hands out (page-locking: cudaMallocHost of 400 MB takes
// about as long as a solve at n = 10000) and hands them out again, as PyTorch's CachingHostAllocator, CUB's
// CachingHostAllocator and CuPy's PinnedMemoryPool do: repeated solves of one size pin memory once.
// Bounded (a block count and a byte cap; the oldest cached blocks go first), trimmable and thread-safe.

#include <cstddef>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "solver/core/host_buffer.h"

namespace ms {

class CachingHostAllocator {
 public:
  struct Limits {
    std::size_t maxBlocks = 8;                    // cached (free) blocks kept at most
    std::size_t maxBytes = std::size_t{8} << 30;  // their total size at most
  };
  struct Stats {
    std::size_t upstreamAllocations = 0;  // blocks the upstream allocator handed out
    std::size_t upstreamReleases = 0;     // blocks given back to it
    std::size_t reuses = 0;               // allocations served from the cache
    std::size_t cachedBlocks = 0, cachedBytes = 0;
    std::size_t liveBlocks = 0, liveBytes = 0;  // handed out and not yet released
  };

  CachingHostAllocator(HostAllocator upstream, Limits limits);
  ~CachingHostAllocator();  // gives every cached block back (live ones stay with their owners)
  CachingHostAllocator(const CachingHostAllocator&) = delete;
  CachingHostAllocator& operator=(const CachingHostAllocator&) = delete;

  // A cached block of at least `bytes` and at most twice that (the smallest such), else a new upstream
  // block; when upstream fails, the cache is trimmed and upstream asked once more. nullptr on failure.
  void* allocate(std::size_t bytes);
  // Caches a block this allocator handed out (evicting the oldest cached blocks to stay within the limits;
  // a block larger than the byte cap goes straight back); a pointer it does not know goes to upstream.
  void release(void* pointer);
  // Gives every cached block back to upstream; returns the bytes released.
  std::size_t trim();
  Stats stats() const;

 private:
  struct Block {
    void* pointer;
    std::size_t bytes;
  };
  std::size_t trimLocked();

  HostAllocator upstream_;
  Limits limits_;
  mutable std::mutex mutex_;
  std::unordered_map<void*, std::size_t> live_;  // block -> its size
  std::vector<Block> cached_;                    // oldest first
  Stats stats_;
};

}  // namespace ms

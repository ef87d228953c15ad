#include "solver/core/caching_host_allocator.h"

#include <algorithm>

namespace ms {

CachingHostAllocator::CachingHostAllocator(HostAllocator upstream, Limits limits)
    : upstream_(upstream), limits_(limits) {}

CachingHostAllocator::~CachingHostAllocator() {
  trim();
}

void* CachingHostAllocator::allocate(std::size_t bytes) {
  const std::lock_guard lock(mutex_);
  auto best = cached_.end();
  for (auto block = cached_.begin(); block != cached_.end(); ++block) {
    const bool fits = block->bytes >= bytes && block->bytes / 2 <= bytes;
    if (fits && (best == cached_.end() || block->bytes < best->bytes)) best = block;
  }
  if (best != cached_.end()) {
    const Block block = *best;
    cached_.erase(best);
    stats_.cachedBlocks -= 1;
    stats_.cachedBytes -= block.bytes;
    stats_.reuses += 1;
    live_.emplace(block.pointer, block.bytes);
    return block.pointer;
  }
  void* pointer = upstream_.allocate(bytes);
  if (pointer == nullptr && !cached_.empty()) {
    trimLocked();  // cached blocks may be what exhausts the page-locked memory
    pointer = upstream_.allocate(bytes);
  }
  if (pointer == nullptr) return nullptr;
  stats_.upstreamAllocations += 1;
  live_.emplace(pointer, bytes);
  return pointer;
}

void CachingHostAllocator::release(void* pointer) {
  const std::lock_guard lock(mutex_);
  const auto live = live_.find(pointer);
  if (live == live_.end()) {
    upstream_.release(pointer);
    return;
  }
  const Block block{pointer, live->second};
  live_.erase(live);
  if (block.bytes > limits_.maxBytes || limits_.maxBlocks == 0) {
    upstream_.release(block.pointer);
    stats_.upstreamReleases += 1;
    return;
  }
  while (!cached_.empty() &&
         (cached_.size() + 1 > limits_.maxBlocks || stats_.cachedBytes + block.bytes > limits_.maxBytes)) {
    upstream_.release(cached_.front().pointer);
    stats_.upstreamReleases += 1;
    stats_.cachedBlocks -= 1;
    stats_.cachedBytes -= cached_.front().bytes;
    cached_.erase(cached_.begin());
  }
  cached_.push_back(block);
  stats_.cachedBlocks += 1;
  stats_.cachedBytes += block.bytes;
}

std::size_t CachingHostAllocator::trim() {
  const std::lock_guard lock(mutex_);
  return trimLocked();
}

std::size_t CachingHostAllocator::trimLocked() {
  const std::size_t released = stats_.cachedBytes;
  for (const Block& block : cached_) upstream_.release(block.pointer);
  stats_.upstreamReleases += cached_.size();
  cached_.clear();
  stats_.cachedBlocks = 0;
  stats_.cachedBytes = 0;
  return released;
}

CachingHostAllocator::Stats CachingHostAllocator::stats() const {
  const std::lock_guard lock(mutex_);
  Stats stats = stats_;
  stats.liveBlocks = live_.size();
  stats.liveBytes = 0;
  for (const auto& [pointer, bytes] : live_) stats.liveBytes += bytes;
  return stats;
}

}  // namespace ms

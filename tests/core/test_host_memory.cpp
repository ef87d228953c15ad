// The caching page-locked allocator's logic (solver/core/caching_host_allocator.h) over a fake upstream that
// counts its calls, so that it is tested without CUDA; HostBuffer's borrowed storage (issue 25); the
// huge-page advice of the partitioner's large arrays.
#include <QtTest/QtTest>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <numeric>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "solver/core/caching_host_allocator.h"
#include "solver/core/host_buffer.h"
#include "solver/core/huge_pages.h"
#include "solver/lap/cost_matrix.h"

using namespace ms;

namespace {

// The upstream: malloc with counts, the set of blocks outstanding (a double or foreign release fails the
// test) and an optional capacity, beyond which it fails as cudaMallocHost does when page-locked memory
// runs out.
struct FakeUpstream {
  std::mutex mutex;
  std::set<void*> outstanding;
  std::size_t allocations = 0, releases = 0, failures = 0;
  std::size_t bytesOut = 0, capacity = 0;  // capacity 0: unlimited
  std::unordered_map<void*, std::size_t> sizes;
  std::size_t releasedUnknown = 0;
};
FakeUpstream* fake = nullptr;

void* fakeAllocate(std::size_t bytes) {
  const std::lock_guard lock(fake->mutex);
  if (fake->capacity != 0 && fake->bytesOut + bytes > fake->capacity) {
    fake->failures += 1;
    return nullptr;
  }
  void* pointer = std::malloc(bytes);
  fake->outstanding.insert(pointer);
  fake->sizes[pointer] = bytes;
  fake->allocations += 1;
  fake->bytesOut += bytes;
  return pointer;
}

void fakeRelease(void* pointer) {
  const std::lock_guard lock(fake->mutex);
  if (fake->outstanding.erase(pointer) == 0) {
    fake->releasedUnknown += 1;
    return;
  }
  fake->releases += 1;
  fake->bytesOut -= fake->sizes[pointer];
  fake->sizes.erase(pointer);
  std::free(pointer);
}

constexpr HostAllocator kFake{&fakeAllocate, &fakeRelease};

}  // namespace

class TestHostMemory : public QObject {
  Q_OBJECT

 private slots:
  void init() { fake = new FakeUpstream; }
  void cleanup() {
    QCOMPARE(fake->releasedUnknown, std::size_t{0});
    delete fake;
    fake = nullptr;
  }

  // Repeated solves of one size: one upstream allocation, then every block comes from the cache.
  void repeatedAllocationsOfOneSizeAllocateUpstreamOnce() {
    CachingHostAllocator cache(kFake, {});
    for (int k = 0; k < 10; ++k) {
      void* block = cache.allocate(400'000);
      QVERIFY(block != nullptr);
      cache.release(block);
    }
    QCOMPARE(fake->allocations, std::size_t{1});
    QCOMPARE(fake->releases, std::size_t{0});
    QCOMPARE(cache.stats().reuses, std::size_t{9});
    QCOMPARE(cache.stats().cachedBlocks, std::size_t{1});
    QCOMPARE(cache.trim(), std::size_t{400'000});
    QCOMPARE(fake->releases, std::size_t{1});
    QVERIFY(fake->outstanding.empty());
    QCOMPARE(cache.stats().cachedBytes, std::size_t{0});
  }

  // A cached block serves requests from half its size up, the smallest fitting block first; a much smaller
  // request does not take a large block.
  void reusesTheSmallestBlockThatFits() {
    CachingHostAllocator cache(kFake, {});
    void* large = cache.allocate(1000);
    void* medium = cache.allocate(700);
    cache.release(large);
    cache.release(medium);
    QCOMPARE(cache.allocate(600), medium);
    QCOMPARE(cache.allocate(600), large);
    void* small = cache.allocate(100);  // nothing cached now
    QCOMPARE(fake->allocations, std::size_t{3});
    cache.release(large);
    void* other = cache.allocate(400);  // 1000 bytes is more than twice 400
    QVERIFY(other != large);
    QCOMPARE(fake->allocations, std::size_t{4});
    for (void* block : {medium, small, other}) cache.release(block);
    QCOMPARE(cache.stats().liveBlocks, std::size_t{0});
  }

  // At most maxBlocks cached blocks and maxBytes cached bytes: the oldest go back first, a block over the
  // byte cap goes back at once.
  void staysWithinItsLimits() {
    CachingHostAllocator cache(kFake, {.maxBlocks = 2, .maxBytes = 1000});
    void* first = cache.allocate(300);
    void* second = cache.allocate(300);
    void* third = cache.allocate(300);
    cache.release(first);
    cache.release(second);
    cache.release(third);  // a third block: the oldest (first) goes back
    QCOMPARE(fake->releases, std::size_t{1});
    QVERIFY(!fake->outstanding.contains(first));
    void* big = cache.allocate(900);
    cache.release(big);  // 600 cached + 900 > 1000: both older blocks go back
    QCOMPARE(fake->releases, std::size_t{3});
    QCOMPARE(cache.stats().cachedBytes, std::size_t{900});
    void* huge = cache.allocate(5000);
    cache.release(huge);  // over the cap on its own
    QCOMPARE(fake->releases, std::size_t{4});
    QCOMPARE(cache.stats().cachedBlocks, std::size_t{1});
  }

  // When upstream runs out (page-locked memory is scarce), the cached blocks are given back and the
  // allocation tried once more.
  void trimsAndRetriesWhenUpstreamFails() {
    fake->capacity = 1000;
    CachingHostAllocator cache(kFake, {});
    cache.release(cache.allocate(800));
    void* block = cache.allocate(300);  // the cached 800 does not fit 300 (over twice): upstream is full
    QVERIFY(block != nullptr);
    QCOMPARE(fake->failures, std::size_t{1});
    QCOMPARE(cache.stats().cachedBlocks, std::size_t{0});
    QVERIFY(cache.allocate(900) == nullptr);  // really out: nullptr, nothing cached to give back
    cache.release(block);
  }

  // A pointer the cache did not hand out goes straight to upstream.
  void unknownPointersGoUpstream() {
    CachingHostAllocator cache(kFake, {});
    void* foreign = fakeAllocate(64);
    cache.release(foreign);
    QVERIFY(fake->outstanding.empty());
    QCOMPARE(cache.stats().cachedBlocks, std::size_t{0});
  }

  // Threads allocating and releasing at once: every block handed out is distinct while live, and the
  // counts add up.
  void isThreadSafe() {
    CachingHostAllocator cache(kFake, {.maxBlocks = 3, .maxBytes = std::size_t{1} << 20});
    std::vector<std::thread> threads;
    std::mutex seenMutex;
    std::set<void*> live;
    bool overlap = false;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&, t] {
        for (int k = 0; k < 2000; ++k) {
          const std::size_t bytes = 1000 + static_cast<std::size_t>((k * 7 + t) % 5) * 100;
          void* block = cache.allocate(bytes);
          {
            const std::lock_guard lock(seenMutex);
            overlap |= !live.insert(block).second;
          }
          static_cast<char*>(block)[bytes - 1] = 1;
          {
            const std::lock_guard lock(seenMutex);
            live.erase(block);
          }
          cache.release(block);
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
    QVERIFY(!overlap);
    const CachingHostAllocator::Stats stats = cache.stats();
    QCOMPARE(stats.liveBlocks, std::size_t{0});
    QCOMPARE(stats.upstreamAllocations + stats.reuses, std::size_t{8000});
    QCOMPARE(stats.upstreamAllocations - stats.upstreamReleases, stats.cachedBlocks);
    QVERIFY(stats.cachedBlocks <= 3);
    QVERIFY(stats.reuses > 0);
  }

  // The cached blocks go back when the cache does.
  void destructionGivesCachedBlocksBack() {
    {
      CachingHostAllocator cache(kFake, {});
      cache.release(cache.allocate(100));
      cache.release(cache.allocate(5000));
    }
    QVERIFY(fake->outstanding.empty());
  }

  // A borrowed buffer reads the caller's memory in place and never releases it; a copy owns its own.
  void borrowedStorageIsReadInPlace() {
    std::vector<int32_t> owned{1, 2, 3, 4};
    {
      const lap::CostMatrix<int32_t> costs(2, 2, HostBuffer<int32_t>::borrow(owned.data(), owned.size()));
      QCOMPARE(costs.data(), owned.data());
      QCOMPARE(costs(1, 0), 3);
      const lap::CostMatrix<int32_t> copy = costs;
      QVERIFY(copy.data() != owned.data());
      QCOMPARE(copy(1, 1), 4);
    }
    QCOMPARE(owned[3], 4);  // still ours: nothing released it (ASan would report a bad free)
  }

  // Large partitioner arrays hold what they were given and sit in memory the kernel may back with huge pages
  // (smaps' THPeligible of the mapping around them), where the system has transparent huge pages.
  void largeArraysAreAdvisedToHugePages() {
    const std::size_t count = (std::size_t{64} << 20) / sizeof(int32_t);
    std::vector<int32_t> source(count);
    std::iota(source.begin(), source.end(), 0);
    const std::vector<int32_t> copy = hugePageCopy(source.data(), source.data() + count);
    const std::vector<int32_t> filled = hugePageVector<int32_t>(count, -3);
    QVERIFY(copy == source);
    QVERIFY(std::all_of(filled.begin(), filled.end(), [](int32_t x) { return x == -3; }));

    std::ifstream mode("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string modes;
    std::getline(mode, modes);
    if (modes.empty() || modes.find("[never]") != std::string::npos)
      QSKIP("no transparent huge pages on this system");
    for (const void* array :
         {static_cast<const void*>(copy.data()), static_cast<const void*>(filled.data())}) {
      // An address 8 MB in: inside the advised 2 MB-aligned part.
      const int eligible = thpEligible(static_cast<const char*>(array) + (std::size_t{8} << 20));
      if (eligible < 0) QSKIP("this kernel's smaps does not say THPeligible");
      QCOMPARE(eligible, 1);
    }
  }

 private:
  // smaps' THPeligible of the mapping that holds `address`, -1 when not found.
  static int thpEligible(const void* address) {
    std::ifstream smaps("/proc/self/smaps");
    const auto target = reinterpret_cast<std::uintptr_t>(address);
    bool inside = false;
    for (std::string line; std::getline(smaps, line);) {
      std::uintptr_t begin = 0, end = 0;
      if (std::sscanf(line.c_str(), "%lx-%lx ", &begin, &end) == 2 && line.find(':') > line.find(' ')) {
        inside = begin <= target && target < end;
      } else if (inside && line.rfind("THPeligible:", 0) == 0) {
        return std::atoi(line.c_str() + 12);
      }
    }
    return -1;
  }
};

QTEST_GUILESS_MAIN(TestHostMemory)
#include "test_host_memory.moc"

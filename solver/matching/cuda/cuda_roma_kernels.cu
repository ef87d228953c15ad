#include <cuda_runtime.h>

#include <cub/block/block_reduce.cuh>
#include <cuda/atomic>

#include <algorithm>
#include <bit>
#include <string>

#include "solver/core/cuda_device.h"
#include "solver/core/errors.h"
#include "solver/core/fault_injection.h"
#include "solver/matching/cuda/cuda_roma_kernels.h"

namespace ms::matching {
namespace {

constexpr int kBlockThreads = 1024;  // Hovland, Section 5.5.1: the best block size for both variants
constexpr int kWeightThreads = 256;

void check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  cudaGetLastError();  // clear a non-sticky error so later calls can report their own
  throw SolveError(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(status));
}

// Device-side counts of one phase; `flips` doubles as the next free slot of the flip log.
struct PhaseStats {
  int flips;
  int lockTaken;
  int stale;
  unsigned int bestGainBits;  // gains are positive floats: their bit patterns order like the values
  double weight;
};

struct DeviceView {
  const float* weights;
  int n;
  int* mate;
  float* matched;  // w(u, M[u]) for every u
  int* locks;      // -1 = free
  MatchingFlip* log;
  PhaseStats* stats;
  float threshold;
  int flipRetries;  // searches again after a failed flip, up to this many times per edge and phase
};

using DeviceInt = cuda::atomic_ref<int, cuda::thread_scope_device>;
using DeviceFloat = cuda::atomic_ref<float, cuda::thread_scope_device>;

__device__ float weightOf(const DeviceView& d, int u, int v) {
  return __ldg(d.weights + static_cast<size_t>(u) * d.n + v);
}

// Reads of the matching during the search go to L2 (ld.cg), where the flips' stores land, so a block sees
// other blocks' flips of this phase instead of a stale L1 copy.
__device__ int mateOf(const DeviceView& d, int u) {
  return __ldcg(d.mate + u);
}

__device__ bool tryLock(const DeviceView& d, int vertex, int owner) {
  int unlocked = -1;
  return DeviceInt(d.locks[vertex])
      .compare_exchange_strong(unlocked, owner, cuda::memory_order_acquire, cuda::memory_order_relaxed);
}

__device__ void unlock(const DeviceView& d, int vertex) {
  __threadfence();  // the thesis's fence: the flip's writes are visible before the lock opens
  DeviceInt(d.locks[vertex]).store(-1, cuda::memory_order_relaxed);
}

__device__ bool matchedNow(const DeviceView& d, int p, int q) {
  return DeviceInt(d.mate[p]).load(cuda::memory_order_acquire) == q &&
         DeviceInt(d.mate[q]).load(cuda::memory_order_acquire) == p;
}

// Algorithm 7 for (u, mateU) and (a, b): u takes a, mateU takes b. Returns whether it flipped.
__device__ bool atomicFlip(const DeviceView& d, int u, int mateU, int a, int b) {
  const int x = min(a, b);
  const int first = min(u, x), second = max(u, x);
  if (!tryLock(d, first, u)) {
    atomicAdd(&d.stats->lockTaken, 1);
    return false;
  }
  if (second == first || !tryLock(d, second, u)) {
    unlock(d, first);
    atomicAdd(&d.stats->lockTaken, 1);
    return false;
  }
  bool flipped = false;
  if (matchedNow(d, u, mateU) && matchedNow(d, a, b)) {
    const float wUA = weightOf(d, u, a), wMateUB = weightOf(d, mateU, b);
    const float gain = wUA + wMateUB - weightOf(d, u, mateU) - weightOf(d, a, b);
    if (gain > d.threshold) {
      // The slot is taken before the new mates become visible, so a flip that builds on this one's edges
      // takes a later slot: replaying the log in slot order reproduces the phase.
      const int slot = atomicAdd(&d.stats->flips, 1);
      __threadfence();
      d.log[slot] = MatchingFlip{u, mateU, a, b, gain};
      atomicMax(&d.stats->bestGainBits, __float_as_uint(gain));
      DeviceFloat(d.matched[u]).store(wUA, cuda::memory_order_relaxed);
      DeviceFloat(d.matched[a]).store(wUA, cuda::memory_order_relaxed);
      DeviceFloat(d.matched[mateU]).store(wMateUB, cuda::memory_order_relaxed);
      DeviceFloat(d.matched[b]).store(wMateUB, cuda::memory_order_relaxed);
      DeviceInt(d.mate[u]).store(a, cuda::memory_order_relaxed);
      DeviceInt(d.mate[a]).store(u, cuda::memory_order_relaxed);
      DeviceInt(d.mate[mateU]).store(b, cuda::memory_order_relaxed);
      DeviceInt(d.mate[b]).store(mateU, cuda::memory_order_relaxed);
      flipped = true;
    }
  }
  if (!flipped) atomicAdd(&d.stats->stale, 1);
  unlock(d, second);
  unlock(d, first);
  return flipped;
}

// Algorithm 5's search for the matched edge (u, mateU): u takes *a, mateU takes *b; *a = -1 when no flip
// gains.
__device__ void bestFlipOverEdges(const DeviceView& d, int u, int mateU, int* a, int* b) {
  const float* rowU = d.weights + static_cast<size_t>(u) * d.n;
  const float* rowMateU = d.weights + static_cast<size_t>(mateU) * d.n;
  const float current = __ldg(rowU + mateU);
  float bestGain = d.threshold;
  *a = -1;
  for (int x = 0; x < d.n; ++x) {
    const int mateX = mateOf(d, x);
    if (x == u || x == mateU || x > mateX) continue;
    const float currentWeight = current + __ldcg(d.matched + x);
    const float w1 = __ldg(rowU + x) + __ldg(rowMateU + mateX);
    const float w2 = __ldg(rowU + mateX) + __ldg(rowMateU + x);
    if (w1 > w2 && w1 - currentWeight > bestGain) {
      bestGain = w1 - currentWeight;
      *a = x;
      *b = mateX;
    } else if (w2 - currentWeight > bestGain) {
      bestGain = w2 - currentWeight;
      *a = mateX;
      *b = x;
    }
  }
}

// Algorithm 6: one thread per vertex. A failed flip searches again from the current matching up to
// flipRetries times (while u is still its edge's smaller end), else waits for the next phase.
__global__ void __launch_bounds__(kBlockThreads) romaPhaseThreadPerVertex(DeviceView d) {
  const int u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u >= d.n) return;
  for (int attempt = 0;; ++attempt) {
    const int mateU = mateOf(d, u);
    if (u > mateU) return;
    int a, b;
    bestFlipOverEdges(d, u, mateU, &a, &b);
    if (a == -1 || atomicFlip(d, u, mateU, a, b) || attempt == d.flipRetries) return;
  }
}

// u takes `vertex`, mateU takes `mate`, the vertex's partner when the search read it.
struct Candidate {
  float gain;
  int vertex;
  int mate;
};

struct BetterCandidate {
  __device__ Candidate operator()(const Candidate& p, const Candidate& q) const {
    if (q.gain > p.gain || (q.gain == p.gain && q.vertex != -1 && (p.vertex == -1 || q.vertex < p.vertex)))
      return q;
    return p;
  }
};

using CandidateReduce = cub::BlockReduce<Candidate, kBlockThreads>;

// Algorithm 8's search for the matched edge (u, mateU), split among the block's threads; with kRowInShared,
// row mateU is staged in shared memory first. The result is valid in thread 0.
template <bool kRowInShared>
__device__ Candidate blockBestFlip(const DeviceView& d, int u, int mateU, float* sharedRow,
                                   typename CandidateReduce::TempStorage& reduceStorage) {
  const int n = d.n;
  const float* rowU = d.weights + static_cast<size_t>(u) * n;
  const float* rowMateU = d.weights + static_cast<size_t>(mateU) * n;
  const bool vectorised = (n & 3) == 0;  // rows then start 16-byte aligned
  if constexpr (kRowInShared) {
    if (vectorised) {
      for (int q = threadIdx.x; q < n / 4; q += kBlockThreads) {
        reinterpret_cast<float4*>(sharedRow)[q] = __ldg(reinterpret_cast<const float4*>(rowMateU) + q);
      }
    } else {
      for (int y = threadIdx.x; y < n; y += kBlockThreads) sharedRow[y] = __ldg(rowMateU + y);
    }
    __syncthreads();
    rowMateU = sharedRow;
  }
  const float current = __ldg(rowU + mateU);
  Candidate best{d.threshold, -1, -1};
  auto consider = [&](int y, float wUY, int mateY, float matchedY) {
    const float gain = wUY + (kRowInShared ? rowMateU[mateY] : __ldg(rowMateU + mateY)) - current - matchedY;
    if (gain > best.gain && y != u && y != mateU) best = {gain, y, mateY};
  };
  if (vectorised) {
    const auto* rowU4 = reinterpret_cast<const float4*>(rowU);
    const auto* mate4 = reinterpret_cast<const int4*>(d.mate);
    const auto* matched4 = reinterpret_cast<const float4*>(d.matched);
#pragma unroll 4
    for (int q = threadIdx.x; q < n / 4; q += kBlockThreads) {
      const float4 w = __ldg(rowU4 + q);
      const int4 m = __ldcg(mate4 + q);
      const float4 mw = __ldcg(matched4 + q);
      consider(4 * q, w.x, m.x, mw.x);
      consider(4 * q + 1, w.y, m.y, mw.y);
      consider(4 * q + 2, w.z, m.z, mw.z);
      consider(4 * q + 3, w.w, m.w, mw.w);
    }
  } else {
    for (int y = threadIdx.x; y < n; y += kBlockThreads)
      consider(y, __ldg(rowU + y), mateOf(d, y), __ldcg(d.matched + y));
  }
  return CandidateReduce(reduceStorage).Reduce(best, BetterCandidate{});
}

// Algorithm 8: one block per vertex. Algorithm 7 flips the edges as the search found them: if the winner's
// partner has changed since, the flip is stale. A failed flip searches again from the current matching up to
// flipRetries times (while u is still its edge's smaller end), else waits for the next phase.
template <bool kRowInShared>
__global__ void __launch_bounds__(kBlockThreads) romaPhaseBlockPerEdge(DeviceView d) {
  extern __shared__ float sharedRow[];
  __shared__ typename CandidateReduce::TempStorage reduceStorage;
  // Read by one thread for the whole block: another block may flip u's edge meanwhile, and the threads must
  // agree on the edge they search for and on whether to search again.
  __shared__ int blockMateU;
  __shared__ bool blockSettled;
  const int u = blockIdx.x;
  if (threadIdx.x == 0) blockMateU = mateOf(d, u);
  __syncthreads();
  for (int attempt = 0;; ++attempt) {
    const int mateU = blockMateU;
    if (u > mateU) return;
    const Candidate winner = blockBestFlip<kRowInShared>(d, u, mateU, sharedRow, reduceStorage);
    if (threadIdx.x == 0) {
      blockSettled = winner.vertex == -1 || atomicFlip(d, u, mateU, winner.vertex, winner.mate) ||
                     attempt == d.flipRetries;
      blockMateU = mateOf(d, u);
    }
    __syncthreads();  // also keeps the shared row and the reduction's storage until every thread is done
    if (blockSettled) return;
  }
}

__global__ void initialiseMatched(DeviceView d) {
  const int u = blockIdx.x * blockDim.x + threadIdx.x;
  if (u < d.n) d.matched[u] = weightOf(d, u, d.mate[u]);
}

__global__ void __launch_bounds__(kWeightThreads) sumMatchedWeights(DeviceView d) {
  using BlockReduce = cub::BlockReduce<double, kWeightThreads>;
  __shared__ typename BlockReduce::TempStorage storage;
  double local = 0;
  for (int u = blockIdx.x * blockDim.x + threadIdx.x; u < d.n; u += gridDim.x * blockDim.x) {
    if (u < d.mate[u]) local += d.matched[u];
  }
  const double total = BlockReduce(storage).Sum(local);
  if (threadIdx.x == 0) atomicAdd(&d.stats->weight, total);
}

int blocksFor(int count, int threads) {
  return (count + threads - 1) / threads;
}

}  // namespace

struct CudaRomaKernels::Device {
  const float* hostWeights = nullptr;
  int n = 0;
  bool blockPerEdge = true;
  bool rowInShared = false;
  std::size_t sharedBytes = 0;
  DeviceView view{};
  PhaseStats* hostStats = nullptr;  // page-locked: the one read-back per phase
  int lastFlips = 0;
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;

  ~Device() {
    cudaFree(const_cast<float*>(view.weights));
    cudaFree(view.mate);
    cudaFree(view.matched);
    cudaFree(view.locks);
    cudaFree(view.log);
    cudaFree(view.stats);
    cudaFreeHost(hostStats);
    if (start != nullptr) cudaEventDestroy(start);
    if (stop != nullptr) cudaEventDestroy(stop);
    if (stream != nullptr) cudaStreamDestroy(stream);
  }

  template <class T>
  T* allocate(std::size_t count, const char* what) {
    void* pointer = nullptr;
    const cudaError_t status = deviceAllocationFailureInjected() ? cudaErrorMemoryAllocation
                                                                 : cudaMalloc(&pointer, count * sizeof(T));
    if (status != cudaSuccess) {
      cudaGetLastError();
      throw ResourceError(std::string("CUDA: cannot allocate ") + what + " (" + cudaGetErrorString(status) +
                          ")");
    }
    return static_cast<T*>(pointer);
  }

  PhaseStats readStats(const char* what) {
    check(cudaMemcpyAsync(hostStats, view.stats, sizeof(PhaseStats), cudaMemcpyDeviceToHost, stream), what);
    check(cudaStreamSynchronize(stream), what);
    return *hostStats;
  }

  void launchWeightSum() {
    const int blocks = std::min(blocksFor(n, kWeightThreads), 1024);
    sumMatchedWeights<<<blocks, kWeightThreads, 0, stream>>>(view);
    check(cudaGetLastError(), "sumMatchedWeights");
  }
};

CudaRomaKernels::CudaRomaKernels(const float* weights, int32_t n, bool blockPerEdge, int32_t flipRetries)
    : device_(new Device) {
  const CudaDeviceInfo& info = cudaDevice();
  if (!info.usable) throw SolveError("CUDA backend unavailable: " + info.reason);
  device_->hostWeights = weights;
  device_->n = n;
  device_->blockPerEdge = blockPerEdge;
  device_->view.n = n;
  device_->view.flipRetries = flipRetries;
  int sharedOptIn = 0;
  check(cudaDeviceGetAttribute(&sharedOptIn, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0),
        "device attributes");
  cudaFuncAttributes attributes{};
  check(cudaFuncGetAttributes(&attributes, romaPhaseBlockPerEdge<true>), "kernel attributes");
  device_->sharedBytes = static_cast<std::size_t>(n) * sizeof(float);
  device_->rowInShared =
      device_->sharedBytes + attributes.sharedSizeBytes <= static_cast<std::size_t>(sharedOptIn);
  check(cudaStreamCreateWithFlags(&device_->stream, cudaStreamNonBlocking), "cudaStreamCreate");
  check(cudaEventCreate(&device_->start), "cudaEventCreate");
  check(cudaEventCreate(&device_->stop), "cudaEventCreate");
}

CudaRomaKernels::~CudaRomaKernels() = default;
CudaRomaKernels::CudaRomaKernels(CudaRomaKernels&&) noexcept = default;
CudaRomaKernels& CudaRomaKernels::operator=(CudaRomaKernels&&) noexcept = default;

bool CudaRomaKernels::rowInSharedMemory() const {
  return device_->blockPerEdge && device_->rowInShared;
}

void CudaRomaKernels::setup(std::span<const int32_t> initialMate) {
  Device& dev = *device_;
  const auto n = static_cast<std::size_t>(dev.n);
  const std::size_t matrixBytes = n * n * sizeof(float);
  std::size_t freeBytes = 0, totalBytes = 0;
  check(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
  const std::size_t needed = matrixBytes + n * (3 * sizeof(int) + sizeof(float) + sizeof(MatchingFlip));
  if (needed > freeBytes) {
    throw ResourceError("the graph needs " + std::to_string(needed / 1e9) + " GB on the GPU, " +
                        std::to_string(freeBytes / 1e9) + " GB are free");
  }
  DeviceView& view = dev.view;
  auto* weights = dev.allocate<float>(n * n, "the weight matrix");
  view.weights = weights;
  view.mate = dev.allocate<int>(n, "the matching");
  view.matched = dev.allocate<float>(n, "the matched weights");
  view.locks = dev.allocate<int>(n, "the locks");
  view.log = dev.allocate<MatchingFlip>(n, "the flip log");
  view.stats = dev.allocate<PhaseStats>(1, "the phase counts");
  check(cudaMallocHost(&dev.hostStats, sizeof(PhaseStats)), "cudaMallocHost");
  check(cudaMemcpyAsync(weights, dev.hostWeights, matrixBytes, cudaMemcpyHostToDevice, dev.stream), "upload");
  check(cudaMemcpyAsync(view.mate, initialMate.data(), n * sizeof(int), cudaMemcpyHostToDevice, dev.stream),
        "upload");
  check(cudaMemsetAsync(view.locks, 0xff, n * sizeof(int), dev.stream), "cudaMemset");
  check(cudaMemsetAsync(view.stats, 0, sizeof(PhaseStats), dev.stream), "cudaMemset");
  initialiseMatched<<<blocksFor(dev.n, kWeightThreads), kWeightThreads, 0, dev.stream>>>(view);
  check(cudaGetLastError(), "initialiseMatched");
  if (dev.blockPerEdge && dev.rowInShared) {
    check(cudaFuncSetAttribute(romaPhaseBlockPerEdge<true>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               static_cast<int>(dev.sharedBytes)),
          "cudaFuncSetAttribute");
  }
  dev.launchWeightSum();
  dev.readStats("setup");
}

double CudaRomaKernels::weight() const {
  return device_->hostStats->weight;
}

RomaPhaseCounts CudaRomaKernels::runPhase(float gainThreshold) {
  Device& dev = *device_;
  dev.view.threshold = gainThreshold;
  check(cudaMemsetAsync(dev.view.stats, 0, sizeof(PhaseStats), dev.stream), "cudaMemset");
  if (!dev.blockPerEdge) {
    romaPhaseThreadPerVertex<<<blocksFor(dev.n, kBlockThreads), kBlockThreads, 0, dev.stream>>>(dev.view);
  } else if (dev.rowInShared) {
    romaPhaseBlockPerEdge<true><<<dev.n, kBlockThreads, dev.sharedBytes, dev.stream>>>(dev.view);
  } else {
    romaPhaseBlockPerEdge<false><<<dev.n, kBlockThreads, 0, dev.stream>>>(dev.view);
  }
  check(cudaGetLastError(), "ROMA phase kernel");
  dev.launchWeightSum();
  const PhaseStats stats = dev.readStats("ROMA phase");
  dev.lastFlips = stats.flips;
  RomaPhaseCounts counts;
  counts.flips = stats.flips;
  counts.failedLocks = stats.lockTaken;
  counts.staleMates = stats.stale;
  counts.bestGain = stats.flips > 0 ? std::bit_cast<float>(stats.bestGainBits) : 0.0f;
  counts.weight = stats.weight;
  return counts;
}

std::vector<int32_t> CudaRomaKernels::mates() const {
  std::vector<int32_t> mate(static_cast<std::size_t>(device_->n));
  check(cudaMemcpy(mate.data(), device_->view.mate, mate.size() * sizeof(int32_t), cudaMemcpyDeviceToHost),
        "download");
  return mate;
}

void CudaRomaKernels::snapshot(MatchingSnapshot& out) const {
  out.mate = mates();
  out.flips.resize(static_cast<std::size_t>(device_->lastFlips));
  check(cudaMemcpy(out.flips.data(), device_->view.log, out.flips.size() * sizeof(MatchingFlip),
                   cudaMemcpyDeviceToHost),
        "download");
}

void CudaRomaKernels::beginPhase() {
  check(cudaEventRecord(device_->start, device_->stream), "cudaEventRecord");
}

int64_t CudaRomaKernels::endPhase() {
  Device& dev = *device_;
  check(cudaEventRecord(dev.stop, dev.stream), "cudaEventRecord");
  check(cudaEventSynchronize(dev.stop), "cudaEventSynchronize");
  float ms = 0;
  check(cudaEventElapsedTime(&ms, dev.start, dev.stop), "cudaEventElapsedTime");
  return static_cast<int64_t>(static_cast<double>(ms) * 1e6);
}

}  // namespace ms::matching

// One thread block per problem: the shortest-augmenting-path search of cpu/shortest_path.h with each
// Dijkstra step's row scan spread over the block's threads and its minimum found by a block reduction that
// every warp finishes itself: one barrier per step (two where integer costs settle tied columns).
// The host side splits the batch into up to four chunks, each uploaded, solved (one launch) and downloaded
// on its own stream from one block of a stream-ordered device pool, so a call allocates nothing after the
// first of its size and frees nothing that would synchronise the device.
// A problem's work arrays (distances, duals, predecessors, the assignment, tree marks) live in shared
// memory; only the cost rows are read from global memory, one coalesced row per step.
#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "solver/core/cuda_device.h"
#include "solver/core/fault_injection.h"
#include "solver/core/host_buffer.h"
#include "solver/lap/batch/cuda/batch_cuda.h"
#include "solver/lap/batch/shortest_path_steps.h"
#include "solver/lap/hungarian/cuda/device_resources.cuh"

namespace ms::lap {
namespace {

constexpr int kMaxBlockThreads = 512;
constexpr int kWarp = 32;

// The warp's best candidate, in every lane (a butterfly: `before` orders distinct candidates totally, so all
// lanes end with the same one).
template <class Dual>
__device__ PathCandidate<Dual> warpBest(PathCandidate<Dual> mine) {
  for (int offset = kWarp / 2; offset > 0; offset /= 2) {
    PathCandidate<Dual> other;
    other.distance = __shfl_xor_sync(0xffffffffu, mine.distance, offset);
    other.column = __shfl_xor_sync(0xffffffffu, mine.column, offset);
    other.taken = __shfl_xor_sync(0xffffffffu, mine.taken, offset);
    if (other.before(mine)) mine = other;
  }
  return mine;
}

// Integer costs settle every column at the least distance in one step (SettleRule::Tied of
// cpu/shortest_path.h: distances tie often, and a step is a block-wide round, so 3.6x to 5.4x fewer steps on
// the bench batches for a second barrier per step); floating costs settle one column per step,
// as the CPU solver does, so that both return the same assignment.
template <CostType T>
constexpr bool kSettleTied = std::is_integral_v<T>;

template <CostType T>
std::size_t sharedBytes(int n) {
  const std::size_t intArrays = kSettleTied<T> ? 4 : 3;
  return static_cast<std::size_t>(n) * (3 * sizeof(DualOf<T>) + intArrays * sizeof(int32_t) + 2);
}

template <CostType T>
__global__ void shortestPathBatch(const T* costs, int n, int32_t* rowToColOut, DualOf<T>* rowDualOut,
                                  DualOf<T>* colDualOut, uint8_t* feasibleOut) {
  using Dual = DualOf<T>;
  constexpr bool kTied = kSettleTied<T>;
  extern __shared__ __align__(16) unsigned char workspace[];
  Dual* distance = reinterpret_cast<Dual*>(workspace);
  Dual* u = distance + n;
  Dual* v = u + n;
  int32_t* predecessor = reinterpret_cast<int32_t*>(v + n);
  int32_t* rowOfCol = predecessor + n;
  int32_t* colOfRow = rowOfCol + n;
  int32_t* layer = colOfRow + n;  // kTied: the rows the next step scans (not allocated otherwise)
  unsigned char* rowInTree = reinterpret_cast<unsigned char*>(layer + (kTied ? n : 0));
  unsigned char* colInTree = rowInTree + n;
  // Each step's per-warp winners, which every warp reduces to the step's column itself, and kTied's layer
  // sizes, in alternate slots by step parity: a slow warp still reads step t's slot while a fast one writes
  // step t + 1's, so a step needs one barrier (two with kTied's layer), and no broadcast of the winner.
  __shared__ PathCandidate<Dual> warpWinners[2][kMaxBlockThreads / kWarp];
  __shared__ int layerSize[2];

  const int problem = blockIdx.x;
  const T* problemCosts = costs + static_cast<std::size_t>(problem) * n * n;
  const int lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp, warps = blockDim.x / kWarp;
  // Column reduction (as the CPU solver: rows in order, the lowest row on ties), one column per thread:
  // the threads of a warp read consecutive entries of a row.
  __shared__ int anyEmptyColumn;
  if (threadIdx.x == 0) anyEmptyColumn = 0;
  __syncthreads();
  for (int k = threadIdx.x; k < n; k += blockDim.x) {
    u[k] = 0;
    colOfRow[k] = -1;
    rowOfCol[k] = -1;
    Dual least = kDualInfinity<Dual>;
    int32_t leastRow = 0;
    for (int i = 0; i < n; ++i) {
      const auto cost = static_cast<Dual>(problemCosts[static_cast<std::size_t>(i) * n + k]);
      if (cost < least) {  // forbidden entries equal kDualInfinity and never pass
        least = cost;
        leastRow = i;
      }
    }
    v[k] = least;
    predecessor[k] = leastRow;
    if (least == kDualInfinity<Dual>) anyEmptyColumn = 1;
  }
  __syncthreads();
  bool feasible = anyEmptyColumn == 0;
  if (threadIdx.x == 0 && feasible) assignColumnMinima(n, predecessor, rowOfCol, colOfRow);
  __syncthreads();
  for (int start = 0; start < n && feasible; ++start) {
    if (colOfRow[start] >= 0) continue;  // assigned by the column reduction
    for (int k = threadIdx.x; k < n; k += blockDim.x) {
      distance[k] = kDualInfinity<Dual>;
      rowInTree[k] = 0;
      colInTree[k] = 0;
    }
    if constexpr (kTied) {
      if (threadIdx.x == 0) {
        layer[0] = start;
        layerSize[0] = 1;
      }
    }
    int parity = 0;
    __syncthreads();
    int row = start;
    Dual reached = 0;
    int sink = -1;
    while (sink < 0) {
      // Scan the step's rows (the one row, or kTied's layer): relax every column outside the tree, and keep
      // this thread's best candidate. Columns are owned: thread t alone reads and writes the distance,
      // predecessor and tree mark of columns t, t + blockDim.x, ... (here, in the initialisation above and
      // in the dual update below), so they need no barrier.
      const int rows = kTied ? layerSize[parity] : 1;
      if (kTied && threadIdx.x == 0) layerSize[parity ^ 1] = 0;  // last read before the previous barrier
      PathCandidate<Dual> best{kDualInfinity<Dual>, -1, 1};
      for (int j = threadIdx.x; j < n; j += blockDim.x) {
        if (colInTree[j]) continue;
        for (int r = 0; r < rows; ++r) {
          const int scanned = kTied ? layer[r] : row;
          const auto cost = static_cast<Dual>(problemCosts[static_cast<std::size_t>(scanned) * n + j]);
          if (cost == kDualInfinity<Dual>) continue;  // isForbidden, in a form device code can call
          const Dual through = reached + cost - u[scanned] - v[j];
          // kTied: the lowest row among equally short ones, so the answer does not depend on the layer's
          // order (its rows are appended by atomics).
          if (through < distance[j] || (kTied && through == distance[j] && scanned < predecessor[j])) {
            distance[j] = through;
            predecessor[j] = scanned;
          }
        }
        const PathCandidate<Dual> candidate{distance[j], j, rowOfCol[j] >= 0 ? 1 : 0};
        if (distance[j] != kDualInfinity<Dual> && candidate.before(best)) best = candidate;
      }
      best = warpBest(best);
      if (lane == 0) warpWinners[parity][warp] = best;
      __syncthreads();
      const PathCandidate<Dual> chosen = warpBest(
          lane < warps ? warpWinners[parity][lane] : PathCandidate<Dual>{kDualInfinity<Dual>, -1, 1});
      if (chosen.column < 0) {  // no allowed column left: Hall's condition fails
        feasible = false;
        break;
      }
      reached = chosen.distance;
      if constexpr (!kTied) {
        // The row this step scanned joins the tree; marked by the thread that reads the mark in the dual
        // update below, which follows no further barrier after the last step.
        if (static_cast<int>(threadIdx.x) == row % static_cast<int>(blockDim.x)) rowInTree[row] = 1;
      }
      if (!chosen.taken) {
        sink = chosen.column;
      } else if constexpr (kTied) {
        // No column at the least distance is free (a free one would have been chosen): each thread
        // settles its own, and their rows make the next step's layer, read after the barrier.
        for (int j = threadIdx.x; j < n; j += blockDim.x) {
          if (colInTree[j] || distance[j] != reached) continue;
          colInTree[j] = 1;
          rowInTree[rowOfCol[j]] = 1;
          layer[atomicAdd(&layerSize[parity ^ 1], 1)] = rowOfCol[j];
        }
        __syncthreads();
      } else {
        // The column's owner settles it; the next row is known to every thread already.
        if (static_cast<int>(threadIdx.x) == chosen.column % static_cast<int>(blockDim.x))
          colInTree[chosen.column] = 1;
        row = rowOfCol[chosen.column];
      }
      parity ^= 1;
    }
    if (!feasible) break;
    // Duals absorb the distances (rowToCol is still the assignment the search started from).
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
      if (i == start) {
        u[i] += reached;
      } else if (rowInTree[i]) {
        u[i] += reached - distance[colOfRow[i]];
      }
    }
    for (int j = threadIdx.x; j < n; j += blockDim.x) {
      if (colInTree[j]) v[j] -= reached - distance[j];
    }
    __syncthreads();
    if (threadIdx.x == 0) flipPath(sink, start, predecessor, rowOfCol, colOfRow);
    __syncthreads();
  }
  const std::size_t offset = static_cast<std::size_t>(problem) * n;
  for (int k = threadIdx.x; k < n; k += blockDim.x) {
    rowToColOut[offset + k] = colOfRow[k];
    rowDualOut[offset + k] = u[k];
    colDualOut[offset + k] = v[k];
  }
  if (threadIdx.x == 0) feasibleOut[problem] = feasible ? 1 : 0;
}

// Chunks of the batch, each uploaded, solved and downloaded on its own stream (one launch per chunk), each
// of at least kMinChunkBytes of costs: a smaller upload (0.1 ms at the bus's speed) hides less than the
// launch and the copies a chunk adds.
constexpr int kMaxChunks = 4;
constexpr std::size_t kMinChunkBytes = std::size_t{4} << 20;
// Device memory the pool keeps after a solve for the next one (above it, freed blocks go back to the
// driver at the next synchronisation): repeated batches of one size allocate once.
constexpr uint64_t kPoolKeptBytes = uint64_t{2} << 30;

// The stream-ordered pool every batch allocates from; created once, never destroyed (at exit the CUDA
// runtime may be gone before static destructors run).
cudaMemPool_t batchPool(int deviceId) {
  static const cudaMemPool_t pool = [deviceId] {
    cudaMemPoolProps properties{};
    properties.allocType = cudaMemAllocationTypePinned;
    properties.location.type = cudaMemLocationTypeDevice;
    properties.location.id = deviceId;
    cudaMemPool_t created = nullptr;
    gpu::checkCuda(cudaMemPoolCreate(&created, &properties), "cudaMemPoolCreate");
    uint64_t kept = kPoolKeptBytes;
    gpu::checkCuda(cudaMemPoolSetAttribute(created, cudaMemPoolAttrReleaseThreshold, &kept),
                   "cudaMemPoolSetAttribute");
    return created;
  }();
  return pool;
}

// One block of the pool for the whole call, allocated in stream order on the first stream (the others wait
// for it) and returned to the pool when every stream is done with it, also when the call throws.
class PoolBlock {
 public:
  PoolBlock(std::size_t bytes, int deviceId, const std::array<gpu::CudaStream, kMaxChunks>& streams)
      : streams_(streams) {
    const cudaStream_t first = streams_[0].get();
    gpu::CudaEvent allocated;  // created first: nothing after the allocation may throw but the two calls
    gpu::checkCuda(
        deviceAllocationFailureInjected()
            ? cudaErrorMemoryAllocation
            : cudaMallocFromPoolAsync(reinterpret_cast<void**>(&data_), bytes, batchPool(deviceId), first),
        "cudaMallocFromPoolAsync");
    gpu::checkCuda(cudaEventRecord(allocated.get(), first), "cudaEventRecord");
    for (std::size_t s = 1; s < streams_.size(); ++s)
      gpu::checkCuda(cudaStreamWaitEvent(streams_[s].get(), allocated.get()), "cudaStreamWaitEvent");
  }
  ~PoolBlock() {
    for (const gpu::CudaStream& stream : streams_) cudaStreamSynchronize(stream.get());
    cudaFreeAsync(data_, streams_[0].get());
  }
  PoolBlock(const PoolBlock&) = delete;
  PoolBlock& operator=(const PoolBlock&) = delete;
  unsigned char* get() const { return data_; }

 private:
  const std::array<gpu::CudaStream, kMaxChunks>& streams_;
  unsigned char* data_ = nullptr;
};

// Where the batch's parts lie in its one device block and in the host buffer of its results (the same
// offsets from the results' start), each part 256-byte aligned.
struct BatchLayout {
  BatchLayout(std::size_t costBytes, std::size_t entries, std::size_t dualBytes, std::size_t count)
      : costsBytes(aligned(costBytes)),
        rowToCol(0),
        rowDual(aligned(entries * sizeof(int32_t))),
        colDual(rowDual + aligned(entries * dualBytes)),
        feasible(colDual + aligned(entries * dualBytes)),
        resultBytes(feasible + count),
        deviceBytes(costsBytes + resultBytes) {}
  static std::size_t aligned(std::size_t bytes) { return (bytes + 255) / 256 * 256; }

  std::size_t costsBytes, rowToCol, rowDual, colDual, feasible, resultBytes, deviceBytes;
};

}  // namespace

template <CostType T>
void solveBatchCuda(const T* costs, int32_t count, int32_t n, int32_t* rowToColOut, DualOf<T>* rowDualOut,
                    DualOf<T>* colDualOut, uint8_t* feasibleOut, double* kernelMs) {
  using Dual = DualOf<T>;
  using gpu::checkCuda;
  const CudaDeviceInfo& device = cudaDevice();  // also installs the page-locked host allocator
  if (!device.usable) throw SolveError("CUDA backend unavailable: " + device.reason);
  if (count == 0 || n == 0) return;
  int deviceId = 0, sharedLimit = 0;
  checkCuda(cudaGetDevice(&deviceId), "cudaGetDevice");
  checkCuda(cudaDeviceGetAttribute(&sharedLimit, cudaDevAttrMaxSharedMemoryPerBlockOptin, deviceId),
            "cudaDeviceGetAttribute");
  const std::size_t shared = sharedBytes<T>(n);
  cudaFuncAttributes kernel{};
  checkCuda(cudaFuncGetAttributes(&kernel, shortestPathBatch<T>), "cudaFuncGetAttributes");
  const std::size_t staticShared = kernel.sharedSizeBytes;  // the reduction's winners, the layer's size
  if (shared + staticShared > static_cast<std::size_t>(sharedLimit)) {
    throw ResourceError("CUDA batch: problems of " + std::to_string(n) + " rows need " +
                        std::to_string(shared + staticShared) + " bytes of shared memory per block, beyond " +
                        std::to_string(sharedLimit) + "; use the CPU backend or single solves");
  }
  checkCuda(cudaFuncSetAttribute(shortestPathBatch<T>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 static_cast<int>(shared)),
            "cudaFuncSetAttribute");
  const std::size_t entries = static_cast<std::size_t>(count) * static_cast<std::size_t>(n);
  const BatchLayout layout(entries * static_cast<std::size_t>(n) * sizeof(T), entries, sizeof(Dual),
                           static_cast<std::size_t>(count));
  const int chunks = static_cast<int>(std::clamp<std::size_t>(
      layout.costsBytes / kMinChunkBytes, 1, static_cast<std::size_t>(std::min(count, kMaxChunks))));
  // The results come back into one page-locked buffer (the cached pinned blocks of host_buffer.h): copies
  // into pageable memory would block this thread until each chunk's kernel ended. Declared first, so that
  // it outlives the block's destructor, which waits for every stream (a throw included).
  HostBuffer<unsigned char> hostResults(layout.resultBytes);
  std::array<gpu::CudaStream, kMaxChunks> streams;
  PoolBlock block(layout.deviceBytes, deviceId, streams);
  auto* deviceCosts = reinterpret_cast<T*>(block.get());
  unsigned char* deviceResults = block.get() + layout.costsBytes;
  const auto rowToCol = [&](unsigned char* base) {
    return reinterpret_cast<int32_t*>(base + layout.rowToCol);
  };
  const auto rowDual = [&](unsigned char* base) { return reinterpret_cast<Dual*>(base + layout.rowDual); };
  const auto colDual = [&](unsigned char* base) { return reinterpret_cast<Dual*>(base + layout.colDual); };
  const auto feasible = [&](unsigned char* base) { return base + layout.feasible; };
  // A warp per 32 columns up to kMaxBlockThreads: small problems keep every thread busy, large ones scan
  // a few columns per thread.
  const int threads = std::min(kMaxBlockThreads, std::max(kWarp, (n + kWarp - 1) / kWarp * kWarp));
  gpu::CudaEvent launched;
  std::array<gpu::CudaEvent, kMaxChunks> finished;
  // Chunk c's problems on stream c: its upload, one launch over them, its results' downloads. The copy
  // engine uploads chunk c + 1 while chunk c's kernel runs; the kernels of all chunks run side by side.
  for (int c = 0; c < chunks; ++c) {
    const cudaStream_t stream = streams[static_cast<std::size_t>(c)].get();
    const int32_t first = static_cast<int32_t>(static_cast<int64_t>(count) * c / chunks);
    const int32_t size = static_cast<int32_t>(static_cast<int64_t>(count) * (c + 1) / chunks) - first;
    const std::size_t rows = static_cast<std::size_t>(first) * static_cast<std::size_t>(n);
    const std::size_t chunkRows = static_cast<std::size_t>(size) * static_cast<std::size_t>(n);
    const std::size_t costOffset = rows * static_cast<std::size_t>(n);
    checkCuda(
        cudaMemcpyAsync(deviceCosts + costOffset, costs + costOffset,
                        chunkRows * static_cast<std::size_t>(n) * sizeof(T), cudaMemcpyHostToDevice, stream),
        "upload of the batch");
    if (c == 0) checkCuda(cudaEventRecord(launched.get(), stream), "cudaEventRecord");
    shortestPathBatch<T><<<size, threads, shared, stream>>>(
        deviceCosts + costOffset, n, rowToCol(deviceResults) + rows, rowDual(deviceResults) + rows,
        colDual(deviceResults) + rows, feasible(deviceResults) + first);
    checkCuda(cudaGetLastError(), "launch of the batch kernel");
    checkCuda(cudaEventRecord(finished[static_cast<std::size_t>(c)].get(), stream), "cudaEventRecord");
    const auto download = [&](auto* to, const auto* from, std::size_t items) {
      checkCuda(cudaMemcpyAsync(to, from, items * sizeof(*from), cudaMemcpyDeviceToHost, stream),
                "download of the results");
    };
    download(rowToCol(hostResults.data()) + rows, rowToCol(deviceResults) + rows, chunkRows);
    download(rowDual(hostResults.data()) + rows, rowDual(deviceResults) + rows, chunkRows);
    download(colDual(hostResults.data()) + rows, colDual(deviceResults) + rows, chunkRows);
    download(feasible(hostResults.data()) + first, feasible(deviceResults) + first,
             static_cast<std::size_t>(size));
  }
  float spanMs = 0;
  for (int c = 0; c < chunks; ++c) {
    checkCuda(cudaStreamSynchronize(streams[static_cast<std::size_t>(c)].get()), "the batch kernel");
    float elapsedMs = 0;
    checkCuda(cudaEventElapsedTime(&elapsedMs, launched.get(), finished[static_cast<std::size_t>(c)].get()),
              "cudaEventElapsedTime");
    spanMs = std::max(spanMs, elapsedMs);
  }
  *kernelMs = spanMs;
  std::memcpy(rowToColOut, rowToCol(hostResults.data()), entries * sizeof(int32_t));
  std::memcpy(rowDualOut, rowDual(hostResults.data()), entries * sizeof(Dual));
  std::memcpy(colDualOut, colDual(hostResults.data()), entries * sizeof(Dual));
  std::memcpy(feasibleOut, feasible(hostResults.data()), static_cast<std::size_t>(count));
}

template void solveBatchCuda(const int32_t*, int32_t, int32_t, int32_t*, int64_t*, int64_t*, uint8_t*,
                             double*);
template void solveBatchCuda(const int64_t*, int32_t, int32_t, int32_t*, int64_t*, int64_t*, uint8_t*,
                             double*);
template void solveBatchCuda(const float*, int32_t, int32_t, int32_t*, double*, double*, uint8_t*, double*);
template void solveBatchCuda(const double*, int32_t, int32_t, int32_t*, double*, double*, uint8_t*, double*);

}  // namespace ms::lap

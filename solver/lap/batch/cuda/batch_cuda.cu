// One thread block per problem: the shortest-augmenting-path search of cpu/shortest_path.h with each
// Dijkstra step's row scan spread over the block's threads and its minimum found by a block reduction.
// A problem's work arrays (distances, duals, predecessors, the assignment, tree marks) live in shared
// memory; only the cost rows are read from global memory, one coalesced row per step.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "solver/core/cuda_device.h"
#include "solver/lap/batch/cuda/batch_cuda.h"
#include "solver/lap/batch/shortest_path_steps.h"
#include "solver/lap/hungarian/cuda/device_resources.cuh"

namespace ms::lap {
namespace {

constexpr int kMaxBlockThreads = 512;
constexpr int kWarp = 32;

template <class Dual>
__device__ PathCandidate<Dual> warpBest(PathCandidate<Dual> mine) {
  for (int offset = kWarp / 2; offset > 0; offset /= 2) {
    PathCandidate<Dual> other;
    other.distance = __shfl_down_sync(0xffffffffu, mine.distance, offset);
    other.column = __shfl_down_sync(0xffffffffu, mine.column, offset);
    other.taken = __shfl_down_sync(0xffffffffu, mine.taken, offset);
    if (other.before(mine)) mine = other;
  }
  return mine;
}

template <class Dual>
std::size_t sharedBytes(int n) {
  return static_cast<std::size_t>(n) * (3 * sizeof(Dual) + 3 * sizeof(int32_t) + 2);
}

template <CostType T>
__global__ void shortestPathBatch(const T* costs, int n, int32_t* rowToColOut, DualOf<T>* rowDualOut,
                                  DualOf<T>* colDualOut, uint8_t* feasibleOut) {
  using Dual = DualOf<T>;
  extern __shared__ __align__(16) unsigned char workspace[];
  Dual* distance = reinterpret_cast<Dual*>(workspace);
  Dual* u = distance + n;
  Dual* v = u + n;
  int32_t* predecessor = reinterpret_cast<int32_t*>(v + n);
  int32_t* rowOfCol = predecessor + n;
  int32_t* colOfRow = rowOfCol + n;
  unsigned char* rowInTree = reinterpret_cast<unsigned char*>(colOfRow + n);
  unsigned char* colInTree = rowInTree + n;
  __shared__ PathCandidate<Dual> warpWinners[kMaxBlockThreads / kWarp];
  // The step's chosen column, in alternate slots: a step's winner stays readable while the next step's
  // is written, so a step needs two barriers, not three.
  __shared__ PathCandidate<Dual> winners[2];
  int parity = 0;

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
    __syncthreads();
    int row = start;
    Dual reached = 0;
    int sink = -1;
    while (sink < 0) {
      // Scan the row: relax every column outside the tree, and keep this thread's best candidate.
      const T* costRow = problemCosts + static_cast<std::size_t>(row) * n;
      const Dual rowDual = u[row];
      PathCandidate<Dual> best{kDualInfinity<Dual>, -1, 1};
      for (int j = threadIdx.x; j < n; j += blockDim.x) {
        if (colInTree[j]) continue;
        const auto cost = static_cast<Dual>(costRow[j]);
        if (cost != kDualInfinity<Dual>) {  // isForbidden, in a form device code can call
          const Dual through = reached + cost - rowDual - v[j];
          if (through < distance[j]) {
            distance[j] = through;
            predecessor[j] = row;
          }
        }
        const PathCandidate<Dual> candidate{distance[j], j, rowOfCol[j] >= 0 ? 1 : 0};
        if (distance[j] != kDualInfinity<Dual> && candidate.before(best)) best = candidate;
      }
      best = warpBest(best);
      if (lane == 0) warpWinners[warp] = best;
      __syncthreads();
      if (warp == 0) {
        best = lane < warps ? warpWinners[lane] : PathCandidate<Dual>{kDualInfinity<Dual>, -1, 1};
        best = warpBest(best);
        if (lane == 0) {
          winners[parity] = best;
          if (best.column >= 0) {
            colInTree[best.column] = 1;
            rowInTree[row] = 1;
          }
        }
      }
      __syncthreads();
      const PathCandidate<Dual> chosen = winners[parity];
      parity ^= 1;
      if (chosen.column < 0) {  // no allowed column left: Hall's condition fails
        feasible = false;
        break;
      }
      reached = chosen.distance;
      if (chosen.taken) {
        row = rowOfCol[chosen.column];
      } else {
        sink = chosen.column;
      }
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

}  // namespace

template <CostType T>
void solveBatchCuda(const T* costs, int32_t count, int32_t n, int32_t* rowToColOut, DualOf<T>* rowDualOut,
                    DualOf<T>* colDualOut, uint8_t* feasibleOut, double* kernelMs) {
  using Dual = DualOf<T>;
  using gpu::checkCuda;
  using gpu::DeviceArray;
  const CudaDeviceInfo& device = cudaDevice();
  if (!device.usable) throw SolveError("CUDA backend unavailable: " + device.reason);
  if (count == 0 || n == 0) return;
  int deviceId = 0, sharedLimit = 0;
  checkCuda(cudaGetDevice(&deviceId), "cudaGetDevice");
  checkCuda(cudaDeviceGetAttribute(&sharedLimit, cudaDevAttrMaxSharedMemoryPerBlockOptin, deviceId),
            "cudaDeviceGetAttribute");
  const std::size_t shared = sharedBytes<Dual>(n);
  // The static part: the reduction's per-warp winners.
  const std::size_t staticShared = (kMaxBlockThreads / kWarp + 1) * sizeof(PathCandidate<Dual>);
  if (shared + staticShared > static_cast<std::size_t>(sharedLimit)) {
    throw ResourceError("CUDA batch: problems of " + std::to_string(n) + " rows need " +
                        std::to_string(shared + staticShared) + " bytes of shared memory per block, beyond " +
                        std::to_string(sharedLimit) + "; use the CPU backend or single solves");
  }
  checkCuda(cudaFuncSetAttribute(shortestPathBatch<T>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 static_cast<int>(shared)),
            "cudaFuncSetAttribute");
  const std::size_t entries = static_cast<std::size_t>(count) * static_cast<std::size_t>(n);
  DeviceArray<T> deviceCosts(entries * static_cast<std::size_t>(n));
  DeviceArray<int32_t> rowToCol(entries);
  DeviceArray<Dual> rowDual(entries), colDual(entries);
  DeviceArray<uint8_t> feasible(static_cast<std::size_t>(count));
  checkCuda(cudaMemcpy(deviceCosts.get(), costs, entries * n * sizeof(T), cudaMemcpyHostToDevice),
            "upload of the batch");
  // A warp per 32 columns up to kMaxBlockThreads: small problems keep every thread busy, large ones scan
  // a few columns per thread.
  const int threads = std::min(kMaxBlockThreads, std::max(kWarp, (n + kWarp - 1) / kWarp * kWarp));
  gpu::CudaEvent launched, finished;
  checkCuda(cudaEventRecord(launched.get()), "cudaEventRecord");
  shortestPathBatch<T><<<count, threads, shared>>>(deviceCosts.get(), n, rowToCol.get(), rowDual.get(),
                                                   colDual.get(), feasible.get());
  checkCuda(cudaGetLastError(), "launch of the batch kernel");
  checkCuda(cudaEventRecord(finished.get()), "cudaEventRecord");
  checkCuda(cudaEventSynchronize(finished.get()), "the batch kernel");
  float elapsedMs = 0;
  checkCuda(cudaEventElapsedTime(&elapsedMs, launched.get(), finished.get()), "cudaEventElapsedTime");
  *kernelMs = elapsedMs;
  checkCuda(cudaMemcpy(rowToColOut, rowToCol.get(), entries * sizeof(int32_t), cudaMemcpyDeviceToHost),
            "download of the assignments");
  checkCuda(cudaMemcpy(rowDualOut, rowDual.get(), entries * sizeof(Dual), cudaMemcpyDeviceToHost),
            "download of the row duals");
  checkCuda(cudaMemcpy(colDualOut, colDual.get(), entries * sizeof(Dual), cudaMemcpyDeviceToHost),
            "download of the column duals");
  checkCuda(cudaMemcpy(feasibleOut, feasible.get(), static_cast<std::size_t>(count), cudaMemcpyDeviceToHost),
            "download of the feasibility flags");
}

template void solveBatchCuda(const int32_t*, int32_t, int32_t, int32_t*, int64_t*, int64_t*, uint8_t*,
                             double*);
template void solveBatchCuda(const int64_t*, int32_t, int32_t, int32_t*, int64_t*, int64_t*, uint8_t*,
                             double*);
template void solveBatchCuda(const float*, int32_t, int32_t, int32_t*, double*, double*, uint8_t*, double*);
template void solveBatchCuda(const double*, int32_t, int32_t, int32_t*, double*, double*, uint8_t*, double*);

}  // namespace ms::lap

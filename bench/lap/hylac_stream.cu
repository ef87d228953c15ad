// Calls HyLAC's stream solver through its own public interface (TLAP with external memory, as its
// src/Hung.cu does), with none of its code copied: HYLAC_SOURCE_DIR is on the include path.
#include <cub/cub.cuh>

// CCCL 3 (CUDA 13) removed cub::Min and cub::Sum, which HyLAC's reductions name; these are the
// replacements CCCL 2.8 pointed its deprecation warnings to.
namespace cub {
using Min = ::cuda::minimum<>;
using Sum = ::cuda::std::plus<>;
}  // namespace cub

#include "LAP/Hung_lap.cuh"
#include "bench/lap/hylac_stream.h"
#include "solver/core/host_buffer.h"

std::string hylacDeviceName() {
  CUDA_RUNTIME(cudaFree(nullptr));
  cudaDeviceProp properties;
  CUDA_RUNTIME(cudaGetDeviceProperties(&properties, 0));
  return properties.name;
}

namespace {

// The driver's device buffers (costs, assignment, duals, objectives), kept from one solve to the next of
// the same size, as MatchScope's batch solver keeps its pool block: neither side pays cudaMalloc and a
// synchronising cudaFree per solve after the warm-up. TLAP's own work arrays stay HyLAC's business.
struct DeviceBuffers {
  std::size_t bytes = 0;
  unsigned char* data = nullptr;
  unsigned char* reserve(std::size_t needed) {
    if (needed != bytes) {
      if (data != nullptr) CUDA_RUNTIME(cudaFree(data));
      CUDA_RUNTIME(cudaMalloc(&data, needed));
      bytes = needed;
    }
    return data;
  }
};

std::size_t aligned(std::size_t bytes) {
  return (bytes + 255) / 256 * 256;
}

}  // namespace

template <class T>
HylacStreamRun solveWithHylacStream(const T* costs, int32_t count, int32_t n) {
  const std::size_t entries = static_cast<std::size_t>(count) * static_cast<std::size_t>(n);
  const std::size_t costBytes = aligned(entries * static_cast<std::size_t>(n) * sizeof(T));
  const std::size_t assignmentBytes = aligned(entries * sizeof(int)),
                    dualBytes = aligned(entries * sizeof(T));
  // A TLAP solves once: its problem queue's head (th.tail) is zeroed when it is constructed, never by solve.
  TLAP<T> solver(static_cast<uint>(count), static_cast<std::size_t>(n), 0);
  static DeviceBuffers buffers;
  unsigned char* base = buffers.reserve(costBytes + assignmentBytes + 2 * dualBytes +
                                        aligned(static_cast<std::size_t>(count) * sizeof(T)));
  T* deviceCosts = reinterpret_cast<T*>(base);
  int* rowToCol = reinterpret_cast<int*>(base + costBytes);
  T* rowDual = reinterpret_cast<T*>(base + costBytes + assignmentBytes);
  T* colDual = reinterpret_cast<T*>(base + costBytes + assignmentBytes + dualBytes);
  T* objective = reinterpret_cast<T*>(base + costBytes + assignmentBytes + 2 * dualBytes);
  CUDA_RUNTIME(cudaMemcpy(deviceCosts, costs, entries * static_cast<std::size_t>(n) * sizeof(T),
                          cudaMemcpyHostToDevice));
  cudaEvent_t started, finished;
  CUDA_RUNTIME(cudaEventCreate(&started));
  CUDA_RUNTIME(cudaEventCreate(&finished));
  CUDA_RUNTIME(cudaEventRecord(started));
  solver.solve(deviceCosts, rowToCol, rowDual, colDual, objective);
  CUDA_RUNTIME(cudaEventRecord(finished));
  CUDA_RUNTIME(cudaEventSynchronize(finished));
  float solveMs = 0;
  CUDA_RUNTIME(cudaEventElapsedTime(&solveMs, started, finished));
  HylacStreamRun run;
  run.solveMs = solveMs;
  // Downloaded into page-locked memory from the project's cached allocator, as MatchScope's results are
  // (the caller's costs come from it too: both sides copy between the same kinds of host memory).
  // HyLAC's row_of_star_at_column indexes the major dimension of its row-major tiles: our rows.
  ms::HostBuffer<int> assignment(entries);
  ms::HostBuffer<T> rowDuals(entries), colDuals(entries), objectives(static_cast<std::size_t>(count));
  CUDA_RUNTIME(cudaMemcpy(assignment.data(), rowToCol, entries * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_RUNTIME(cudaMemcpy(rowDuals.data(), rowDual, entries * sizeof(T), cudaMemcpyDeviceToHost));
  CUDA_RUNTIME(cudaMemcpy(colDuals.data(), colDual, entries * sizeof(T), cudaMemcpyDeviceToHost));
  CUDA_RUNTIME(cudaMemcpy(objectives.data(), objective, static_cast<std::size_t>(count) * sizeof(T),
                          cudaMemcpyDeviceToHost));
  run.rowToCol.assign(assignment.data(), assignment.data() + entries);
  CUDA_RUNTIME(cudaEventDestroy(started));
  CUDA_RUNTIME(cudaEventDestroy(finished));
  return run;
}

template HylacStreamRun solveWithHylacStream(const int*, int32_t, int32_t);
template HylacStreamRun solveWithHylacStream(const float*, int32_t, int32_t);
template HylacStreamRun solveWithHylacStream(const double*, int32_t, int32_t);

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

std::string hylacDeviceName() {
  CUDA_RUNTIME(cudaFree(nullptr));
  cudaDeviceProp properties;
  CUDA_RUNTIME(cudaGetDeviceProperties(&properties, 0));
  return properties.name;
}

template <class T>
HylacStreamRun solveWithHylacStream(const T* costs, int32_t count, int32_t n) {
  const std::size_t entries = static_cast<std::size_t>(count) * static_cast<std::size_t>(n);
  // A TLAP solves once: its problem queue's head (th.tail) is zeroed when it is constructed, never by solve.
  TLAP<T> solver(static_cast<uint>(count), static_cast<std::size_t>(n), 0);
  T *deviceCosts, *rowDual, *colDual, *objective;
  int* rowToCol;
  CUDA_RUNTIME(cudaMalloc(&deviceCosts, entries * static_cast<std::size_t>(n) * sizeof(T)));
  CUDA_RUNTIME(cudaMalloc(&rowToCol, entries * sizeof(int)));
  CUDA_RUNTIME(cudaMalloc(&rowDual, entries * sizeof(T)));
  CUDA_RUNTIME(cudaMalloc(&colDual, entries * sizeof(T)));
  CUDA_RUNTIME(cudaMalloc(&objective, static_cast<std::size_t>(count) * sizeof(T)));
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
  // HyLAC's row_of_star_at_column indexes the major dimension of its row-major tiles: our rows.
  run.rowToCol.resize(entries);
  std::vector<T> rowDuals(entries), colDuals(entries), objectives(static_cast<std::size_t>(count));
  CUDA_RUNTIME(cudaMemcpy(run.rowToCol.data(), rowToCol, entries * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_RUNTIME(cudaMemcpy(rowDuals.data(), rowDual, entries * sizeof(T), cudaMemcpyDeviceToHost));
  CUDA_RUNTIME(cudaMemcpy(colDuals.data(), colDual, entries * sizeof(T), cudaMemcpyDeviceToHost));
  CUDA_RUNTIME(
      cudaMemcpy(objectives.data(), objective, objectives.size() * sizeof(T), cudaMemcpyDeviceToHost));
  CUDA_RUNTIME(cudaEventDestroy(started));
  CUDA_RUNTIME(cudaEventDestroy(finished));
  for (void* buffer :
       {static_cast<void*>(deviceCosts), static_cast<void*>(rowToCol), static_cast<void*>(rowDual),
        static_cast<void*>(colDual), static_cast<void*>(objective)})
    CUDA_RUNTIME(cudaFree(buffer));
  return run;
}

template HylacStreamRun solveWithHylacStream(const int*, int32_t, int32_t);
template HylacStreamRun solveWithHylacStream(const float*, int32_t, int32_t);
template HylacStreamRun solveWithHylacStream(const double*, int32_t, int32_t);

#pragma once
// The CUDA batch backend: the batch uploaded, solved and downloaded in up to four chunks on as many
// streams, one thread block per problem running the shortest-augmenting-path search with its work arrays in
// shared memory (on integer costs each Dijkstra step settles every column at the least distance). Plain
// arrays here, so that the CUDA source includes no Eigen.

#include <cstdint>

#include "solver/lap/cost_types.h"

namespace ms::lap {

// `costs`: count problems of n x n stacked row-major (+inf forbidden). Writes count x n assignments and
// duals and count feasibility flags, and in kernelMs the device time from the first chunk's launch to the
// last chunk's kernel end (CUDA events: no allocation, no first upload, no download; uploads of later
// chunks count only where no kernel runs beside them). Throws ResourceError when a problem's work arrays do
// not fit one block's shared memory (n of several thousand), SolveError on a CUDA failure or when no device
// is usable.
template <CostType T>
void solveBatchCuda(const T* costs, int32_t count, int32_t n, int32_t* rowToCol, DualOf<T>* rowDual,
                    DualOf<T>* colDual, uint8_t* feasible, double* kernelMs);

}  // namespace ms::lap

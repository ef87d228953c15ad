#pragma once
// The pieces of the shortest-augmenting-path search that the CPU solver and the CUDA kernel share, so that
// both choose the same column at every step and flip paths the same way: on the same costs they return
// the same assignment, ties included.

#include <cstdint>

#if defined(__CUDACC__)
#define MS_LAP_HOST_DEVICE __host__ __device__
#else
#define MS_LAP_HOST_DEVICE
#endif

namespace ms::lap {

// A column the search may add to its tree next. The least distance wins; among equals a free column (the
// search ends there), then the lowest index, so that the choice depends on no scan order.
template <class Dual>
struct PathCandidate {
  Dual distance;
  int32_t column;  // -1: none
  int32_t taken;   // 1 when the column is assigned

  MS_LAP_HOST_DEVICE bool before(const PathCandidate& other) const {
    if (column < 0) return false;
    if (other.column < 0) return true;
    if (distance != other.distance) return distance < other.distance;
    if (taken != other.taken) return taken < other.taken;
    return column < other.column;
  }
};

// The initial assignment after column reduction (v_j = the least cost of column j, u = 0): column after
// column, in increasing order, takes the row of its least cost (the lowest such row) while that row is
// free. Every pair so assigned is tight, so the searches start from a partial optimum and run only from the
// rows left free (about a third of a random instance's).
MS_LAP_HOST_DEVICE inline void assignColumnMinima(int32_t n, const int32_t* minRow, int32_t* rowOfCol,
                                                  int32_t* colOfRow) {
  for (int32_t j = 0; j < n; ++j) {
    const int32_t i = minRow[j];
    if (colOfRow[i] >= 0) continue;
    colOfRow[i] = j;
    rowOfCol[j] = i;
  }
}

// Flips the augmenting path that ends at the free column `sink` back to the row `start`: every column on it
// takes the row it was reached from.
MS_LAP_HOST_DEVICE inline void flipPath(int32_t sink, int32_t start, const int32_t* predecessor,
                                        int32_t* rowOfCol, int32_t* colOfRow) {
  for (int32_t j = sink;;) {
    const int32_t i = predecessor[j];
    rowOfCol[j] = i;
    const int32_t previous = colOfRow[i];
    colOfRow[i] = j;
    if (i == start) break;
    j = previous;
  }
}

}  // namespace ms::lap

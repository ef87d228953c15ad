#pragma once
// The tie rule of the Hungarian kernel sets (CPU and CUDA): which tree row an unassigned column hangs off
// when several reach it at zero slack. Taking the first (or the last) row for every column made all columns
// of a tied matrix (all costs equal, one row or column of ones, padding) hang off one root, and the reverse
// pass keeps one path per root: one augmentation per iteration, n iterations of O(n^2) (6-59 s at n = 2000
// against 75 ms for random costs). A hash of (row, column) spreads tied columns over the roots instead, so
// an iteration augments most of them; untied costs never reach it.

#include <cstdint>

#if defined(__CUDACC__)
#define MS_LAP_TIE_HOST_DEVICE __host__ __device__
#else
#define MS_LAP_TIE_HOST_DEVICE
#endif

namespace ms::lap {

// Rank of `row` for column `col`: among rows tied at a column, the lowest rank wins.
MS_LAP_TIE_HOST_DEVICE inline uint32_t tieRank(int32_t row, int32_t col) {
  uint32_t x = static_cast<uint32_t>(row) * 0x9E3779B1u + static_cast<uint32_t>(col) * 0x85EBCA77u;
  x ^= x >> 15;
  x *= 0x2C1B3C6Du;
  return x ^ (x >> 12);
}

// Whether `row` takes column `col` from `current` (-1: none yet).
MS_LAP_TIE_HOST_DEVICE inline bool winsTie(int32_t row, int32_t current, int32_t col) {
  return current == -1 || tieRank(row, col) < tieRank(current, col);
}

// The tree variant finds each column's smallest slack in one pass over the frontier, where a tie test would
// slow every solve (23 % on real costs); its unassigned zero-slack columns instead try kTieProbes frontier
// rows drawn by tieProbe() and take the first at zero slack. Untied columns pay kTieProbes reads each.
inline constexpr int32_t kTieProbes = 4;

// The frontier position of probe `probe` of column `col` in a frontier of `size` rows.
MS_LAP_TIE_HOST_DEVICE inline int32_t tieProbe(int32_t col, int32_t probe, int32_t size) {
  return static_cast<int32_t>(tieRank(col, probe) % static_cast<uint32_t>(size));
}

}  // namespace ms::lap

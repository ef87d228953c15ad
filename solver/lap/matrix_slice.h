#pragma once
// The part of an n x n cost matrix one process holds: a block of rows (the classical variant split over
// ranks) or of columns (the tree variant), as in Date & Nagi's Section 5. The whole matrix is the slice of
// one rank.

#include <algorithm>
#include <cstdint>

namespace ms::lap {

enum class SliceAxis { Rows, Columns };

struct MatrixSlice {
  int32_t n = 0;  // size of the whole matrix
  int32_t rowBegin = 0, rowEnd = 0;
  int32_t colBegin = 0, colEnd = 0;

  static MatrixSlice whole(int32_t n) { return {n, 0, n, 0, n}; }
  int32_t rows() const { return rowEnd - rowBegin; }
  int32_t cols() const { return colEnd - colBegin; }
  bool isWhole() const { return rowBegin == 0 && colBegin == 0 && rowEnd == n && colEnd == n; }
};

// Rank `rank` of `ranks` owns ceil(n / ranks) consecutive rows or columns (the last rank fewer, possibly
// none when n is small).
inline MatrixSlice sliceOf(int32_t n, SliceAxis axis, int rank, int ranks) {
  const int64_t block = (int64_t{n} + ranks - 1) / ranks;
  const auto begin = static_cast<int32_t>(std::min<int64_t>(n, block * rank));
  const auto end = static_cast<int32_t>(std::min<int64_t>(n, block * (rank + 1)));
  if (axis == SliceAxis::Rows) return {n, begin, end, 0, n};
  return {n, 0, n, begin, end};
}

}  // namespace ms::lap

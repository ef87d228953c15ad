#pragma once
// Maximum matchings between the rows and the columns of a lesson's small matrix (n <= kLessonMaxSize), with
// König's construction of a smallest vertex cover. The lessons use them twice: to find the fewest lines that
// cover every zero (the minimum-lines method), and to tell why no assignment avoids the forbidden entries
// (a set of rows whose allowed entries lie in fewer columns: Hall's condition fails).
//
// Augmenting paths one row at a time (Kuhn's method): O(n^3) on at most 10 x 10, and each step is the one the
// lesson narrates, which a general matching library would hide.

#include <cstdint>
#include <functional>
#include <vector>

#include "solver/lap/teaching/lesson_frame.h"

namespace ms::lap::teaching {

struct RowColumnMatching {
  std::vector<int32_t> rowToCol;  // -1 where the row is unmatched
  int32_t size = 0;
  // König: starting from every unmatched row, follow edges to columns and matched edges back to rows.
  // The rows NOT reached and the columns reached cover every edge, with exactly `size` lines.
  std::vector<uint8_t> rowReached, colReached;

  std::vector<int32_t> coverRows() const;     // rows not reached
  std::vector<int32_t> coverColumns() const;  // columns reached
  std::vector<Cell> pairs() const;            // the matched cells, by row
};

// `edge(cell)`: whether row cell.row may be matched to column cell.col.
RowColumnMatching maximumMatching(int32_t n, const std::function<bool(Cell)>& edge);

}  // namespace ms::lap::teaching

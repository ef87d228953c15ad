#include "solver/lap/teaching/row_column_matching.h"

namespace ms::lap::teaching {
namespace {

std::size_t at(int32_t k) {
  return static_cast<std::size_t>(k);
}

// Depth-first search for an augmenting path from `row`; `seen` marks the columns tried in this search.
bool augment(int32_t n, const std::function<bool(Cell)>& edge, int32_t row, std::vector<int32_t>& rowToCol,
             std::vector<int32_t>& colToRow, std::vector<uint8_t>& seen) {
  for (int32_t col = 0; col < n; ++col) {
    if (!edge({row, col}) || seen[at(col)] != 0) continue;
    seen[at(col)] = 1;
    if (colToRow[at(col)] < 0 || augment(n, edge, colToRow[at(col)], rowToCol, colToRow, seen)) {
      rowToCol[at(row)] = col;
      colToRow[at(col)] = row;
      return true;
    }
  }
  return false;
}

std::vector<int32_t> linesWhere(const std::vector<uint8_t>& flags, bool wanted) {
  std::vector<int32_t> out;
  for (int32_t k = 0; k < static_cast<int32_t>(flags.size()); ++k) {
    if ((flags[at(k)] != 0) == wanted) out.push_back(k);
  }
  return out;
}

}  // namespace

std::vector<int32_t> RowColumnMatching::coverRows() const {
  return linesWhere(rowReached, false);
}

std::vector<int32_t> RowColumnMatching::coverColumns() const {
  return linesWhere(colReached, true);
}

std::vector<Cell> RowColumnMatching::pairs() const {
  std::vector<Cell> out;
  for (int32_t i = 0; i < static_cast<int32_t>(rowToCol.size()); ++i) {
    if (rowToCol[at(i)] >= 0) out.push_back({i, rowToCol[at(i)]});
  }
  return out;
}

RowColumnMatching maximumMatching(int32_t n, const std::function<bool(Cell)>& edge) {
  RowColumnMatching m;
  m.rowToCol.assign(at(n), -1);
  std::vector<int32_t> colToRow(at(n), -1);
  for (int32_t row = 0; row < n; ++row) {
    std::vector<uint8_t> seen(at(n), 0);
    if (augment(n, edge, row, m.rowToCol, colToRow, seen)) ++m.size;
  }
  m.rowReached.assign(at(n), 0);
  m.colReached.assign(at(n), 0);
  std::vector<int32_t> frontier;
  for (int32_t i = 0; i < n; ++i) {
    if (m.rowToCol[at(i)] < 0) {
      m.rowReached[at(i)] = 1;
      frontier.push_back(i);
    }
  }
  while (!frontier.empty()) {
    const int32_t row = frontier.back();
    frontier.pop_back();
    for (int32_t col = 0; col < n; ++col) {
      if (!edge({row, col}) || m.colReached[at(col)] != 0) continue;
      m.colReached[at(col)] = 1;
      // A reached column is matched (else the matching was not maximum): continue from its row.
      const int32_t next = colToRow[at(col)];
      if (next >= 0 && m.rowReached[at(next)] == 0) {
        m.rowReached[at(next)] = 1;
        frontier.push_back(next);
      }
    }
  }
  return m;
}

}  // namespace ms::lap::teaching

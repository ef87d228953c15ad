#include "solver/lap/teaching/munkres_rules.h"

#include <algorithm>

#include "solver/lap/teaching/narration_text.h"

namespace ms::lap::teaching {
namespace {

template <class Keep>
std::vector<Cell> cellsWhere(const MunkresState& state, Keep keep) {
  std::vector<Cell> out;
  for (int32_t i = 0; i < state.n; ++i) {
    for (int32_t j = 0; j < state.n; ++j) {
      if (keep(Cell{i, j})) out.push_back(Cell{i, j});
    }
  }
  return out;
}

std::vector<int32_t> linesWhere(const std::vector<uint8_t>& covered, bool wanted) {
  std::vector<int32_t> out;
  for (int32_t k = 0; k < static_cast<int32_t>(covered.size()); ++k) {
    if ((covered[static_cast<std::size_t>(k)] != 0) == wanted) out.push_back(k);
  }
  return out;
}

template <class Cells>
Smallest smallestOf(const MunkresState& state, const Cells& cells) {
  Smallest best{0, Cell{}};
  for (const Cell cell : cells) {
    if (isForbiddenEntry(state.value(cell))) continue;
    if (best.at.row < 0 || state.value(cell) < best.value) best = {state.value(cell), cell};
  }
  return best;
}

}  // namespace

bool isCovered(const MunkresState& state, Cell cell) {
  return state.rowCovered[static_cast<std::size_t>(cell.row)] != 0 ||
         state.colCovered[static_cast<std::size_t>(cell.col)] != 0;
}

std::vector<Cell> zeros(const MunkresState& state) {
  return cellsWhere(state, [&](Cell c) { return state.value(c) == 0; });
}

std::vector<Cell> uncoveredZeros(const MunkresState& state) {
  return cellsWhere(state, [&](Cell c) { return state.value(c) == 0 && !isCovered(state, c); });
}

std::vector<Cell> marked(const MunkresState& state, Mark mark) {
  return cellsWhere(state, [&](Cell c) { return state.mark(c) == mark; });
}

std::optional<Cell> markInRow(const MunkresState& state, int32_t row, Mark mark) {
  for (int32_t j = 0; j < state.n; ++j) {
    if (state.mark({row, j}) == mark) return Cell{row, j};
  }
  return std::nullopt;
}

std::optional<Cell> markInColumn(const MunkresState& state, int32_t col, Mark mark) {
  for (int32_t i = 0; i < state.n; ++i) {
    if (state.mark({i, col}) == mark) return Cell{i, col};
  }
  return std::nullopt;
}

std::vector<int32_t> coveredRows(const MunkresState& state) {
  return linesWhere(state.rowCovered, true);
}
std::vector<int32_t> uncoveredRows(const MunkresState& state) {
  return linesWhere(state.rowCovered, false);
}
std::vector<int32_t> coveredColumns(const MunkresState& state) {
  return linesWhere(state.colCovered, true);
}
std::vector<int32_t> uncoveredColumns(const MunkresState& state) {
  return linesWhere(state.colCovered, false);
}

Smallest rowMinimum(const MunkresState& state, int32_t row) {
  return smallestOf(state, cellsWhere(state, [&](Cell c) { return c.row == row; }));
}

Smallest columnMinimum(const MunkresState& state, int32_t col) {
  return smallestOf(state, cellsWhere(state, [&](Cell c) { return c.col == col; }));
}

Smallest smallestUncovered(const MunkresState& state) {
  return smallestOf(state, cellsWhere(state, [&](Cell c) { return !isCovered(state, c); }));
}

std::vector<Cell> greedyStars(const MunkresState& state) {
  std::vector<uint8_t> rowUsed(static_cast<std::size_t>(state.n), 0),
      colUsed(static_cast<std::size_t>(state.n), 0);
  std::vector<Cell> stars;
  for (const Cell zero : zeros(state)) {
    auto& rowFlag = rowUsed[static_cast<std::size_t>(zero.row)];
    auto& colFlag = colUsed[static_cast<std::size_t>(zero.col)];
    if (rowFlag != 0 || colFlag != 0) continue;
    rowFlag = colFlag = 1;
    stars.push_back(zero);
  }
  return stars;
}

std::vector<std::string> starringProblems(const MunkresState& state, const std::vector<Cell>& stars) {
  std::vector<std::string> problems;
  std::vector<int32_t> starOfRow(static_cast<std::size_t>(state.n), -1),
      starOfCol(static_cast<std::size_t>(state.n), -1);
  for (const Cell star : stars) {
    if (star.row < 0 || star.row >= state.n || star.col < 0 || star.col >= state.n) {
      problems.push_back("a star was placed outside the matrix");
      continue;
    }
    if (state.value(star) != 0) {
      problems.push_back("the entry at " + cellName(star) + " is " + number(state.value(star)) +
                         ", not 0; only zeros are starred");
      continue;
    }
    int32_t& rowStar = starOfRow[static_cast<std::size_t>(star.row)];
    int32_t& colStar = starOfCol[static_cast<std::size_t>(star.col)];
    if (rowStar >= 0) {
      problems.push_back(rowName(star.row) + " has two starred zeros (" +
                         lineList("column", {std::min(rowStar, star.col), std::max(rowStar, star.col)}) +
                         "); starred zeros must be independent, at most one in each row and each column");
    } else if (colStar >= 0) {
      problems.push_back(columnName(star.col) + " has two starred zeros (" +
                         lineList("row", {std::min(colStar, star.row), std::max(colStar, star.row)}) +
                         "); starred zeros must be independent, at most one in each row and each column");
    } else {
      rowStar = star.col;
      colStar = star.row;
    }
  }
  for (const Cell zero : zeros(state)) {
    if (starOfRow[static_cast<std::size_t>(zero.row)] < 0 &&
        starOfCol[static_cast<std::size_t>(zero.col)] < 0) {
      problems.push_back("the zero at " + cellName(zero) +
                         " has no star in its row or its column, so it must be starred too: every zero that "
                         "can be starred is");
      starOfRow[static_cast<std::size_t>(zero.row)] = zero.col;  // report each free zero's line once
      starOfCol[static_cast<std::size_t>(zero.col)] = zero.row;
    }
  }
  return problems;
}

std::string linesCoverProblem(const MunkresState& state, const std::vector<int32_t>& rows,
                              const std::vector<int32_t>& cols, int32_t fewest) {
  for (const int32_t line : rows) {
    if (line < 0 || line >= state.n) return "a row outside the matrix";
  }
  for (const int32_t line : cols) {
    if (line < 0 || line >= state.n) return "a column outside the matrix";
  }
  for (const Cell zero : zeros(state)) {
    if (std::find(rows.begin(), rows.end(), zero.row) == rows.end() &&
        std::find(cols.begin(), cols.end(), zero.col) == cols.end()) {
      return "the zero at " + cellName(zero) + " is not covered";
    }
  }
  const auto lines = static_cast<int32_t>(rows.size() + cols.size());
  if (lines != fewest) return std::to_string(lines) + " lines, where " + std::to_string(fewest) + " suffice";
  return "";
}

std::vector<Cell> alternatingPath(const MunkresState& state, Cell prime) {
  std::vector<Cell> path{prime};
  while (const std::optional<Cell> star = markInColumn(state, path.back().col, Mark::Star)) {
    path.push_back(*star);
    // Every starred zero met here lies in a covered row, and every covered row holds a prime.
    path.push_back(markInRow(state, star->row, Mark::Prime).value());
  }
  return path;
}

}  // namespace ms::lap::teaching

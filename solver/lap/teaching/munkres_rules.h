#pragma once
// The facts the textbook method reads off a frame: where the zeros, stars and primes are, which zeros are
// uncovered, the row/column minima, the smallest uncovered value, the alternating path. The method (taking
// steps) and the exercise checker (judging a learner's step) both ask these questions, so they agree.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "solver/lap/teaching/lesson_frame.h"

namespace ms::lap::teaching {

bool isCovered(const MunkresState& state, Cell cell);  // its row or its column is covered
std::vector<Cell> zeros(const MunkresState& state);    // row-major
std::vector<Cell> uncoveredZeros(const MunkresState& state);
std::vector<Cell> marked(const MunkresState& state, Mark mark);  // row-major
std::optional<Cell> markInRow(const MunkresState& state, int32_t row, Mark mark);
std::optional<Cell> markInColumn(const MunkresState& state, int32_t col, Mark mark);
std::vector<int32_t> coveredRows(const MunkresState& state);
std::vector<int32_t> uncoveredRows(const MunkresState& state);
std::vector<int32_t> coveredColumns(const MunkresState& state);
std::vector<int32_t> uncoveredColumns(const MunkresState& state);

struct Smallest {
  int64_t value = 0;
  Cell at;  // first cell (row-major) holding it
};
Smallest rowMinimum(const MunkresState& state, int32_t row);
Smallest columnMinimum(const MunkresState& state, int32_t col);
// Forbidden entries are skipped. Precondition: an allowed cell is in the line, or uncovered (true whenever
// the instance is feasible, which makeLessonProblem checks).
Smallest smallestUncovered(const MunkresState& state);

// Star zeros row by row, left to right, skipping any zero whose row or column already has a star: the
// order Munkres' Step 1 reads the matrix in.
std::vector<Cell> greedyStars(const MunkresState& state);
// Every reason `stars` cannot be the starring of Munkres' Step 1 (not all zeros, two in one line, zeros left
// that could still be starred); empty when it can. The learner may star in any order, so any maximal set of
// independent zeros is right.
std::vector<std::string> starringProblems(const MunkresState& state, const std::vector<Cell>& stars);

// Why rows `rows` and columns `cols` are not a cover of every zero by `fewest` lines (the size of a largest
// set of independent zeros, König); "" when they are.
std::string linesCoverProblem(const MunkresState& state, const std::vector<int32_t>& rows,
                              const std::vector<int32_t>& cols, int32_t fewest);

// From an uncovered primed zero with no star in its row: prime, the star in its column, the prime in that
// star's row, ... until a prime with no star in its column.
std::vector<Cell> alternatingPath(const MunkresState& state, Cell prime);

}  // namespace ms::lap::teaching

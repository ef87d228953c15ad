#pragma once
// One frame of a Hungarian-method lesson: the reduced matrix with Munkres' marks (starred and primed zeros),
// the covering lines, the alternating path, and the narration of the step that produced it. A frame holds
// everything the method needs to take its next step, so history, exercises and views all work from frames.

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace ms::lap::teaching {

// 0-based internally; narration and views name rows and columns 1-based.
struct Cell {
  int32_t row = -1;
  int32_t col = -1;
  friend auto operator<=>(const Cell&, const Cell&) = default;
};

// A forbidden pair ("inf" in a lesson file): never a zero, never a minimum, left as it is by every
// reduction and adjustment.
inline constexpr int64_t kForbidden = std::numeric_limits<int64_t>::max();
constexpr bool isForbiddenEntry(int64_t value) {
  return value == kForbidden;
}

enum class Mark : uint8_t { None, Star, Prime };

// The two textbook methods a lesson can follow after the row and column reductions, and the two lessons
// beyond the textbook, whose frames are the snapshots of the studio's own solvers.
enum class LessonMethod : uint8_t {
  Stars,  // Munkres: star independent zeros, prime uncovered ones, augment along alternating paths
  Lines,  // cover every zero with the fewest lines; fewer than n: adjust by the smallest uncovered value
  Tree,   // Date & Nagi's alternating-tree variant: trees grown level by level, disjoint paths, one dual
          // update
  Roma,   // Hovland's ROMA: 4-cycle flips of a perfect matching, and why parallel flips take locks
};

// The steps of the textbook method, in the order a lesson meets them.
enum class StepKind : uint8_t {
  Start,                // the problem as given (minimisation form, padded square)
  ReduceRow,            // subtract one row's smallest entry from that row
  ReduceColumn,         // subtract one column's smallest entry from that column
  StarZeros,            // star a maximal set of independent zeros
  CoverStarredColumns,  // cover every column holding a starred zero; all covered = optimal
  PrimeZero,            // prime one uncovered zero
  CoverPrimedRow,       // the primed zero's row holds a star: cover that row, uncover the star's column
  FindPath,  // alternating path prime, star, prime, ... from the primed zero with no star in its row
  FlipPath,  // stars on the path lose their star, primes become stars; primes erased, lines removed
  Adjust,    // smallest uncovered value: added to covered rows, subtracted from uncovered columns
  CoverZerosWithFewestLines,  // minimum-lines method: a largest set of independent zeros and König's cover
  AdjustUncovered,  // minimum-lines method: smallest uncovered value off uncovered cells, onto crossings
  // Alternating-tree lesson (Date & Nagi 2016, Algorithms 1, 2, 4, 5, 6, 9; the sequential tree solver).
  TreeReduce,      // Algorithm 1: every row's, then every column's smallest entry becomes its dual
  TreeCheck,       // Algorithm 2: cover the assigned rows; n assigned = optimal; else the free rows are roots
  TreeLevel,       // Algorithm 4: one BFS level of every tree at once (zero-slack columns reached)
  TreeReverse,     // Algorithm 5: trace each path back to its root; one path per tree survives
  TreeAugment,     // Algorithm 6: flip every surviving (vertex-disjoint) path at once
  TreeDualUpdate,  // Algorithm 9: one theta for all trees: the smallest slack of an uncovered column
  // ROMA lesson (Hovland; the sequential ROMA solver on the assignment as a bipartite complete graph).
  RomaStart,      // the initial perfect matching: row i with column i
  RomaProposals,  // the flips every matched edge would propose if all searched at once, and their conflicts
  RomaLocks,      // which of those flips the locks let through (Algorithm 7)
  RomaFlip,       // one 4-cycle flip of the solver's phase
  RomaPhaseEnd,   // a phase ends; a phase without flips ends the algorithm
  Result,         // the starred zeros read as the optimal assignment
  Finished,       // no step follows (only ever a frame's `next`)
};

// Solver lessons: what the step after a frame does, taken from the solver's next snapshot, so the exercise
// checker can judge the learner's answer to it. Empty for the textbook methods.
struct UpcomingStep {
  std::vector<int32_t> rows, cols;  // TreeLevel: new tree rows and reached columns; RomaProposals: rows of
                                    // conflicting proposals; RomaLocks: rows whose proposals go through
  int64_t value = 0;                // TreeDualUpdate: theta; RomaFlip: the flip's gain (cost saved)
  std::vector<Cell> cells;          // TreeAugment: the assignment after; TreeReverse: surviving paths' cells
  std::vector<std::vector<Cell>> candidates;  // TreeReverse: one path per reverse column (root row first)
  friend bool operator==(const UpcomingStep&, const UpcomingStep&) = default;
};

struct MunkresState {
  LessonMethod method = LessonMethod::Stars;
  int32_t n = 0;
  std::vector<int64_t> values;  // current reduced matrix, row-major n x n; kForbidden where forbidden
  std::vector<Mark> marks;      // row-major n x n
  std::vector<uint8_t> rowCovered, colCovered;
  // values(i, j) == square cost(i, j) - rowDual[i] - colDual[j] at every frame and allowed cell: the
  // reductions and adjustments are dual changes, so a finished lesson carries its own optimality certificate.
  std::vector<int64_t> rowDual, colDual;
  std::vector<Cell> path;  // the alternating path of the latest FindPath, kept until the next cover step

  StepKind next = StepKind::ReduceRow;  // the step the method takes next
  int32_t nextLine = 0;                 // row of the next ReduceRow, column of the next ReduceColumn
  Cell lastPrime;                       // the primed zero the next CoverPrimedRow or FindPath starts from
  UpcomingStep upcoming;                // solver lessons only

  int64_t value(Cell cell) const { return values[index(cell)]; }
  Mark mark(Cell cell) const { return marks[index(cell)]; }
  std::size_t index(Cell cell) const {
    return static_cast<std::size_t>(cell.row) * static_cast<std::size_t>(n) +
           static_cast<std::size_t>(cell.col);
  }
  friend bool operator==(const MunkresState&, const MunkresState&) = default;
};

struct LessonFrame {
  int32_t index = 0;  // position in the lesson; frame 0 is the problem as given
  StepKind kind = StepKind::Start;
  int32_t round = 0;            // how many times the starred columns have been covered so far
  MunkresState state;           // after the step
  std::vector<Cell> highlight;  // cells the narration points at (a minimum, the zero just primed, ...)
  std::vector<int32_t> highlightRows, highlightCols;  // lines the step worked on
  // Per cell (row-major, empty when no value changed): -1 where the step lowered the entry, +1 where it
  // raised it, 0 where it stayed. The views tint these so a learner sees what just changed.
  std::vector<int8_t> change;
  int64_t stepValue = 0;  // the number the step used: a row or column minimum, or the adjustment
  std::string narration;  // one paragraph, no line breaks, 1-based names
  // Shape of the problem as the learner gave it (rows/columns beyond are padding) and its sense.
  int32_t originalRows = 0, originalCols = 0;
  bool maximize = false;

  friend bool operator==(const LessonFrame&, const LessonFrame&) = default;
};

}  // namespace ms::lap::teaching

#include "solver/lap/teaching/exercise.h"

#include <algorithm>
#include <optional>
#include <type_traits>

#include "solver/lap/teaching/munkres_rules.h"
#include "solver/lap/teaching/narration_text.h"
#include "solver/lap/teaching/row_column_matching.h"
#include "solver/lap/teaching/solver_exercise.h"

namespace ms::lap::teaching {
namespace {

std::size_t at(int32_t k) {
  return static_cast<std::size_t>(k);
}

template <class T>
std::vector<T> sortedUnique(std::vector<T> items) {
  std::sort(items.begin(), items.end());
  items.erase(std::unique(items.begin(), items.end()), items.end());
  return items;
}

template <class T>
bool contains(const std::vector<T>& items, const T& item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

std::string answerKindName(AnswerKind kind) {
  switch (kind) {
    case AnswerKind::None:
      return "nothing";
    case AnswerKind::Value:
      return "a number";
    case AnswerKind::Cover:
      return "a set of covered lines";
    case AnswerKind::Stars:
      return "a set of starred zeros";
    case AnswerKind::Prime:
      return "a zero to prime";
    case AnswerKind::Path:
      return "a path";
    case AnswerKind::Matrix:
      return "the whole matrix";
  }
  return "an answer";
}

AnswerKind kindOf(const LearnerAction& action) {
  constexpr AnswerKind kinds[] = {AnswerKind::Value, AnswerKind::Cover, AnswerKind::Stars,
                                  AnswerKind::Prime, AnswerKind::Path,  AnswerKind::Matrix};
  return kinds[action.index()];
}

std::optional<Cell> firstCellWith(const MunkresState& s, int64_t value,
                                  bool (*keep)(const MunkresState&, Cell)) {
  for (int32_t i = 0; i < s.n; ++i) {
    for (int32_t j = 0; j < s.n; ++j) {
      if (s.value({i, j}) == value && keep(s, {i, j})) return Cell{i, j};
    }
  }
  return std::nullopt;
}

// A row or column minimum: the answer must be an entry of that line and no entry of it smaller.
Verdict judgeLineMinimum(const LessonFrame& frame, int64_t answer, bool isRow) {
  const MunkresState& s = frame.state;
  const int32_t line = s.nextLine;
  const std::string name = isRow ? rowName(line) : columnName(line);
  const Smallest smallest = isRow ? rowMinimum(s, line) : columnMinimum(s, line);
  if (answer == smallest.value) {
    return rightVerdict("Right: the smallest entry of " + name + " is " + number(answer) + ".");
  }
  std::optional<Cell> found;
  for (int32_t k = 0; k < s.n && !found; ++k) {
    const Cell cell = isRow ? Cell{line, k} : Cell{k, line};
    if (s.value(cell) == answer) found = cell;
  }
  if (!found) {
    const Smallest crossing = isRow ? columnMinimum(s, line) : rowMinimum(s, line);
    if (crossing.value == answer) {
      return wrongVerdict(frame, number(answer) + " is the smallest entry of " +
                                     (isRow ? columnName(line) : rowName(line)) + ", but this step reduces " +
                                     name + ".");
    }
    return wrongVerdict(frame, number(answer) + " is not an entry of " + name +
                                   "; the smallest entry is one of the numbers in " + name + ".");
  }
  return wrongVerdict(frame, number(answer) + " is in " + name + " (at " + cellName(*found) + "), but " +
                                 name + " has a smaller entry.");
}

Verdict judgeStarring(const LessonFrame& frame, const std::vector<Cell>& stars) {
  if (std::vector<std::string> problems = starringProblems(frame.state, stars); !problems.empty()) {
    for (std::string& problem : problems) problem += ".";
    return wrongVerdict(frame, problems);
  }
  const std::vector<Cell> chosen = sortedUnique(stars);
  std::string explanation =
      "Right: " + std::to_string(chosen.size()) +
      " independent zeros, and every other zero shares a row or a column with one of them.";
  if (chosen != greedyStars(frame.state)) {
    explanation += " (Reading row by row gives a different set; yours is just as good.)";
  }
  return rightVerdict(explanation, StarChoice{chosen});
}

Verdict judgeFlip(const LessonFrame& frame, const std::vector<Cell>& proposed) {
  const MunkresState& s = frame.state;
  const std::vector<Cell> stars = sortedUnique(proposed);
  const std::vector<Cell>& path = s.path;
  std::vector<std::string> mistakes;
  for (const Cell cell : stars) {
    if (cell.row < 0 || cell.row >= s.n || cell.col < 0 || cell.col >= s.n) {
      return wrongVerdict(frame, "a star was placed outside the matrix.");
    }
  }
  for (const Cell cell : path) {
    const bool wasStar = s.mark(cell) == Mark::Star;
    if (wasStar && contains(stars, cell)) {
      mistakes.push_back("the starred zero at " + cellName(cell) +
                         " is on the path; flipping removes its star.");
    }
    if (!wasStar && !contains(stars, cell)) {
      mistakes.push_back("the primed zero at " + cellName(cell) +
                         " is on the path; flipping makes it a star.");
    }
  }
  for (const Cell cell : marked(s, Mark::Star)) {
    if (!contains(path, cell) && !contains(stars, cell)) {
      mistakes.push_back("the starred zero at " + cellName(cell) +
                         " is not on the path, so it keeps its star.");
    }
  }
  for (const Cell cell : stars) {
    if (contains(path, cell) || s.mark(cell) == Mark::Star) continue;
    mistakes.push_back(s.mark(cell) == Mark::Prime
                           ? "the primed zero at " + cellName(cell) +
                                 " is not on the path; primes off the path are erased, not starred."
                           : cellName(cell) + " is not on the path and had no star; only the path changes.");
  }
  if (!mistakes.empty()) return wrongVerdict(frame, mistakes);
  return rightVerdict("Right: one more star than before, still no two in one row or column.");
}

// Rows and columns the answer covers against the ones it should, each difference named.
void compareLines(const MunkresState& s, const std::vector<int32_t>& rows, const std::vector<int32_t>& cols,
                  const std::vector<uint8_t>& wantRows, const std::vector<uint8_t>& wantCols,
                  const std::string& why, std::vector<std::string>& mistakes) {
  for (int32_t k = 0; k < s.n; ++k) {
    const bool rowWanted = wantRows[at(k)] != 0, colWanted = wantCols[at(k)] != 0;
    if (rowWanted != contains(rows, k)) {
      mistakes.push_back(rowName(k) + " should be " + (rowWanted ? "covered" : "uncovered") + why + ".");
    }
    if (colWanted != contains(cols, k)) {
      mistakes.push_back(columnName(k) + " should be " + (colWanted ? "covered" : "uncovered") + why + ".");
    }
  }
}

Verdict judgeCover(const LessonFrame& frame, const CoverAnswer& answer) {
  const MunkresState& s = frame.state;
  const std::vector<int32_t> rows = sortedUnique(answer.rows), cols = sortedUnique(answer.cols);
  for (const int32_t line : rows) {
    if (line < 0 || line >= s.n) return wrongVerdict(frame, "a covered row lies outside the matrix.");
  }
  for (const int32_t line : cols) {
    if (line < 0 || line >= s.n) return wrongVerdict(frame, "a covered column lies outside the matrix.");
  }
  std::vector<std::string> mistakes;
  if (s.next == StepKind::CoverStarredColumns) {
    if (!rows.empty()) {
      mistakes.push_back("this step covers columns only, so " + lineList("row", rows) +
                         " should stay uncovered; rows are covered later, one at a time, when a primed zero "
                         "shares its row with a star.");
    }
    for (const Cell star : marked(s, Mark::Star)) {
      if (!contains(cols, star.col)) {
        mistakes.push_back(columnName(star.col) + " holds a starred zero (in " + rowName(star.row) +
                           "), so it must be covered.");
      }
    }
    for (const int32_t col : cols) {
      if (!markInColumn(s, col, Mark::Star))
        mistakes.push_back(columnName(col) + " holds no starred zero; leave it uncovered.");
    }
    if (!mistakes.empty()) return wrongVerdict(frame, mistakes);
    return rightVerdict("Right: each starred zero's column is covered (" + std::to_string(cols.size()) +
                        " of " + std::to_string(s.n) + ").");
  }
  // CoverPrimedRow: exactly the prime's row is added and its star's column removed.
  const Cell prime = s.lastPrime;
  const Cell star = markInRow(s, prime.row, Mark::Star).value();
  std::vector<uint8_t> wantRows = s.rowCovered, wantCols = s.colCovered;
  wantRows[at(prime.row)] = 1;
  wantCols[at(star.col)] = 0;
  if (!contains(rows, prime.row)) {
    mistakes.push_back(rowName(prime.row) + " holds the new primed zero and a starred zero (in " +
                       columnName(star.col) + "); cover " + rowName(prime.row) + ".");
  }
  if (contains(cols, star.col)) {
    mistakes.push_back("uncover " + columnName(star.col) + ", the column of " + rowName(prime.row) +
                       "'s starred zero: the star is covered by its row now, and the column's other zeros "
                       "must become visible.");
  }
  std::vector<int32_t> otherRows, otherCols;
  for (const int32_t row : rows) {
    if (row != prime.row) otherRows.push_back(row);
  }
  for (const int32_t col : cols) {
    if (col != star.col) otherCols.push_back(col);
  }
  std::vector<uint8_t> keepRows = wantRows, keepCols = wantCols;
  keepRows[at(prime.row)] = 0;
  keepCols[at(star.col)] = 0;
  compareLines(
      s, otherRows, otherCols, keepRows, keepCols,
      " as before: only " + rowName(prime.row) + " and " + columnName(star.col) + " change in this step",
      mistakes);
  if (!mistakes.empty()) return wrongVerdict(frame, mistakes);
  return rightVerdict("Right: " + rowName(prime.row) + " covered, " + columnName(star.col) + " uncovered.");
}

// The minimum-lines method: any set of lines that covers every zero and is as small as a largest set of
// independent zeros (König) is right.
Verdict judgeFewestLines(const LessonFrame& frame, const CoverAnswer& answer) {
  const MunkresState& s = frame.state;
  const std::vector<int32_t> rows = sortedUnique(answer.rows), cols = sortedUnique(answer.cols);
  const RowColumnMatching m = maximumMatching(s.n, [&](Cell c) { return s.value(c) == 0; });
  std::vector<std::string> mistakes;
  for (const Cell zero : zeros(s)) {
    if (!contains(rows, zero.row) && !contains(cols, zero.col))
      mistakes.push_back("the zero at " + cellName(zero) + " is not covered by any line.");
  }
  const auto lines = static_cast<int32_t>(rows.size() + cols.size());
  if (lines > m.size) {
    mistakes.push_back(counted(static_cast<std::size_t>(lines), "line") + " drawn, but " +
                       std::to_string(m.size) + " suffice: a largest set of independent zeros has " +
                       std::to_string(m.size) + ", and by König's theorem that many lines cover every zero.");
  }
  if (!mistakes.empty()) return wrongVerdict(frame, mistakes);
  return rightVerdict(
      "Right: " + counted(static_cast<std::size_t>(lines), "line") +
          " cover every zero, as many as the largest set of independent zeros" +
          (m.size == s.n ? "; n lines, so an optimal assignment exists." : "; fewer than n, so adjust."),
      LinesChoice{rows, cols});
}

// The adjustment of either method, cell by cell: theta, the smallest uncovered value, comes off every
// uncovered entry and goes onto every entry two lines cross (Munkres adds it to the covered rows and takes
// it from the uncovered columns: the same change). Every wrong entry is named; when all uncovered entries
// dropped by one wrong amount, why that amount is not theta comes first.
Verdict judgeAdjustedMatrix(const LessonFrame& frame, const std::vector<int64_t>& values) {
  const MunkresState& s = frame.state;
  if (values.size() != s.values.size()) {
    return wrongVerdict(frame, "the answer has " + std::to_string(values.size()) +
                                   " entries; the matrix has " + std::to_string(s.values.size()) + ".");
  }
  const int64_t theta = smallestUncovered(s).value;
  std::vector<std::string> mistakes;
  std::optional<int64_t> usedTheta;
  bool oneAmount = true;
  for (int32_t i = 0; i < s.n && oneAmount; ++i) {
    for (int32_t j = 0; j < s.n; ++j) {
      const Cell c{i, j};
      if (isCovered(s, c) || isForbiddenEntry(s.value(c))) continue;
      const int64_t dropped = s.value(c) - values[s.index(c)];
      if (usedTheta && *usedTheta != dropped) oneAmount = false;
      usedTheta = dropped;
    }
  }
  if (oneAmount && usedTheta && *usedTheta != theta) mistakes.push_back(thetaMistake(s, *usedTheta));
  for (int32_t i = 0; i < s.n; ++i) {
    for (int32_t j = 0; j < s.n; ++j) {
      const Cell c{i, j};
      const int lines = (s.rowCovered[at(i)] != 0) + (s.colCovered[at(j)] != 0);
      const int64_t before = s.value(c);
      const int64_t want = lines == 0 ? before - theta : lines == 2 ? before + theta : before;
      const int64_t given = values[s.index(c)];
      if (isForbiddenEntry(before) || given == want) continue;
      const std::string rule = lines == 0   ? "uncovered, so it drops by " + number(theta)
                               : lines == 2 ? "where two lines cross, so it rises by " + number(theta)
                                            : "under one line, so it keeps its value";
      mistakes.push_back(cellName(c) + ": " + number(given) + " should be " + number(want) + " (" +
                         number(s.value(c)) + ", " + rule + ").");
    }
  }
  if (!mistakes.empty()) return wrongVerdict(frame, mistakes);
  return rightVerdict("Right: theta = " + number(theta) +
                      " came off every uncovered entry and went onto every "
                      "crossing.");
}

Verdict judgePrime(const LessonFrame& frame, Cell zero) {
  const MunkresState& s = frame.state;
  if (zero.row < 0 || zero.row >= s.n || zero.col < 0 || zero.col >= s.n) {
    return wrongVerdict(frame, "that cell lies outside the matrix.");
  }
  if (s.value(zero) != 0) {
    return wrongVerdict(frame, "the entry at " + cellName(zero) + " is " + number(s.value(zero)) +
                                   ", not 0; only zeros are primed.");
  }
  if (isCovered(s, zero)) {
    const bool byRow = s.rowCovered[at(zero.row)] != 0;
    return wrongVerdict(frame, "the zero at " + cellName(zero) + " is covered by " +
                                   (byRow ? rowName(zero.row) : columnName(zero.col)) +
                                   "; prime a zero that no line covers.");
  }
  const std::size_t choices = uncoveredZeros(s).size();
  return rightVerdict(
      "Right: the zero at " + cellName(zero) + " is uncovered." +
          (choices > 1 ? " (Any of the " + std::to_string(choices) + " uncovered zeros would do.)" : ""),
      PrimeChoice{zero});
}

Verdict judgePath(const LessonFrame& frame, const std::vector<Cell>& proposed) {
  const MunkresState& s = frame.state;
  const std::vector<Cell> path = alternatingPath(s, s.lastPrime);
  const std::vector<Cell> cells = sortedUnique(proposed);
  std::vector<std::string> mistakes;
  for (const Cell cell : cells) {
    if (cell.row < 0 || cell.row >= s.n || cell.col < 0 || cell.col >= s.n) {
      return wrongVerdict(frame, "a cell of the path lies outside the matrix.");
    }
    if (s.mark(cell) == Mark::None) {
      mistakes.push_back(cellName(cell) +
                         " is neither starred nor primed; the path uses only starred and primed zeros.");
    } else if (!contains(path, cell)) {
      mistakes.push_back("the path does not reach " + cellName(cell) +
                         ": from a prime it goes to the star in the same column, from a star to the prime in "
                         "the same row, and nowhere else.");
    }
  }
  for (std::size_t k = 0; k < path.size(); ++k) {
    if (contains(cells, path[k])) continue;
    if (k == 0) {
      mistakes.push_back("the path starts at the primed zero just made, at " + cellName(path[0]) + ".");
    } else if (k % 2 == 1) {
      mistakes.push_back("the path is missing the starred zero at " + cellName(path[k]) +
                         ": the primed zero at " + cellName(path[k - 1]) + " has it in its column.");
    } else {
      mistakes.push_back("the path is missing the primed zero at " + cellName(path[k]) +
                         ": the starred zero at " + cellName(path[k - 1]) + " has it in its row.");
    }
  }
  if (!mistakes.empty()) return wrongVerdict(frame, mistakes);
  return rightVerdict("Right: " + std::to_string(path.size()) + " zeros, from the new prime to " +
                      columnName(path.back().col) + ", which has no star.");
}

}  // namespace

Verdict rightVerdict(std::string explanation, StepChoice choice) {
  return Verdict{true, std::move(explanation), {}, "", std::move(choice)};
}

Verdict wrongVerdict(const LessonFrame& frame, const std::vector<std::string>& mistakes) {
  Verdict verdict{false, "", {}, hintFor(frame), DefaultChoice{}};
  for (const std::string& mistake : mistakes) verdict.mistakes.push_back(capitalised(mistake));
  if (verdict.mistakes.size() == 1) {
    verdict.explanation = verdict.mistakes.front();
  } else {
    verdict.explanation = std::to_string(verdict.mistakes.size()) + " mistakes:";
    for (std::size_t k = 0; k < verdict.mistakes.size(); ++k)
      verdict.explanation += " (" + std::to_string(k + 1) + ") " + verdict.mistakes[k];
  }
  return verdict;
}

Verdict wrongVerdict(const LessonFrame& frame, const std::string& mistake) {
  return wrongVerdict(frame, std::vector<std::string>{mistake});
}

std::string thetaMistake(const MunkresState& s, int64_t answer) {
  if (answer == smallestUncovered(s).value) return "";
  if (answer == 0) {
    return "theta 0 would change nothing: every zero is covered now, and the adjustment must make a new "
           "uncovered zero.";
  }
  const auto uncovered = [](const MunkresState& state, Cell c) { return !isCovered(state, c); };
  const auto covered = [](const MunkresState& state, Cell c) { return isCovered(state, c); };
  if (const std::optional<Cell> cell = firstCellWith(s, answer, uncovered)) {
    return "theta " + number(answer) + " is uncovered (at " + cellName(*cell) +
           "), but a smaller entry is uncovered too.";
  }
  if (const std::optional<Cell> cell = firstCellWith(s, answer, covered)) {
    const bool byRow = s.rowCovered[at(cell->row)] != 0;
    return "theta " + number(answer) + " appears only in covered cells (at " + cellName(*cell) +
           ", covered by " + (byRow ? rowName(cell->row) : columnName(cell->col)) +
           "); only entries whose row and column are both uncovered count.";
  }
  return "no uncovered entry is " + number(answer) + "; theta is one of the uncovered numbers.";
}

AnswerKind answerKind(StepKind next) {
  switch (next) {
    case StepKind::ReduceRow:
    case StepKind::ReduceColumn:
      return AnswerKind::Value;
    case StepKind::StarZeros:
    case StepKind::FlipPath:
      return AnswerKind::Stars;
    case StepKind::CoverStarredColumns:
    case StepKind::CoverPrimedRow:
    case StepKind::CoverZerosWithFewestLines:
      return AnswerKind::Cover;
    case StepKind::Adjust:
    case StepKind::AdjustUncovered:
      return AnswerKind::Matrix;
    case StepKind::PrimeZero:
      return AnswerKind::Prime;
    case StepKind::FindPath:
      return AnswerKind::Path;
    case StepKind::TreeLevel:
    case StepKind::RomaProposals:
    case StepKind::RomaLocks:
      return AnswerKind::Cover;
    case StepKind::TreeReverse:
      return AnswerKind::Path;
    case StepKind::TreeAugment:
      return AnswerKind::Stars;
    case StepKind::TreeDualUpdate:
    case StepKind::RomaFlip:
      return AnswerKind::Value;
    case StepKind::TreeReduce:
    case StepKind::TreeCheck:
    case StepKind::RomaStart:
    case StepKind::RomaPhaseEnd:
    case StepKind::Start:
    case StepKind::Result:
    case StepKind::Finished:
      return AnswerKind::None;
  }
  return AnswerKind::None;
}

std::string exerciseInstruction(const LessonFrame& frame) {
  const MunkresState& s = frame.state;
  if (isSolverStep(s.next)) return solverInstruction(frame);
  switch (s.next) {
    case StepKind::ReduceRow:
      return "Type the smallest entry of " + rowName(s.nextLine) + ".";
    case StepKind::ReduceColumn:
      return "Type the smallest entry of " + columnName(s.nextLine) + ".";
    case StepKind::StarZeros:
      return "Click the zeros to star: every zero that can be starred with no two stars in one row or "
             "column.";
    case StepKind::CoverStarredColumns:
      return "Click the column headers to cover each column that holds a star.";
    case StepKind::PrimeZero:
      return "Click an uncovered zero to prime it.";
    case StepKind::CoverPrimedRow:
      return "Click the headers to cover the new prime's row and uncover the column of that row's star.";
    case StepKind::FindPath:
      return "Click the zeros of the alternating path that starts at the new prime.";
    case StepKind::FlipPath:
      return "Click zeros to set the stars after flipping: on the path, stars lose their star and primes "
             "become "
             "stars.";
    case StepKind::CoverZerosWithFewestLines:
      return "Click row and column headers to draw the fewest lines that cover every zero.";
    case StepKind::Adjust:
    case StepKind::AdjustUncovered:
      return "Type the matrix after the adjustment: the smallest uncovered value comes off every uncovered "
             "entry and goes onto every entry where two lines cross.";
    case StepKind::Result:
      return "Nothing to do: press Next to read the result.";
    default:  // Start, Finished; the solver lessons' steps are answered above
      break;
  }
  return "The lesson is finished.";
}

std::string hintFor(const LessonFrame& frame) {
  const MunkresState& s = frame.state;
  if (isSolverStep(s.next)) return solverHint(frame);
  switch (s.next) {
    case StepKind::ReduceRow:
    case StepKind::ReduceColumn:
      return "Read " + (s.next == StepKind::ReduceRow ? rowName(s.nextLine) : columnName(s.nextLine)) +
             " entry by entry and keep the smallest number seen so far (a negative number is smaller than "
             "0).";
    case StepKind::StarZeros:
      return "Go row by row: in each row, star the first zero whose column has no star yet. Another order is "
             "fine as long as no zero is left that could still be starred.";
    case StepKind::CoverStarredColumns:
      return "Find each starred zero and cover its column; cover nothing else.";
    case StepKind::PrimeZero:
      return "Uncovered: " + lineList("row", uncoveredRows(s)) + " and " +
             lineList("column", uncoveredColumns(s)) +
             ". Look for a 0 where an uncovered row crosses an uncovered column.";
    case StepKind::CoverPrimedRow:
      return "The new prime shares its row with a starred zero: one line is added (the prime's row) and one "
             "is "
             "removed (the star's column).";
    case StepKind::FindPath:
      return "Start at the new prime at " + cellName(s.lastPrime) +
             ". Move along its column to a starred zero, then along that star's row to a primed zero, and "
             "repeat "
             "until a column has no star.";
    case StepKind::FlipPath:
      return "Only the path changes: each star on it loses its star and each prime on it becomes a star. All "
             "other "
             "stars stay.";
    case StepKind::Adjust:
      return "Look only at the cells that no line crosses (uncovered rows and uncovered columns) and take "
             "the smallest number there. It comes off every uncovered entry and goes onto every entry that "
             "two lines cross; entries under one line stay.";
    case StepKind::CoverZerosWithFewestLines:
      return "First find as many zeros as you can with no two in one row or column: that many lines are "
             "needed. A row with two or more zeros is usually worth a row line.";
    case StepKind::AdjustUncovered:
      return "Find the smallest entry no line crosses. Entries no line crosses lose it, entries two lines "
             "cross gain it, entries under one line stay.";
    case StepKind::Result:
      return "Press Next: the starred zeros are the assignment.";
    default:  // Start, Finished; the solver lessons' steps are answered above
      break;
  }
  return "The lesson is finished.";
}

Verdict judge(const LessonFrame& frame, const LearnerAction& action) {
  const StepKind next = frame.state.next;
  const AnswerKind expected = answerKind(next);
  if (expected == AnswerKind::None) {
    return wrongVerdict(frame, next == StepKind::Result
                                   ? "there is nothing to do here; press Next to read the result."
                                   : "the lesson is finished.");
  }
  if (kindOf(action) != expected) {
    return wrongVerdict(frame, "the next step is '" + std::string(stepTitle(next)) + "', which asks for " +
                                   answerKindName(expected) + ", not " + answerKindName(kindOf(action)) +
                                   ".");
  }
  if (isSolverStep(next)) return judgeSolverStep(frame, action);
  switch (next) {
    case StepKind::ReduceRow:
      return judgeLineMinimum(frame, std::get<ValueAnswer>(action).value, true);
    case StepKind::ReduceColumn:
      return judgeLineMinimum(frame, std::get<ValueAnswer>(action).value, false);
    case StepKind::StarZeros:
      return judgeStarring(frame, std::get<StarAnswer>(action).stars);
    case StepKind::FlipPath:
      return judgeFlip(frame, std::get<StarAnswer>(action).stars);
    case StepKind::CoverStarredColumns:
    case StepKind::CoverPrimedRow:
      return judgeCover(frame, std::get<CoverAnswer>(action));
    case StepKind::CoverZerosWithFewestLines:
      return judgeFewestLines(frame, std::get<CoverAnswer>(action));
    case StepKind::Adjust:
    case StepKind::AdjustUncovered:
      return judgeAdjustedMatrix(frame, std::get<MatrixAnswer>(action).values);
    case StepKind::PrimeZero:
      return judgePrime(frame, std::get<PrimeAnswer>(action).zero);
    case StepKind::FindPath:
      return judgePath(frame, std::get<PathAnswer>(action).cells);
    default:
      return wrongVerdict(frame, "there is nothing to answer at this step.");
  }
}

std::string describeAnswer(const LearnerAction& action) {
  return std::visit(
      [](const auto& answer) -> std::string {
        using A = std::decay_t<decltype(answer)>;
        if constexpr (std::is_same_v<A, ValueAnswer>) {
          return number(answer.value);
        } else if constexpr (std::is_same_v<A, CoverAnswer>) {
          return lineList("row", sortedUnique(answer.rows)) + " and " +
                 lineList("column", sortedUnique(answer.cols)) + " covered";
        } else if constexpr (std::is_same_v<A, StarAnswer>) {
          return answer.stars.empty() ? "no stars" : "stars at " + cellList(sortedUnique(answer.stars));
        } else if constexpr (std::is_same_v<A, PrimeAnswer>) {
          return "prime at " + cellName(answer.zero);
        } else if constexpr (std::is_same_v<A, PathAnswer>) {
          return "path through " + cellList(sortedUnique(answer.cells));
        } else {
          std::string text = "matrix";
          for (const int64_t value : answer.values) {
            text += ' ';
            text += number(value);
          }
          return text;
        }
      },
      action);
}

std::string scoreSummary(const Score& score) {
  const int32_t asked = score.correct + score.wrong + score.skipped;
  return std::to_string(score.correct) + " of " + counted(static_cast<std::size_t>(asked), "step") +
         " right at the first answer, " + std::to_string(score.wrong) + " wrong, " +
         std::to_string(score.skipped) + " skipped, " +
         counted(static_cast<std::size_t>(score.hintsTaken), "hint");
}

Verdict ExerciseChecker::check(const LessonFrame& frame, const LearnerAction& action) {
  Verdict verdict = judge(frame, action);
  const int32_t step = frame.index + 1;
  const bool counts = answerKind(frame.state.next) != AnswerKind::None && !decided_.contains(step);
  if (counts) {
    decided_[step] = verdict.correct ? Outcome::Right : Outcome::Wrong;
    ++(verdict.correct ? score_.correct : score_.wrong);
  }
  log_.push_back({QuizEntry::Kind::Answer, step, frame.state.next, describeAnswer(action), verdict.correct,
                  counts, verdict.explanation});
  return verdict;
}

std::string ExerciseChecker::hint(const LessonFrame& frame) {
  ++score_.hintsTaken;
  std::string text = hintFor(frame);
  log_.push_back({QuizEntry::Kind::Hint, frame.index + 1, frame.state.next, "", false, false, text});
  return text;
}

void ExerciseChecker::skip(const LessonFrame& frame) {
  const int32_t step = frame.index + 1;
  if (answerKind(frame.state.next) == AnswerKind::None || decided_.contains(step)) return;
  decided_[step] = Outcome::Skipped;
  ++score_.skipped;
  log_.push_back({QuizEntry::Kind::Skip, step, frame.state.next, "", false, true, ""});
}

void ExerciseChecker::reset() {
  decided_.clear();
  score_ = {};
  log_.clear();
}

}  // namespace ms::lap::teaching

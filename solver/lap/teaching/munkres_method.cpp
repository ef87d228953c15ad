#include "solver/lap/teaching/munkres_method.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "solver/lap/teaching/munkres_rules.h"
#include "solver/lap/teaching/narration_text.h"
#include "solver/lap/teaching/row_column_matching.h"

namespace ms::lap::teaching {
namespace {

std::size_t at(int32_t k) {
  return static_cast<std::size_t>(k);
}

// Subtracts `amount` from the allowed entries of a line (a dual change) and records the direction in the
// frame's change map.
void subtractFrom(LessonFrame& frame, Cell cell, int64_t amount) {
  MunkresState& s = frame.state;
  int64_t& value = s.values[s.index(cell)];
  if (isForbiddenEntry(value) || amount == 0) return;
  value -= amount;
  if (frame.change.empty()) frame.change.assign(s.values.size(), 0);
  frame.change[s.index(cell)] = static_cast<int8_t>(frame.change[s.index(cell)] + (amount > 0 ? -1 : 1));
}

void subtractFromRow(LessonFrame& frame, int32_t row, int64_t amount) {
  for (int32_t j = 0; j < frame.state.n; ++j) subtractFrom(frame, {row, j}, amount);
  frame.state.rowDual[at(row)] += amount;
}

void subtractFromColumn(LessonFrame& frame, int32_t col, int64_t amount) {
  for (int32_t i = 0; i < frame.state.n; ++i) subtractFrom(frame, {i, col}, amount);
  frame.state.colDual[at(col)] += amount;
}

// The cells whose entry the step made 0 and that no line covers.
std::vector<Cell> newUncoveredZeros(const LessonFrame& frame) {
  std::vector<Cell> out;
  for (const Cell zero : uncoveredZeros(frame.state)) {
    if (!frame.change.empty() && frame.change[frame.state.index(zero)] != 0) out.push_back(zero);
  }
  return out;
}

std::string subtractSentence(const std::string& line, Smallest smallest) {
  if (smallest.value == 0) {
    return "The smallest entry of " + line + " is already 0 (" + cellName(smallest.at) + "); " + line +
           " stays as it is.";
  }
  std::string out = "The smallest entry of " + line + " is " + number(smallest.value) + " (" +
                    cellName(smallest.at) + "); subtract it from every entry of " + line + ".";
  if (smallest.value < 0)
    out += " Subtracting " + number(smallest.value) + " adds " + number(-smallest.value) + ".";
  return out;
}

void reduceRow(LessonFrame& frame) {
  MunkresState& s = frame.state;
  const int32_t row = s.nextLine;
  const Smallest smallest = rowMinimum(s, row);
  subtractFromRow(frame, row, smallest.value);
  frame.stepValue = smallest.value;
  frame.highlight = {smallest.at};
  frame.highlightRows = {row};
  frame.narration = subtractSentence(rowName(row), smallest);
  if (row + 1 < s.n) {
    s.nextLine = row + 1;
  } else {
    s.next = StepKind::ReduceColumn;
    s.nextLine = 0;
    frame.narration += " Every row now has a zero; next, the columns in the same way.";
  }
}

void reduceColumn(LessonFrame& frame) {
  MunkresState& s = frame.state;
  const int32_t col = s.nextLine;
  const Smallest smallest = columnMinimum(s, col);
  subtractFromColumn(frame, col, smallest.value);
  frame.stepValue = smallest.value;
  frame.highlight = {smallest.at};
  frame.highlightCols = {col};
  frame.narration = subtractSentence(columnName(col), smallest);
  if (col + 1 < s.n) {
    s.nextLine = col + 1;
  } else {
    s.next = s.method == LessonMethod::Stars ? StepKind::StarZeros : StepKind::CoverZerosWithFewestLines;
    s.nextLine = 0;
    frame.narration += " Every row and every column now has a zero, and no entry is negative.";
  }
}

void starZeros(LessonFrame& frame, const StepChoice& choice) {
  MunkresState& s = frame.state;
  const StarChoice* chosen = std::get_if<StarChoice>(&choice);
  std::vector<Cell> stars = chosen != nullptr ? chosen->stars : greedyStars(s);
  if (const std::vector<std::string> problems = starringProblems(s, stars); !problems.empty()) {
    throw std::invalid_argument("cannot star these zeros: " + problems.front());
  }
  std::sort(stars.begin(), stars.end());
  for (const Cell star : stars) s.marks[s.index(star)] = Mark::Star;
  frame.highlight = stars;
  frame.narration =
      std::string(chosen != nullptr ? "Star these zeros, no two in one row or column: "
                                    : "Read the matrix row by row and star each zero that has no "
                                      "star in its row or column yet: ") +
      cellList(stars) + " (" + counted(stars.size(), "star") +
      "). Every other zero shares a row or a column with a star.";
  s.next = StepKind::CoverStarredColumns;
}

void coverStarredColumns(LessonFrame& frame) {
  MunkresState& s = frame.state;
  s.path.clear();
  std::fill(s.rowCovered.begin(), s.rowCovered.end(), 0);
  std::fill(s.colCovered.begin(), s.colCovered.end(), 0);
  const std::vector<Cell> stars = marked(s, Mark::Star);
  for (const Cell star : stars) s.colCovered[at(star.col)] = 1;
  ++frame.round;
  frame.highlightCols = coveredColumns(s);
  const std::string count = std::to_string(stars.size()), n = std::to_string(s.n);
  frame.narration =
      "Cover every column that holds a starred zero: " + lineList("column", coveredColumns(s)) + ".";
  if (static_cast<int32_t>(stars.size()) == s.n) {
    frame.narration +=
        " All " + n + " columns are covered, so the " + count +
        " starred zeros assign every row to its own column at reduced cost 0: the assignment is "
        "optimal.";
    s.next = StepKind::Result;
    return;
  }
  frame.narration += " Only " + count + " of " + n + (stars.size() == 1 ? " columns is" : " columns are") +
                     " covered: the stars do not assign every row yet.";
  if (uncoveredZeros(s).empty()) {
    frame.narration += " No zero is left uncovered, so the matrix must be adjusted to make one.";
    s.next = StepKind::Adjust;
  } else {
    frame.narration += " Next, look for a zero that no line covers.";
    s.next = StepKind::PrimeZero;
  }
}

void primeZero(LessonFrame& frame, const StepChoice& choice) {
  MunkresState& s = frame.state;
  const std::vector<Cell> candidates = uncoveredZeros(s);
  const PrimeChoice* chosen = std::get_if<PrimeChoice>(&choice);
  if (candidates.empty()) throw std::logic_error("prime step without an uncovered zero");
  const Cell zero = chosen != nullptr ? chosen->zero : candidates.front();
  if (std::find(candidates.begin(), candidates.end(), zero) == candidates.end()) {
    throw std::invalid_argument("cannot prime " + cellName(zero) + ": it is not an uncovered zero");
  }
  s.marks[s.index(zero)] = Mark::Prime;
  s.lastPrime = zero;
  frame.highlight = {zero};
  frame.narration = "The zero at " + cellName(zero) + " is not covered; prime it.";
  if (chosen == nullptr && candidates.size() > 1) {
    frame.narration += " (It is the first of " + std::to_string(candidates.size()) +
                       " uncovered zeros in reading order; any of them would do.)";
  }
  if (const std::optional<Cell> star = markInRow(s, zero.row, Mark::Star)) {
    frame.narration += ' ' + capitalised(rowName(zero.row)) + " already has a starred zero, in " +
                       columnName(star->col) + ".";
    s.next = StepKind::CoverPrimedRow;
  } else {
    frame.narration += ' ' + capitalised(rowName(zero.row)) +
                       " has no starred zero, so an alternating path of primes and stars starts here.";
    s.next = StepKind::FindPath;
  }
}

void coverPrimedRow(LessonFrame& frame) {
  MunkresState& s = frame.state;
  const Cell prime = s.lastPrime;
  const Cell star = markInRow(s, prime.row, Mark::Star).value();
  s.rowCovered[at(prime.row)] = 1;
  s.colCovered[at(star.col)] = 0;
  frame.highlight = {prime, star};
  frame.highlightRows = {prime.row};
  frame.highlightCols = {star.col};
  frame.narration = "Cover " + rowName(prime.row) + " and uncover " + columnName(star.col) +
                    ", the column of " + rowName(prime.row) +
                    "'s starred zero. The star stays covered, now by its row.";
  if (const std::vector<Cell> left = uncoveredZeros(s); left.empty()) {
    frame.narration += " Every zero is covered now.";
    s.next = StepKind::Adjust;
  } else {
    frame.narration += " Uncovered zeros left: " + std::to_string(left.size()) + ".";
    s.next = StepKind::PrimeZero;
  }
}

void findPath(LessonFrame& frame) {
  MunkresState& s = frame.state;
  s.path = alternatingPath(s, s.lastPrime);
  frame.highlight = s.path;
  frame.narration = "Start the path at the primed zero at " + cellName(s.path.front()) + ".";
  for (std::size_t k = 1; k + 1 < s.path.size(); k += 2) {
    const Cell star = s.path[k], prime = s.path[k + 1];
    frame.narration += ' ' + capitalised(columnName(star.col)) + " has a starred zero, in " +
                       rowName(star.row) + "; go to it. " + capitalised(rowName(star.row)) +
                       " has a primed zero, in " + columnName(prime.col) + "; go to it.";
  }
  frame.narration +=
      ' ' + capitalised(columnName(s.path.back().col)) +
      " has no starred zero, so the path ends there: " + counted(s.path.size() / 2 + 1, "primed zero") +
      " and " + counted(s.path.size() / 2, "starred zero") + ".";
  s.next = StepKind::FlipPath;
}

void flipPath(LessonFrame& frame) {
  MunkresState& s = frame.state;
  std::vector<Cell> unstarred, starred;
  for (const Cell cell : s.path) {
    Mark& mark = s.marks[s.index(cell)];
    if (mark == Mark::Star) {
      mark = Mark::None;
      unstarred.push_back(cell);
    } else {
      mark = Mark::Star;
      starred.push_back(cell);
    }
  }
  std::replace(s.marks.begin(), s.marks.end(), Mark::Prime, Mark::None);
  std::fill(s.rowCovered.begin(), s.rowCovered.end(), 0);
  std::fill(s.colCovered.begin(), s.colCovered.end(), 0);
  frame.highlight = s.path;
  frame.narration = "On the path, ";
  if (!unstarred.empty()) frame.narration += "unstar " + cellList(unstarred) + ", and ";
  frame.narration +=
      "star " + cellList(starred) + ". There are now " + std::to_string(marked(s, Mark::Star).size()) +
      " starred zeros, one more than before, and they are still independent. Erase every prime "
      "and remove every covering line.";
  s.next = StepKind::CoverStarredColumns;
}

// The adjustment both methods make, as dual changes: theta, the smallest uncovered value, is subtracted from
// `rows` times rowSign and from `cols` times colSign. Returns where theta was found.
Smallest adjustByTheta(LessonFrame& frame, const std::vector<int32_t>& rows, int64_t rowSign,
                       const std::vector<int32_t>& cols, int64_t colSign) {
  const Smallest smallest = smallestUncovered(frame.state);
  for (int32_t row : rows) subtractFromRow(frame, row, rowSign * smallest.value);
  for (int32_t col : cols) subtractFromColumn(frame, col, colSign * smallest.value);
  frame.stepValue = smallest.value;
  frame.highlightRows = rows;
  frame.highlightCols = cols;
  frame.highlight = newUncoveredZeros(frame);
  return smallest;
}

void adjust(LessonFrame& frame) {
  MunkresState& s = frame.state;
  const std::vector<int32_t> rows = coveredRows(s), cols = uncoveredColumns(s);
  const Smallest smallest = adjustByTheta(frame, rows, -1, cols, 1);
  const int64_t theta = smallest.value;
  frame.narration = "Every zero is covered. The smallest uncovered entry is " + number(theta) + " (" +
                    cellName(smallest.at) + "). ";
  frame.narration += rows.empty() ? "No row is covered, so nothing is added; "
                                  : "Add " + number(theta) + " to every entry of the covered " +
                                        lineList("row", rows) + ", and ";
  frame.narration +=
      "subtract " + number(theta) + " from every entry of the uncovered " + lineList("column", cols) +
      ". Uncovered entries drop by " + number(theta) + ", entries covered twice rise by " + number(theta) +
      ", the rest keep their value, so stars and primes stay zeros and " + cellList(frame.highlight) +
      (frame.highlight.size() > 1 ? " become new uncovered zeros." : " becomes a new uncovered zero.");
  s.next = StepKind::PrimeZero;
}

// König's theorem made visible: a largest set of independent zeros, then the marking that turns it into
// as many lines covering every zero (row_column_matching.h).
void coverZerosWithFewestLines(LessonFrame& frame, const StepChoice& choice) {
  MunkresState& s = frame.state;
  std::fill(s.marks.begin(), s.marks.end(), Mark::None);
  const RowColumnMatching m = maximumMatching(s.n, [&](Cell c) { return s.value(c) == 0; });
  const std::vector<Cell> independent = m.pairs();
  std::vector<int32_t> rows = m.coverRows(), cols = m.coverColumns();
  if (const LinesChoice* chosen = std::get_if<LinesChoice>(&choice)) {
    if (const std::string problem = linesCoverProblem(s, chosen->rows, chosen->cols, m.size);
        !problem.empty())
      throw std::invalid_argument("cannot draw these lines: " + problem);
    rows = chosen->rows;
    cols = chosen->cols;
    std::sort(rows.begin(), rows.end());
    std::sort(cols.begin(), cols.end());
  }
  ++frame.round;
  frame.highlight = independent;
  const std::string k = std::to_string(m.size), n = std::to_string(s.n);
  frame.narration = "A largest set of independent zeros (no two in one row or column) has " + k + ": " +
                    cellList(independent) + ". By König's theorem the fewest lines that cover every zero " +
                    "number " + k + " too.";
  if (m.size == s.n) {
    for (const Cell zero : independent) s.marks[s.index(zero)] = Mark::Star;
    std::fill(s.rowCovered.begin(), s.rowCovered.end(), 1);
    std::fill(s.colCovered.begin(), s.colCovered.end(), 0);
    frame.highlightRows = rows;
    frame.narration += " " + n + " lines are needed, one per row: the " + k +
                       " independent zeros assign every row to its own column at reduced cost 0, so they "
                       "are an optimal assignment. Star them.";
    s.next = StepKind::Result;
    return;
  }
  std::fill(s.rowCovered.begin(), s.rowCovered.end(), 0);
  std::fill(s.colCovered.begin(), s.colCovered.end(), 0);
  for (const int32_t row : rows) s.rowCovered[at(row)] = 1;
  for (const int32_t col : cols) s.colCovered[at(col)] = 1;
  frame.highlightRows = rows;
  frame.highlightCols = cols;
  std::vector<int32_t> freeRows;
  for (int32_t i = 0; i < s.n; ++i) {
    if (m.rowToCol[at(i)] < 0) freeRows.push_back(i);
  }
  frame.narration += " To find them, mark " + lineList("row", freeRows) +
                     " (no chosen zero), then every column with a zero in a marked row, then the row of "
                     "each marked column's chosen zero, and repeat. Draw lines through the unmarked rows and "
                     "the marked columns: " +
                     lineList("row", rows) + " and " + lineList("column", cols) + ". Only " + k + " of " + n +
                     " lines: no assignment at reduced cost 0 exists yet, so adjust the matrix.";
  s.next = StepKind::AdjustUncovered;
}

// Subtracting theta from every uncovered row and adding it to every covered column: uncovered entries drop
// by theta, entries under two lines rise by theta, the others keep their value.
void adjustUncovered(LessonFrame& frame) {
  MunkresState& s = frame.state;
  const Smallest smallest = adjustByTheta(frame, uncoveredRows(s), 1, coveredColumns(s), -1);
  const int64_t theta = smallest.value;
  frame.narration = "The smallest entry that no line covers is " + number(theta) + " (" +
                    cellName(smallest.at) + "). Subtract " + number(theta) +
                    " from every uncovered entry and add it to every entry where two lines cross; entries "
                    "under one line keep their value. " +
                    capitalised(cellList(frame.highlight)) +
                    (frame.highlight.size() > 1 ? " become new zeros." : " becomes a new zero.") +
                    " Then cover the zeros again with the fewest lines.";
  s.next = StepKind::CoverZerosWithFewestLines;
}

void result(LessonFrame& frame, const LessonProblem& problem) {
  MunkresState& s = frame.state;
  std::vector<int32_t> rowToCol(at(s.n), -1);
  const std::vector<Cell> stars = marked(s, Mark::Star);
  for (const Cell star : stars) rowToCol[at(star.row)] = star.col;
  const LapAnswer<int64_t> answer = lessonAnswer(problem, rowToCol);
  frame.highlight = stars;
  if (s.method == LessonMethod::Lines) {
    // The n lines only said that n independent zeros exist; the assignment reads better without them.
    std::fill(s.rowCovered.begin(), s.rowCovered.end(), 0);
    std::fill(s.colCovered.begin(), s.colCovered.end(), 0);
  }
  frame.stepValue = answer.objective;
  const std::string what = problem.maximize ? "profit" : "cost";
  frame.narration = "The starred zeros are an optimal assignment: " + assignmentText(problem, answer);
  frame.narration += ". Total " + what + ": " + number(answer.objective) + ".";
  if (problem.original.rows() < problem.original.cols()) {
    frame.narration += " Columns the dummy rows took stay unassigned.";
  }
  int64_t reductions = 0;
  for (int32_t k = 0; k < s.n; ++k) reductions += s.rowDual[at(k)] + s.colDual[at(k)];
  frame.narration += " The amounts subtracted from rows and columns along the way add up to " +
                     number(reductions) +
                     (problem.maximize ? ", the negated best profit," : ", the same total,") +
                     " and every reduced entry is at least 0: that proves no assignment does better.";
  s.next = StepKind::Finished;
}

bool choiceFits(StepKind kind, const StepChoice& choice) {
  if (std::holds_alternative<StarChoice>(choice)) return kind == StepKind::StarZeros;
  if (std::holds_alternative<PrimeChoice>(choice)) return kind == StepKind::PrimeZero;
  if (std::holds_alternative<LinesChoice>(choice)) return kind == StepKind::CoverZerosWithFewestLines;
  return true;
}

}  // namespace

LessonFrame startFrame(const LessonProblem& problem) {
  LessonFrame frame;
  const int32_t n = problem.square.rows();
  MunkresState& s = frame.state;
  s.method = problem.method;
  s.n = n;
  s.values.assign(problem.square.data(), problem.square.data() + problem.square.size());
  s.marks.assign(at(n * n), Mark::None);
  s.rowCovered.assign(at(n), 0);
  s.colCovered.assign(at(n), 0);
  s.rowDual.assign(at(n), 0);
  s.colDual.assign(at(n), 0);
  s.nextLine = 0;
  frame.originalRows = problem.original.rows();
  frame.originalCols = problem.original.cols();
  frame.maximize = problem.maximize;
  frame.narration =
      problem.maximize
          ? "Assign each row its own column so that the total profit is as large as possible. The "
            "method minimises, so every profit is negated (multiplied by -1): the cheapest "
            "assignment of the negated matrix is the most profitable one."
          : "Assign each row its own column so that the total cost is as small as possible.";
  const int32_t rows = problem.original.rows(), cols = problem.original.cols();
  if (rows != cols) {
    std::vector<int32_t> dummies;
    for (int32_t k = std::min(rows, cols); k < n; ++k) dummies.push_back(k);
    frame.narration += " The matrix has " + std::to_string(rows) + " rows and " + std::to_string(cols) +
                       " columns; " + lineList(rows < cols ? "row" : "column", dummies) +
                       " of zeros are added to make it square (a dummy pair costs nothing, so the best "
                       "assignment does not change).";
  }
  if (std::any_of(s.values.begin(), s.values.end(), isForbiddenEntry)) {
    frame.narration +=
        " Entries marked inf are forbidden pairs: no step changes them, and none is ever "
        "chosen.";
  }
  switch (problem.method) {
    case LessonMethod::Stars:
    case LessonMethod::Lines:
      s.next = StepKind::ReduceRow;
      frame.narration += " First, subtract the smallest entry of each row from that row.";
      break;
    case LessonMethod::Tree:
      s.next = StepKind::TreeReduce;
      frame.narration +=
          " This lesson follows the studio's alternating-tree solver (Date & Nagi 2016) phase by phase: "
          "every unassigned row grows its own alternating tree, all trees at once, level by level.";
      break;
    case LessonMethod::Roma:
      s.next = StepKind::RomaStart;
      frame.narration +=
          " This lesson follows the studio's ROMA solver (Hovland), an approximation: it "
          "improves a matching by local swaps and may stop short of the optimum.";
      break;
  }
  return frame;
}

LessonFrame takeStep(const LessonFrame& from, const LessonProblem& problem, const StepChoice& choice) {
  const StepKind kind = from.state.next;
  if (kind == StepKind::Finished) throw std::logic_error("the lesson is finished; there is no next step");
  if (!choiceFits(kind, choice)) {
    throw std::invalid_argument("that choice does not belong to the step '" + std::string(stepTitle(kind)) +
                                "'");
  }
  if (isSolverStep(kind))
    throw std::logic_error("a solver lesson's steps come from the solver (solver_lesson.h)");
  LessonFrame frame;
  frame.index = from.index + 1;
  frame.kind = kind;
  frame.round = from.round;
  frame.state = from.state;
  frame.originalRows = from.originalRows;
  frame.originalCols = from.originalCols;
  frame.maximize = from.maximize;
  switch (kind) {
    case StepKind::ReduceRow:
      reduceRow(frame);
      break;
    case StepKind::ReduceColumn:
      reduceColumn(frame);
      break;
    case StepKind::StarZeros:
      starZeros(frame, choice);
      break;
    case StepKind::CoverStarredColumns:
      coverStarredColumns(frame);
      break;
    case StepKind::PrimeZero:
      primeZero(frame, choice);
      break;
    case StepKind::CoverPrimedRow:
      coverPrimedRow(frame);
      break;
    case StepKind::FindPath:
      findPath(frame);
      break;
    case StepKind::FlipPath:
      flipPath(frame);
      break;
    case StepKind::Adjust:
      adjust(frame);
      break;
    case StepKind::CoverZerosWithFewestLines:
      coverZerosWithFewestLines(frame, choice);
      break;
    case StepKind::AdjustUncovered:
      adjustUncovered(frame);
      break;
    case StepKind::Result:
      result(frame, problem);
      break;
    default:  // Start, Finished; the solver lessons' steps were refused above
      throw std::logic_error("not a step the method takes");
  }
  return frame;
}

std::string assignmentText(const LessonProblem& problem, const LapAnswer<int64_t>& answer) {
  const std::string what = problem.maximize ? "profit" : "cost";
  std::string text;
  for (int32_t i = 0; i < problem.original.rows(); ++i) {
    const int32_t j = answer.rowToCol[at(i)];
    text += (i == 0 ? "" : "; ") + rowName(i) +
            (j < 0 ? " gets no column (it took a dummy column)"
                   : " takes " + columnName(j) + " (" + what + " " + number(problem.original(i, j)) + ")");
  }
  return text;
}

std::string_view stepPhaseName(StepKind kind) {
  switch (kind) {
    case StepKind::Start:
      return "start";
    case StepKind::ReduceRow:
      return "reduce_row";
    case StepKind::ReduceColumn:
      return "reduce_column";
    case StepKind::StarZeros:
      return "star_zeros";
    case StepKind::CoverStarredColumns:
      return "cover_starred_columns";
    case StepKind::PrimeZero:
      return "prime_zero";
    case StepKind::CoverPrimedRow:
      return "cover_primed_row";
    case StepKind::FindPath:
      return "find_path";
    case StepKind::FlipPath:
      return "flip_path";
    case StepKind::Adjust:
      return "adjust";
    case StepKind::CoverZerosWithFewestLines:
      return "cover_zeros_fewest_lines";
    case StepKind::AdjustUncovered:
      return "adjust_uncovered";
    case StepKind::TreeReduce:
      return "initial_reduction";
    case StepKind::TreeCheck:
      return "optimality_check";
    case StepKind::TreeLevel:
      return "forward_level";
    case StepKind::TreeReverse:
      return "reverse_pass";
    case StepKind::TreeAugment:
      return "augment";
    case StepKind::TreeDualUpdate:
      return "dual_update";
    case StepKind::RomaStart:
      return "setup";
    case StepKind::RomaProposals:
      return "roma_search";
    case StepKind::RomaLocks:
      return "roma_lock";
    case StepKind::RomaFlip:
      return "roma_flip";
    case StepKind::RomaPhaseEnd:
      return "roma_phase_end";
    case StepKind::Result:
      return "result";
    case StepKind::Finished:
      return "finished";
  }
  return "unknown";
}

std::string_view stepTitle(StepKind kind) {
  switch (kind) {
    case StepKind::Start:
      return "The problem";
    case StepKind::ReduceRow:
      return "Reduce a row";
    case StepKind::ReduceColumn:
      return "Reduce a column";
    case StepKind::StarZeros:
      return "Star independent zeros";
    case StepKind::CoverStarredColumns:
      return "Cover the starred columns";
    case StepKind::PrimeZero:
      return "Prime an uncovered zero";
    case StepKind::CoverPrimedRow:
      return "Cover the row, uncover the star's column";
    case StepKind::FindPath:
      return "Find the alternating path";
    case StepKind::FlipPath:
      return "Flip the path";
    case StepKind::Adjust:
      return "Adjust by the smallest uncovered value";
    case StepKind::CoverZerosWithFewestLines:
      return "Cover every zero with the fewest lines";
    case StepKind::AdjustUncovered:
      return "Adjust: uncovered entries down, crossings up";
    case StepKind::TreeReduce:
      return "Reduce every row and column (Algorithm 1)";
    case StepKind::TreeCheck:
      return "Check: cover the assigned rows (Algorithm 2)";
    case StepKind::TreeLevel:
      return "Grow every tree one level (Algorithm 4)";
    case StepKind::TreeReverse:
      return "Trace the paths back, one per tree (Algorithm 5)";
    case StepKind::TreeAugment:
      return "Flip the disjoint paths (Algorithm 6)";
    case StepKind::TreeDualUpdate:
      return "One dual update for all trees (Algorithm 9)";
    case StepKind::RomaStart:
      return "Start from a perfect matching";
    case StepKind::RomaProposals:
      return "Parallel threads propose flips";
    case StepKind::RomaLocks:
      return "Locks decide which flips go through";
    case StepKind::RomaFlip:
      return "Flip a 4-cycle";
    case StepKind::RomaPhaseEnd:
      return "End of a phase";
    case StepKind::Result:
      return "The assignment";
    case StepKind::Finished:
      return "Finished";
  }
  return "unknown";
}

}  // namespace ms::lap::teaching

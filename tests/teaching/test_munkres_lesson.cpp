// The textbook method, step by step, against hand-worked lessons; its result against the exact solvers; its
// history (stored frames) and its StepMachine face.
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <random>

#include "solver/core/errors.h"
#include "solver/core/trace.h"
#include "solver/lap/brute_force.h"
#include "solver/lap/certificate.h"
#include "solver/lap/lap_solver.h"
#include "solver/lap/teaching/lesson_transcript.h"
#include "solver/lap/teaching/munkres_method.h"
#include "tests/teaching/lesson_test_support.h"

using namespace ms::lap;
using namespace ms::lap::teaching;
using namespace ms::lap::teaching::test;

namespace {

// One frame of a hand-worked lesson: the step, the marks and covers after it (1-based), and the number the
// step used (a minimum or the adjustment; -1 where none).
struct Expected {
  StepKind kind;
  std::vector<Cell> stars, primes;
  std::vector<int32_t> rows, cols;
  int64_t value = -1;
};

void checkWalk(const MunkresLesson& lesson, const std::vector<Expected>& expected) {
  const auto& frames = lesson.frames();
  QCOMPARE(frames.size(), expected.size());
  for (std::size_t k = 0; k < frames.size(); ++k) {
    const LessonFrame& f = frames[k];
    const Expected& e = expected[k];
    const QByteArray where =
        "frame " + QByteArray::number(qulonglong(k)) + " (" +
        QByteArray(stepPhaseName(f.kind).data(), qsizetype(stepPhaseName(f.kind).size())) + ")";
    QVERIFY2(f.index == int32_t(k), where);
    QVERIFY2(f.kind == e.kind, where);
    QVERIFY2(marked(f.state, Mark::Star) == sortedCells(e.stars), where + ": stars");
    QVERIFY2(marked(f.state, Mark::Prime) == sortedCells(e.primes), where + ": primes");
    QVERIFY2(coveredRows(f.state) == e.rows, where + ": covered rows");
    QVERIFY2(coveredColumns(f.state) == e.cols, where + ": covered columns");
    if (e.value >= 0) QVERIFY2(f.stepValue == e.value, where + ": step value");
  }
}

std::vector<int64_t> valuesOf(const LessonFrame& frame) {
  return frame.state.values;
}

// Optimal cost of the square minimisation matrix by the project's exact solvers (brute force and the
// sequential classical Hungarian), which must agree.
int64_t exactOptimum(const CostMatrix<int64_t>& square) {
  auto brute = makeBruteForce(square);
  ms::runToEnd(*brute);
  auto hungarian = makeLapSolver(square, LapOptions{LapAlgorithm::Classical, Backend::Sequential, 1});
  ms::runToEnd(*hungarian);
  const int64_t optimum = brute->solution().objective;
  if (hungarian->solution().objective != optimum) qFatal("brute force and the classical Hungarian disagree");
  return optimum;
}

// The invariants every frame of the method keeps (checked on every frame of the random walks).
void checkInvariants(const MunkresLesson& lesson, const LessonFrame& frame) {
  const MunkresState& s = frame.state;
  const CostMatrix<int64_t>& square = lesson.problem().square;
  // Entries are at least 0 once every row is reduced (negative costs make earlier frames negative).
  const bool reduced = frame.kind != StepKind::Start && frame.kind != StepKind::ReduceRow;
  for (int32_t i = 0; i < s.n; ++i) {
    for (int32_t j = 0; j < s.n; ++j) {
      const Cell c{i, j};
      if (isForbiddenEntry(square(i, j))) {
        QVERIFY(isForbiddenEntry(s.value(c)) && s.mark(c) == Mark::None);
        continue;
      }
      QCOMPARE(s.value(c), square(i, j) - s.rowDual[std::size_t(i)] - s.colDual[std::size_t(j)]);
      if (reduced) QVERIFY(s.value(c) >= 0);
      if (s.mark(c) != Mark::None) QCOMPARE(s.value(c), int64_t(0));
    }
  }
  const std::vector<Cell> stars = marked(s, Mark::Star);
  for (std::size_t a = 0; a < stars.size(); ++a) {
    for (std::size_t b = a + 1; b < stars.size(); ++b) {
      QVERIFY(stars[a].row != stars[b].row && stars[a].col != stars[b].col);
    }
  }
  // While primes are being made, every star and prime lies under a line: the cover is what Munkres keeps.
  // The minimum-lines method's lines cover every zero.
  if (frame.kind == StepKind::CoverZerosWithFewestLines || frame.kind == StepKind::AdjustUncovered) {
    const MunkresState& before = lesson.frames()[std::size_t(frame.index - 1)].state;
    for (const Cell zero : zeros(frame.kind == StepKind::AdjustUncovered ? before : s))
      QVERIFY(isCovered(frame.kind == StepKind::AdjustUncovered ? before : s, zero));
  }
  if (frame.kind == StepKind::CoverPrimedRow || frame.kind == StepKind::Adjust ||
      frame.kind == StepKind::CoverStarredColumns) {
    for (const Cell star : stars) QVERIFY(isCovered(s, star));
  }
}

// Walks a lesson to the end; learnerChoices picks a random allowed alternative wherever the method has one.
const LessonFrame& walk(MunkresLesson& lesson, std::mt19937_64* learnerChoices) {
  while (!lesson.finished()) {
    const LessonFrame& frame = lesson.current();
    StepChoice choice = DefaultChoice{};
    if (learnerChoices != nullptr && frame.state.next == StepKind::PrimeZero) {
      const std::vector<Cell> zeros = uncoveredZeros(frame.state);
      choice = PrimeChoice{zeros[(*learnerChoices)() % zeros.size()]};
    } else if (learnerChoices != nullptr && frame.state.next == StepKind::StarZeros) {
      // Starring in a random order gives a random maximal set of independent zeros.
      std::vector<Cell> order = zeros(frame.state);
      std::shuffle(order.begin(), order.end(), *learnerChoices);
      std::vector<Cell> stars;
      for (const Cell z : order) {
        if (std::none_of(stars.begin(), stars.end(),
                         [&](Cell s) { return s.row == z.row || s.col == z.col; })) {
          stars.push_back(z);
        }
      }
      choice = StarChoice{stars};
    }
    lesson.stepForward(choice);
    checkInvariants(lesson, lesson.current());
    if (QTest::currentTestFailed()) break;
  }
  return lesson.current();
}

}  // namespace

class TestMunkresLesson : public QObject {
  Q_OBJECT

 private slots:
  // Pilgrim's 3 x 3 (c_ij = i * j), worked by hand:
  //   rows:    [1 2 3]-1 -> [0 1 2]   [2 4 6]-2 -> [0 2 4]   [3 6 9]-3 -> [0 3 6]
  //   columns: column 1 min 0; column 2 min 1; column 3 min 2  ->  0 0 0 / 0 1 2 / 0 2 4
  //   star (1,1) (the other zeros share its row or column); cover column 1
  //   prime (1,2); row 1 has the star (1,1): cover row 1, uncover column 1
  //   prime (2,1); row 2 has no star: path (2,1) -> star (1,1) in column 1 -> prime (1,2) in row 1;
  //     column 2 has no star. Flip: stars (1,2), (2,1). Cover columns 1, 2.
  //   prime (1,3); row 1 has the star (1,2): cover row 1, uncover column 2 -> rows {1}, columns {1}
  //   uncovered: (2,2)=1 (2,3)=2 (3,2)=2 (3,3)=4, no zero: adjust by 1: row 1 + 1, columns 2, 3 - 1
  //     -> 1 0 0 / 0 0 1 / 0 1 3
  //   prime (2,2); row 2 has the star (2,1): cover row 2, uncover column 1 -> rows {1, 2}
  //   prime (3,1); no star in row 3: path (3,1) -> (2,1)* -> (2,2)' -> (1,2)* -> (1,3)'; flip:
  //     stars (1,3), (2,2), (3,1); all 3 columns covered. Cost 3 + 4 + 3 = 10 (the anti-diagonal).
  void pilgrimWalk() {
    const MunkresLesson lesson = walkedLesson("01-pilgrim-3x3.txt");
    const auto s11 = at1(1, 1), s12 = at1(1, 2), s13 = at1(1, 3), s21 = at1(2, 1), s22 = at1(2, 2),
               s31 = at1(3, 1);
    checkWalk(lesson, {
                          {StepKind::Start, {}, {}, {}, {}},
                          {StepKind::ReduceRow, {}, {}, {}, {}, 1},
                          {StepKind::ReduceRow, {}, {}, {}, {}, 2},
                          {StepKind::ReduceRow, {}, {}, {}, {}, 3},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 1},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 2},
                          {StepKind::StarZeros, {s11}, {}, {}, {}},
                          {StepKind::CoverStarredColumns, {s11}, {}, {}, lines1({1})},
                          {StepKind::PrimeZero, {s11}, {s12}, {}, lines1({1})},
                          {StepKind::CoverPrimedRow, {s11}, {s12}, lines1({1}), {}},
                          {StepKind::PrimeZero, {s11}, {s12, s21}, lines1({1}), {}},
                          {StepKind::FindPath, {s11}, {s12, s21}, lines1({1}), {}},
                          {StepKind::FlipPath, {s12, s21}, {}, {}, {}},
                          {StepKind::CoverStarredColumns, {s12, s21}, {}, {}, lines1({1, 2})},
                          {StepKind::PrimeZero, {s12, s21}, {s13}, {}, lines1({1, 2})},
                          {StepKind::CoverPrimedRow, {s12, s21}, {s13}, lines1({1}), lines1({1})},
                          {StepKind::Adjust, {s12, s21}, {s13}, lines1({1}), lines1({1}), 1},
                          {StepKind::PrimeZero, {s12, s21}, {s13, s22}, lines1({1}), lines1({1})},
                          {StepKind::CoverPrimedRow, {s12, s21}, {s13, s22}, lines1({1, 2}), {}},
                          {StepKind::PrimeZero, {s12, s21}, {s13, s22, s31}, lines1({1, 2}), {}},
                          {StepKind::FindPath, {s12, s21}, {s13, s22, s31}, lines1({1, 2}), {}},
                          {StepKind::FlipPath, {s13, s22, s31}, {}, {}, {}},
                          {StepKind::CoverStarredColumns, {s13, s22, s31}, {}, {}, lines1({1, 2, 3})},
                          {StepKind::Result, {s13, s22, s31}, {}, {}, lines1({1, 2, 3}), 10},
                      });
    const auto& f = lesson.frames();
    QCOMPARE(valuesOf(f[6]), (std::vector<int64_t>{0, 0, 0, 0, 1, 2, 0, 2, 4}));
    QCOMPARE(valuesOf(f[17]), (std::vector<int64_t>{1, 0, 0, 0, 0, 1, 0, 1, 3}));
    QCOMPARE(f[12].state.path, (std::vector<Cell>{s21, s11, s12}));
    QCOMPARE(f[21].state.path, (std::vector<Cell>{s31, s21, s22, s12, s13}));
    QCOMPARE(f[17].highlight, (std::vector<Cell>{s22}));  // the new uncovered zero
    // The narration uses the instance's own numbers and 1-based names.
    QCOMPARE(
        QString::fromStdString(f[3].narration),
        QString("The smallest entry of row 3 is 3 (row 3, column 1); subtract it from every entry of row 3. "
                "Every row now has a zero; next, the columns in the same way."));
    QVERIFY(f[17].narration.find("The smallest uncovered entry is 1 (row 2, column 2)") != std::string::npos);
    QVERIFY(f[17].narration.find("Add 1 to every entry of the covered row 1") != std::string::npos);
    QVERIFY(f[17].narration.find("subtract 1 from every entry of the uncovered columns 2 and 3") !=
            std::string::npos);
    QVERIFY(f[24].narration.find(
                "row 1 takes column 3 (cost 3); row 2 takes column 2 (cost 4); row 3 takes column 1 "
                "(cost 3). Total cost: 10.") != std::string::npos);
  }

  // Taha's three children: rows 15 10 9 / 9 15 10 / 10 12 8 reduce by 9, 9, 8 to 6 1 0 / 0 6 1 / 2 4 0;
  // column 2 reduces by 1 -> 6 0 0 / 0 5 1 / 2 3 0. Reading row by row stars (1,2), (2,1), (3,3): a full
  // assignment at once. Cost 10 + 9 + 8 = 27.
  void tahaWalk() {
    const MunkresLesson lesson = walkedLesson("02-taha-three-children.txt");
    const std::vector<Cell> stars{at1(1, 2), at1(2, 1), at1(3, 3)};
    checkWalk(lesson, {
                          {StepKind::Start, {}, {}, {}, {}},
                          {StepKind::ReduceRow, {}, {}, {}, {}, 9},
                          {StepKind::ReduceRow, {}, {}, {}, {}, 9},
                          {StepKind::ReduceRow, {}, {}, {}, {}, 8},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 1},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
                          {StepKind::StarZeros, stars, {}, {}, {}},
                          {StepKind::CoverStarredColumns, stars, {}, {}, lines1({1, 2, 3})},
                          {StepKind::Result, stars, {}, {}, lines1({1, 2, 3}), 27},
                      });
    QCOMPARE(valuesOf(lesson.frames()[6]), (std::vector<int64_t>{6, 0, 0, 0, 5, 1, 2, 3, 0}));
  }

  // Winston's Machineco: rows reduce by 5, 2, 3, 2; column 4 by 2 ->
  //   9 0 3 0 / 0 10 4 1 / 4 5 0 4 / 0 2 4 6. Stars (1,2), (2,1), (3,3); (4,1) shares column 1. Cover 1,
  //   2, 3. prime (1,4): row 1 has star (1,2): cover row 1, uncover column 2 -> rows {1}, columns {1, 3}.
  //   uncovered (rows 2-4 x columns 2, 4): 10 1 / 5 4 / 2 6, no zero: adjust by 1 ->
  //   10 0 4 0 / 0 9 4 0 / 4 4 0 3 / 0 1 4 5. prime (2,4): star (2,1): cover row 2, uncover column 1.
  //   prime (4,1): no star in row 4: path (4,1)' -> (2,1)* -> (2,4)'. Flip: (1,2), (2,4), (3,3), (4,1).
  //   Cost 5 + 5 + 3 + 2 = 15.
  void winstonWalk() {
    const MunkresLesson lesson = walkedLesson("03-winston-machineco.txt");
    const std::vector<Cell> first{at1(1, 2), at1(2, 1), at1(3, 3)};
    const std::vector<Cell> last{at1(1, 2), at1(2, 4), at1(3, 3), at1(4, 1)};
    checkWalk(
        lesson,
        {
            {StepKind::Start, {}, {}, {}, {}},
            {StepKind::ReduceRow, {}, {}, {}, {}, 5},
            {StepKind::ReduceRow, {}, {}, {}, {}, 2},
            {StepKind::ReduceRow, {}, {}, {}, {}, 3},
            {StepKind::ReduceRow, {}, {}, {}, {}, 2},
            {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
            {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
            {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
            {StepKind::ReduceColumn, {}, {}, {}, {}, 2},
            {StepKind::StarZeros, first, {}, {}, {}},
            {StepKind::CoverStarredColumns, first, {}, {}, lines1({1, 2, 3})},
            {StepKind::PrimeZero, first, {at1(1, 4)}, {}, lines1({1, 2, 3})},
            {StepKind::CoverPrimedRow, first, {at1(1, 4)}, lines1({1}), lines1({1, 3})},
            {StepKind::Adjust, first, {at1(1, 4)}, lines1({1}), lines1({1, 3}), 1},
            {StepKind::PrimeZero, first, {at1(1, 4), at1(2, 4)}, lines1({1}), lines1({1, 3})},
            {StepKind::CoverPrimedRow, first, {at1(1, 4), at1(2, 4)}, lines1({1, 2}), lines1({3})},
            {StepKind::PrimeZero, first, {at1(1, 4), at1(2, 4), at1(4, 1)}, lines1({1, 2}), lines1({3})},
            {StepKind::FindPath, first, {at1(1, 4), at1(2, 4), at1(4, 1)}, lines1({1, 2}), lines1({3})},
            {StepKind::FlipPath, last, {}, {}, {}},
            {StepKind::CoverStarredColumns, last, {}, {}, lines1({1, 2, 3, 4})},
            {StepKind::Result, last, {}, {}, lines1({1, 2, 3, 4}), 15},
        });
    const auto& f = lesson.frames();
    QCOMPARE(valuesOf(f[8]), (std::vector<int64_t>{9, 0, 3, 0, 0, 10, 4, 1, 4, 5, 0, 4, 0, 2, 4, 6}));
    QCOMPARE(valuesOf(f[13]), (std::vector<int64_t>{10, 0, 4, 0, 0, 9, 4, 0, 4, 4, 0, 3, 0, 1, 4, 5}));
    QCOMPARE(f[17].state.path, (std::vector<Cell>{at1(4, 1), at1(2, 1), at1(2, 4)}));
  }

  // Maximise 4 9 6 / 7 5 8 / 3 6 2: negate, then rows reduce by -9, -8, -6 -> 5 0 3 / 1 3 0 / 3 0 4; column 1
  // by 1 -> 4 0 3 / 0 3 0 / 2 0 4. Stars (1,2), (2,1); (3,2) shares column 2. Cover columns 1, 2.
  // prime (2,3): star (2,1): cover row 2, uncover column 1 -> rows {2}, columns {2}. Uncovered 4 3 / 2 4:
  // adjust by 2 -> 2 0 1 / 0 5 0 / 0 0 2. prime (3,1): no star in row 3: path (3,1)' -> (2,1)* -> (2,3)'.
  // Stars (1,2), (2,3), (3,1): profit 9 + 8 + 3 = 20.
  void maximiseWalk() {
    const MunkresLesson lesson = walkedLesson("04-maximise-profit.txt");
    QVERIFY(lesson.problem().maximize);
    const std::vector<Cell> first{at1(1, 2), at1(2, 1)}, last{at1(1, 2), at1(2, 3), at1(3, 1)};
    checkWalk(lesson, {
                          {StepKind::Start, {}, {}, {}, {}},
                          {StepKind::ReduceRow, {}, {}, {}, {}},  // -9: negative, checked below
                          {StepKind::ReduceRow, {}, {}, {}, {}},
                          {StepKind::ReduceRow, {}, {}, {}, {}},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 1},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
                          {StepKind::StarZeros, first, {}, {}, {}},
                          {StepKind::CoverStarredColumns, first, {}, {}, lines1({1, 2})},
                          {StepKind::PrimeZero, first, {at1(2, 3)}, {}, lines1({1, 2})},
                          {StepKind::CoverPrimedRow, first, {at1(2, 3)}, lines1({2}), lines1({2})},
                          {StepKind::Adjust, first, {at1(2, 3)}, lines1({2}), lines1({2}), 2},
                          {StepKind::PrimeZero, first, {at1(2, 3), at1(3, 1)}, lines1({2}), lines1({2})},
                          {StepKind::FindPath, first, {at1(2, 3), at1(3, 1)}, lines1({2}), lines1({2})},
                          {StepKind::FlipPath, last, {}, {}, {}},
                          {StepKind::CoverStarredColumns, last, {}, {}, lines1({1, 2, 3})},
                          {StepKind::Result, last, {}, {}, lines1({1, 2, 3}), 20},
                      });
    const auto& f = lesson.frames();
    QCOMPARE(valuesOf(f[0]), (std::vector<int64_t>{-4, -9, -6, -7, -5, -8, -3, -6, -2}));
    QCOMPARE(f[1].stepValue, int64_t(-9));
    QCOMPARE(f[2].stepValue, int64_t(-8));
    QCOMPARE(f[3].stepValue, int64_t(-6));
    QCOMPARE(valuesOf(f[11]), (std::vector<int64_t>{2, 0, 1, 0, 5, 0, 0, 0, 2}));
    QVERIFY(f[1].narration.find(
                "is -9 (row 1, column 2); subtract it from every entry of row 1. Subtracting -9 adds 9.") !=
            std::string::npos);
    QVERIFY(f[16].narration.find("Total profit: 20.") != std::string::npos);
  }

  // 3 workers x 4 jobs, 7 3 6 9 / 4 3 5 8 / 6 4 3 7, padded with a dummy row 4 of zeros. Rows reduce by 3, 3,
  // 3, 0; no column changes (row 4 has zeros) -> 4 0 3 6 / 1 0 2 5 / 3 1 0 4 / 0 0 0 0. Stars (1,2), (3,3),
  // (4,1); (2,2) shares column 2. Cover 1, 2, 3. prime (4,4): star (4,1): cover row 4, uncover column 1.
  // Uncovered (rows 1-3 x columns 1, 4) 4 6 / 1 5 / 3 4: adjust by 1 -> 3 0 3 5 / 0 0 2 4 / 2 1 0 3 / 0 1 1
  // 0. prime (2,1): no star in row 2: path (2,1)' -> (4,1)* -> (4,4)'. Stars (1,2), (2,1), (3,3), (4,4): cost
  // 3 + 4 + 3 = 10; job 4 goes to the dummy row.
  void rectangularWalk() {
    const MunkresLesson lesson = walkedLesson("05-rectangular-3x4.txt");
    QCOMPARE(lesson.problem().square.rows(), 4);
    const std::vector<Cell> first{at1(1, 2), at1(3, 3), at1(4, 1)};
    const std::vector<Cell> last{at1(1, 2), at1(2, 1), at1(3, 3), at1(4, 4)};
    checkWalk(lesson, {
                          {StepKind::Start, {}, {}, {}, {}},
                          {StepKind::ReduceRow, {}, {}, {}, {}, 3},
                          {StepKind::ReduceRow, {}, {}, {}, {}, 3},
                          {StepKind::ReduceRow, {}, {}, {}, {}, 3},
                          {StepKind::ReduceRow, {}, {}, {}, {}, 0},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
                          {StepKind::ReduceColumn, {}, {}, {}, {}, 0},
                          {StepKind::StarZeros, first, {}, {}, {}},
                          {StepKind::CoverStarredColumns, first, {}, {}, lines1({1, 2, 3})},
                          {StepKind::PrimeZero, first, {at1(4, 4)}, {}, lines1({1, 2, 3})},
                          {StepKind::CoverPrimedRow, first, {at1(4, 4)}, lines1({4}), lines1({2, 3})},
                          {StepKind::Adjust, first, {at1(4, 4)}, lines1({4}), lines1({2, 3}), 1},
                          {StepKind::PrimeZero, first, {at1(4, 4), at1(2, 1)}, lines1({4}), lines1({2, 3})},
                          {StepKind::FindPath, first, {at1(4, 4), at1(2, 1)}, lines1({4}), lines1({2, 3})},
                          {StepKind::FlipPath, last, {}, {}, {}},
                          {StepKind::CoverStarredColumns, last, {}, {}, lines1({1, 2, 3, 4})},
                          {StepKind::Result, last, {}, {}, lines1({1, 2, 3, 4}), 10},
                      });
    const auto& f = lesson.frames();
    QCOMPARE(valuesOf(f[13]), (std::vector<int64_t>{3, 0, 3, 5, 0, 0, 2, 4, 2, 1, 0, 3, 0, 1, 1, 0}));
    QVERIFY(f[0].narration.find("row 4 of zeros") != std::string::npos);
    QVERIFY(f[18].narration.find("Columns the dummy rows took stay unassigned") != std::string::npos);
  }

  // Random small instances: the lesson's total equals the exact solvers' optimum, the final frame's duals are
  // an optimality certificate, and every frame keeps the method's invariants. Small cost ranges make ties,
  // many adjustments and long paths.
  void matchesExactSolversOnRandomInstances() {
    int lessons = 0, adjustments = 0, paths = 0;
    for (int32_t n = 3; n <= 9; ++n) {
      for (uint64_t seed = 1; seed <= 40; ++seed) {
        std::mt19937_64 rng(seed * 1000 + uint64_t(n));
        const int64_t range = seed % 2 == 0 ? n : 10 * n;
        CostMatrix<int32_t> costs(n, n);
        for (int64_t k = 0; k < costs.size(); ++k) costs.data()[k] = int32_t(rng() % uint64_t(range));
        MunkresLesson lesson(makeLessonProblem(costs, false, "random", "test"));
        const LessonFrame& last = walk(lesson, nullptr);
        if (QTest::currentTestFailed()) return;
        QCOMPARE(last.kind, StepKind::Result);
        QCOMPARE(last.stepValue, exactOptimum(lesson.problem().square));
        std::vector<int32_t> rowToCol(std::size_t(n), -1);
        for (const Cell star : marked(last.state, Mark::Star)) rowToCol[std::size_t(star.row)] = star.col;
        const CertificateReport report =
            checkCertificate(lesson.problem().square, rowToCol, last.state.rowDual, last.state.colDual, 0.0);
        QVERIFY2(report.valid, report.problem.c_str());
        for (const LessonFrame& f : lesson.frames()) {
          adjustments += f.kind == StepKind::Adjust;
          paths += f.kind == StepKind::FindPath;
        }
        ++lessons;
      }
    }
    qInfo("%d lessons, %d adjustments, %d augmenting paths", lessons, adjustments, paths);
    QVERIFY(adjustments > lessons);  // the walks exercised the adjustment, not only the easy cases
  }

  // The same for maximisation and rectangular instances (the project's padding and negation), four of them
  // padded to 10 x 10 (brute force enumerates 10! assignments there, so only four).
  void matchesExactSolversMaximiseAndRectangular() {
    for (uint64_t seed = 1; seed <= 60; ++seed) {
      std::mt19937_64 rng(seed);
      const int32_t rows = int32_t(3 + rng() % 7), cols = seed <= 4 ? 10 : int32_t(3 + rng() % 7);
      const bool maximize = seed % 3 == 0;
      CostMatrix<int32_t> costs(rows, cols);
      for (int64_t k = 0; k < costs.size(); ++k) costs.data()[k] = int32_t(rng() % 20) - 5;
      MunkresLesson lesson(makeLessonProblem(costs, maximize, "random", "test"));
      const LessonFrame& last = walk(lesson, nullptr);
      if (QTest::currentTestFailed()) return;
      const int64_t squareOptimum = exactOptimum(lesson.problem().square);
      QCOMPARE(last.stepValue, maximize ? -squareOptimum : squareOptimum);
      // The answer covers min(rows, cols) real pairs, one per row and column.
      std::vector<int32_t> rowToCol(std::size_t(last.state.n), -1);
      for (const Cell star : marked(last.state, Mark::Star)) rowToCol[std::size_t(star.row)] = star.col;
      QCOMPARE(lessonAnswer(lesson.problem(), rowToCol).assigned, std::min(rows, cols));
    }
  }

  // Every alternative a learner may choose (any maximal set of independent zeros, any uncovered zero to
  // prime) leads the method to an optimum too.
  void learnerAlternativesReachTheOptimum() {
    std::mt19937_64 learner(7);
    int alternativesTaken = 0;
    for (uint64_t seed = 1; seed <= 150; ++seed) {
      const int32_t n = int32_t(3 + seed % 6);
      MunkresLesson lesson(randomLessonProblem(n, seed));
      MunkresLesson reference(randomLessonProblem(n, seed));
      const LessonFrame& last = walk(lesson, &learner);
      if (QTest::currentTestFailed()) return;
      QCOMPARE(last.stepValue, walk(reference, nullptr).stepValue);
      QCOMPARE(last.stepValue, exactOptimum(lesson.problem().square));
      alternativesTaken += lesson.frames() != reference.frames();
    }
    QVERIFY(alternativesTaken > 50);  // the random choices really differed from the method's defaults
  }

  // History: frames are stored snapshots. Forward to the end, back to the start, forward again, and jumps of
  // the scrubber all show identical snapshots.
  void stepBackThenForwardReproducesSnapshots() {
    MunkresLesson lesson(randomLessonProblem(6, 11));
    std::vector<LessonFrame> seen{std::get<LessonFrame>([&] {
      ms::Snapshot s;
      lesson.snapshot(s);
      return s;
    }())};
    while (!lesson.done()) {
      lesson.step();
      ms::Snapshot snapshot;
      lesson.snapshot(snapshot);
      seen.push_back(std::get<LessonFrame>(snapshot));
    }
    QVERIFY(seen.size() > 20);
    QCOMPARE(seen, lesson.frames());
    while (lesson.stepBack()) {
      ms::Snapshot snapshot;
      lesson.snapshot(snapshot);
      QCOMPARE(std::get<LessonFrame>(snapshot), seen[std::size_t(lesson.cursor())]);
    }
    QCOMPARE(lesson.cursor(), 0);
    const std::size_t stored = lesson.frames().size();
    while (!lesson.finished()) {
      const LessonFrame& frame = lesson.stepForward();
      QCOMPARE(frame, seen[std::size_t(lesson.cursor())]);
    }
    QCOMPARE(lesson.frames().size(), stored);  // replayed, not recomputed into new frames
    for (int32_t index : {17, 3, int32_t(stored) - 1, 0, 9, 1000, -5}) {
      lesson.seek(index);
      const int32_t expected = std::clamp(index, 0, int32_t(stored) - 1);
      QCOMPARE(lesson.cursor(), expected);
      QCOMPARE(lesson.current(), seen[std::size_t(expected)]);
    }
  }

  // A different choice at a stored frame replaces the stored future; the same choice keeps it.
  void learnerChoiceReplacesTheStoredFuture() {
    MunkresLesson lesson(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    lesson.completeFrames();
    const std::vector<LessonFrame> original = lesson.frames();
    lesson.seek(8);  // columns covered; next: prime one of the uncovered zeros (1,2) and (1,3)
    QCOMPARE(uncoveredZeros(lesson.current().state), (std::vector<Cell>{at1(1, 2), at1(1, 3)}));
    lesson.stepForward(PrimeChoice{at1(1, 2)});  // the stored choice: the future is kept
    QCOMPARE(lesson.frames(), original);
    lesson.stepBack();
    lesson.stepForward(PrimeChoice{at1(1, 3)});
    QCOMPARE(lesson.frames().size(), std::size_t(10));
    QCOMPARE(marked(lesson.current().state, Mark::Prime), (std::vector<Cell>{at1(1, 3)}));
    QVERIFY(lesson.current() != original[9]);
    lesson.completeFrames();
    QCOMPARE(lesson.frames().back().stepValue, int64_t(10));
    QVERIFY_EXCEPTION_THROWN(takeStep(original[8], lesson.problem(), PrimeChoice{at1(2, 2)}),
                             std::invalid_argument);
    QVERIFY_EXCEPTION_THROWN(takeStep(original[8], lesson.problem(), StarChoice{}), std::invalid_argument);
  }

  // The lesson as a StepMachine: runToEnd records one step per frame after the first, with the frames'
  // phases.
  void stepMachineTrace() {
    MunkresLesson lesson(readLessonFile(lessonPath("03-winston-machineco.txt")));
    QCOMPARE(lesson.nextPhase(), std::string_view("reduce_row"));
    const ms::Trace trace = ms::runToEnd(lesson);
    QVERIFY(lesson.done());
    QCOMPARE(lesson.nextPhase(), std::string_view(""));
    QCOMPARE(trace.records().size(), lesson.frames().size() - 1);
    for (std::size_t k = 0; k < trace.records().size(); ++k) {
      const ms::StepRecord& r = trace.records()[k];
      QCOMPARE(r.step, int64_t(k));
      QCOMPARE(r.phase, stepPhaseName(lesson.frames()[k + 1].kind));
    }
    const ms::StepRecord& adjust = trace.records()[12];
    QCOMPARE(adjust.phase, std::string_view("adjust"));
    QCOMPARE(adjust.counters[kStepValue], 1.0);
    QCOMPARE(adjust.counters[kCoveredRows], 1.0);
    QCOMPARE(adjust.counters[kCoveredColumns], 2.0);
    QCOMPARE(trace.records()[16].counters[kPathLength], 3.0);
    // The scrubber moves the machine too: back at frame 5 it is running again, and its next step is step 5.
    lesson.seek(5);
    QVERIFY(!lesson.done());
    QCOMPARE(lesson.nextPhase(), stepPhaseName(lesson.frames()[6].kind));
    const ms::StepRecord again = lesson.step();
    QCOMPARE(again.step, int64_t(5));
    QCOMPARE(again.phase, trace.records()[5].phase);
    QCOMPARE(again.iteration, trace.records()[5].iteration);
  }

  // The minimum-lines method on Winston's Machineco. After the reductions (as in winstonWalk):
  //   9 0 3 0 / 0 10 4 1 / 4 5 0 4 / 0 2 4 6. Independent zeros (1,2) (2,1) (3,3): three; row 4 has no
  //   chosen zero, so mark row 4, column 1 (its zero), row 2 (column 1's chosen zero); lines through the
  //   unmarked rows 1, 3 and the marked column 1. Smallest uncovered: 1 at (2,4); uncovered rows 2, 4 lose
  //   1, column 1 gains 1: 10 0 3 0 / 0 9 3 0 / 5 5 0 4 / 0 1 3 5. Four independent zeros (1,2) (2,4) (3,3)
  //   (4,1): optimal, cost 5 + 5 + 3 + 2 = 15, the same as Munkres' walk.
  void linesWalk() {
    LessonProblem problem = readLessonFile(lessonPath("03-winston-machineco.txt"));
    problem.method = LessonMethod::Lines;
    MunkresLesson lesson(problem);
    lesson.completeFrames();
    const auto& f = lesson.frames();
    QCOMPARE(f.size(), std::size_t(13));
    QCOMPARE(f[8].state.next, StepKind::CoverZerosWithFewestLines);
    QCOMPARE(f[9].kind, StepKind::CoverZerosWithFewestLines);
    QCOMPARE(f[9].highlight, (std::vector<Cell>{at1(1, 2), at1(2, 1), at1(3, 3)}));
    QCOMPARE(coveredRows(f[9].state), lines1({1, 3}));
    QCOMPARE(coveredColumns(f[9].state), lines1({1}));
    QCOMPARE(f[10].kind, StepKind::AdjustUncovered);
    QCOMPARE(f[10].stepValue, int64_t(1));
    QCOMPARE(valuesOf(f[10]), (std::vector<int64_t>{10, 0, 3, 0, 0, 9, 3, 0, 5, 5, 0, 4, 0, 1, 3, 5}));
    QCOMPARE(f[10].highlight, (std::vector<Cell>{at1(2, 4)}));
    // What changed: uncovered cells down, the crossings (1,1) and (3,1) up, (2,1) and (4,1) unchanged.
    QCOMPARE(int(f[10].change[f[10].state.index(at1(2, 4))]), -1);
    QCOMPARE(int(f[10].change[f[10].state.index(at1(1, 1))]), 1);
    QCOMPARE(int(f[10].change[f[10].state.index(at1(2, 1))]), 0);
    QCOMPARE(int(f[10].change[f[10].state.index(at1(1, 2))]), 0);
    QCOMPARE(f[11].kind, StepKind::CoverZerosWithFewestLines);
    QCOMPARE(marked(f[11].state, Mark::Star),
             (std::vector<Cell>{at1(1, 2), at1(2, 4), at1(3, 3), at1(4, 1)}));
    QCOMPARE(f[12].kind, StepKind::Result);
    QCOMPARE(f[12].stepValue, int64_t(15));
    QVERIFY(f[9].narration.find("mark row 4 (no chosen zero)") != std::string::npos);
    QVERIFY(f[9].narration.find("rows 1 and 3 and column 1") != std::string::npos);
  }

  // Teaching is exact: for both methods, on 200 random instances of n = 2..8 with forbidden entries, the
  // transcript's last line "total: T" is the Hungarian solver's optimum (sequential classical, on the float64
  // matrix with +inf), and the final frame's duals certify it. Instances with no assignment avoiding the
  // forbidden pairs are refused by the lesson, with the reason, exactly when the solver finds them
  // infeasible. The seed is fresh each run and logged (MATCHSCOPE_TEST_SEED repeats a run).
  void transcriptTotalIsTheHungarianOptimum() {
    const QByteArray fixed = qgetenv("MATCHSCOPE_TEST_SEED");
    const uint64_t seed = fixed.isEmpty() ? std::random_device{}() : fixed.toULongLong();
    qInfo("seed %llu (MATCHSCOPE_TEST_SEED=%llu repeats this run)", static_cast<unsigned long long>(seed),
          static_cast<unsigned long long>(seed));
    std::mt19937_64 rng(seed);
    int feasible = 0, infeasible = 0, withForbidden = 0;
    for (int instance = 0; instance < 200; ++instance) {
      const int32_t n = int32_t(2 + rng() % 7);
      const bool maximize = rng() % 4 == 0;
      const double forbiddenShare = 0.1 * double(rng() % 7);  // 0 to 60 % of the entries
      CostMatrix<double> costs(n, n);
      for (int64_t k = 0; k < costs.size(); ++k) {
        const bool forbidden = double(rng() % 1000) < 1000 * forbiddenShare;
        costs.data()[k] =
            forbidden ? std::numeric_limits<double>::infinity() : double(rng() % uint64_t(3 * n));
      }
      CostMatrix<double> square(n, n);  // the solver's minimisation form
      bool anyForbidden = false;
      for (int64_t k = 0; k < costs.size(); ++k) {
        const double c = costs.data()[k];
        anyForbidden |= std::isinf(c);
        square.data()[k] = maximize && !std::isinf(c) ? -c : c;
      }
      auto hungarian = makeLapSolver(square, LapOptions{LapAlgorithm::Classical, Backend::Sequential, 1});
      std::optional<double> optimum;
      try {
        ms::runToEnd(*hungarian);
        optimum = hungarian->solution().objective;
      } catch (const ms::InfeasibleError&) {
      }
      for (const LessonMethod method : {LessonMethod::Stars, LessonMethod::Lines}) {
        const QByteArray where = "instance " + QByteArray::number(instance) +
                                 ", n = " + QByteArray::number(n) + ", method " +
                                 QByteArray(lessonMethodKey(method).data());
        std::optional<LessonProblem> problem;
        try {
          problem = makeLessonProblem(costs, maximize, "random", "test", method);
        } catch (const ms::InputError& error) {
          QVERIFY2(!optimum, where + ": refused though the solver found " + QByteArray(error.what()));
          QVERIFY2(std::string(error.what()).find("no assignment avoids the forbidden (inf) entries") !=
                       std::string::npos,
                   error.what());
          continue;
        }
        QVERIFY2(optimum.has_value(), where + ": the lesson took an instance the solver finds infeasible");
        MunkresLesson lesson(*problem);
        const LessonFrame& last = walk(lesson, nullptr);
        if (QTest::currentTestFailed()) return;
        const std::string transcript = lessonTranscript(lesson.problem(), lesson.frames());
        const std::size_t lastLine = transcript.rfind("total: ");
        QVERIFY2(lastLine != std::string::npos && transcript.find('\n', lastLine) == transcript.size() - 1,
                 where + ": no final total line");
        const double total = std::stod(transcript.substr(lastLine + 7));
        QVERIFY2(total == (maximize ? -*optimum : *optimum), where + ": transcript " +
                                                                 QByteArray::number(total) + ", Hungarian " +
                                                                 QByteArray::number(*optimum));
        std::vector<int32_t> rowToCol(std::size_t(n), -1);
        for (const Cell star : marked(last.state, Mark::Star)) rowToCol[std::size_t(star.row)] = star.col;
        std::vector<double> u(last.state.rowDual.begin(), last.state.rowDual.end()),
            v(last.state.colDual.begin(), last.state.colDual.end());
        const CertificateReport report = checkCertificate(square, rowToCol, u, v, 0.0);
        QVERIFY2(report.valid, where + ": " + QByteArray(report.problem.c_str()));
      }
      (optimum ? feasible : infeasible) += 1;
      withForbidden += anyForbidden;
    }
    qInfo("%d feasible, %d infeasible (refused with the reason), %d with forbidden entries", feasible,
          infeasible, withForbidden);
    QVERIFY(feasible >= 100 && infeasible >= 5 && withForbidden >= 100);  // measured: ~170, ~30, ~155
  }

  void lessonFilesAndBadInput() {
    const auto files = lessonFiles(MATCHSCOPE_LESSONS_DIR);
    QCOMPARE(files.size(), std::size_t(5));
    for (const auto& file : files) QVERIFY(!readLessonFile(file).title.empty());
    QCOMPARE(readLessonFile(files[2]).title, std::string("Machineco, four machines and four jobs (Winston)"));

    QTemporaryDir dir;
    const auto write = [&](const char* name, const char* text) {
      const std::string path = dir.filePath(name).toStdString();
      std::ofstream(path) << text;
      return path;
    };
    const auto message = [](const std::string& path) -> std::string {
      try {
        readLessonFile(path);
      } catch (const ms::InputError& error) {
        return error.what();
      }
      return "no error";
    };
    const std::string goal = write("goal.txt", "# title: x\n# goal: biggest\n1 2 3\n4 5 6\n7 8 9\n");
    QCOMPARE(message(goal), goal + ":2: goal must be 'maximize' or 'minimize', not 'biggest'");
    const std::string reals = write("reals.txt", "1 2 3\n4 5.5 6\n7 8 9\n");
    QCOMPARE(message(reals), reals +
                                 ":row 2, column 2: the teaching mode takes integer costs (and inf for a "
                                 "forbidden pair); 5.500000 is not an integer");
    const std::string small = write("small.txt", "4\n");
    QCOMPARE(message(small),
             small + ": the teaching mode takes 2 x 2 to 10 x 10 matrices (this one is 1 x 1)");
    const std::string method = write("method.txt", "# method: greedy\n1 2\n3 4\n");
    QCOMPARE(message(method), method + ":1: method must be 'stars', 'lines', 'tree' or 'roma', not 'greedy'");
    // Forbidden pairs: accepted where an assignment avoids them, refused with the reason where none does.
    const std::string allowed = write("allowed.txt", "# method: lines\n1 inf 3\ninf 5 6\n7 8 inf\n");
    const LessonProblem withForbidden = readLessonFile(allowed);
    QCOMPARE(withForbidden.method, LessonMethod::Lines);
    QVERIFY(isForbiddenEntry(withForbidden.original(0, 1)) && isForbiddenEntry(withForbidden.square(2, 2)));
    const std::string blocked = write("blocked.txt", "1 inf inf\n2 inf inf\n3 4 5\n");
    QCOMPARE(message(blocked),
             blocked +
                 ": no assignment avoids the forbidden (inf) entries: rows 1 and 2 (2) have "
                 "allowed entries only in column 1 (1), so 1 of them cannot be assigned");
    const std::string minusInf = write("minus.txt", "1 -inf\n2 3\n");
    QCOMPARE(message(minusInf), minusInf + ":1: -inf is not a cost (use inf to forbid a pair)");
    const std::string big = write("big.txt", "1 2 3\n4 100000 6\n7 8 9\n");
    QCOMPARE(message(big), big + ":row 2, column 2: cost 100000 is outside the lesson range -99999..99999");
    const std::string ragged = write("ragged.txt", "1 2 3\n4 5\n7 8 9\n");
    QVERIFY(message(ragged).rfind(ragged + ":2:", 0) == 0);
  }
};

QTEST_GUILESS_MAIN(TestMunkresLesson)
#include "test_munkres_lesson.moc"

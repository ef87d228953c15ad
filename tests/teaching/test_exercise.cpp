// Exercise mode: right and wrong learner answers for every kind of step, on hand-worked lessons (the frames
// are those of test_munkres_lesson's walks), the alternatives the method allows, and the score.
#include <QtTest>
#include <random>

#include "solver/lap/teaching/exercise.h"
#include "tests/teaching/lesson_test_support.h"

using namespace ms::lap::teaching;
using namespace ms::lap::teaching::test;

namespace {

QString text(const std::string& s) {
  return QString::fromStdString(s);
}

// The answer a learner who did the step right would give, read off the frame the method produced next.
LearnerAction answerShownBy(const LessonFrame& next) {
  switch (next.kind) {
    case StepKind::ReduceRow:
    case StepKind::ReduceColumn:
      return ValueAnswer{next.stepValue};
    case StepKind::StarZeros:
    case StepKind::FlipPath:
      return StarAnswer{marked(next.state, Mark::Star)};
    case StepKind::CoverStarredColumns:
    case StepKind::CoverPrimedRow:
    case StepKind::CoverZerosWithFewestLines:
      return CoverAnswer{coveredRows(next.state), coveredColumns(next.state)};
    case StepKind::Adjust:
    case StepKind::AdjustUncovered:
      return MatrixAnswer{next.state.values};
    case StepKind::PrimeZero:
      return PrimeAnswer{next.state.lastPrime};
    case StepKind::FindPath:
      return PathAnswer{next.state.path};
    default:
      return ValueAnswer{};
  }
}

// The same answer with one thing changed, which the method does not allow.
LearnerAction spoiled(const LessonFrame& frame, LearnerAction action) {
  const MunkresState& s = frame.state;
  if (auto* value = std::get_if<ValueAnswer>(&action)) {
    ++value->value;  // minima and the adjustment are unique
  } else if (auto* cover = std::get_if<CoverAnswer>(&action)) {
    auto& cols = cover->cols;  // toggle the last column: covers are forced in Munkres' method
    const int32_t col = s.n - 1;
    const auto found = std::find(cols.begin(), cols.end(), col);
    if (found == cols.end())
      cols.push_back(col);
    else
      cols.erase(found);
  } else if (auto* stars = std::get_if<StarAnswer>(&action)) {
    stars->stars.pop_back();  // one star short: not maximal (starring) or a star lost (flip)
  } else if (auto* prime = std::get_if<PrimeAnswer>(&action)) {
    prime->zero = marked(s, Mark::Star).front();  // stars are always covered
  } else if (auto* path = std::get_if<PathAnswer>(&action)) {
    path->cells.pop_back();  // the path stops short of its last prime
  } else if (auto* matrix = std::get_if<MatrixAnswer>(&action)) {
    ++matrix->values[s.index(uncoveredZeros(s).empty() ? Cell{0, 0} : uncoveredZeros(s).front())];
  }
  return action;
}

}  // namespace

class TestExercise : public QObject {
  Q_OBJECT

 private slots:
  // Pilgrim frame 0: row 1 is 1 2 3. Winston frame 0: row 1 is 14 5 8 7, column 1 is 14 2 7 2.
  void lineMinimum() {
    const MunkresLesson pilgrim = walkedLesson("01-pilgrim-3x3.txt");
    const LessonFrame& start = pilgrim.frames()[0];
    QCOMPARE(text(exerciseInstruction(start)), QString("Type the smallest entry of row 1."));
    Verdict v = judge(start, ValueAnswer{1});
    QVERIFY(v.correct);
    QCOMPARE(text(v.explanation), QString("Right: the smallest entry of row 1 is 1."));
    v = judge(start, ValueAnswer{2});
    QVERIFY(!v.correct);
    QCOMPARE(text(v.explanation),
             QString("2 is in row 1 (at row 1, column 2), but row 1 has a smaller entry."));
    QVERIFY(text(v.hint).startsWith("Read row 1 entry by entry"));
    v = judge(start, ValueAnswer{7});
    QCOMPARE(text(v.explanation),
             QString("7 is not an entry of row 1; the smallest entry is one of the numbers in row 1."));

    const MunkresLesson winston = walkedLesson("03-winston-machineco.txt");
    v = judge(winston.frames()[0], ValueAnswer{2});
    QVERIFY(!v.correct);
    QCOMPARE(text(v.explanation),
             QString("2 is the smallest entry of column 1, but this step reduces row 1."));
    // Winston frame 7: next is column 4 of the row-reduced matrix, 2 3 6 8 (columns 1-3 already hold a zero).
    QVERIFY(judge(winston.frames()[7], ValueAnswer{2}).correct);
    QCOMPARE(text(exerciseInstruction(winston.frames()[7])), QString("Type the smallest entry of column 4."));
  }

  void wrongKindOfAnswer() {
    const MunkresLesson pilgrim = walkedLesson("01-pilgrim-3x3.txt");
    const Verdict v = judge(pilgrim.frames()[0], CoverAnswer{{}, {0}});
    QVERIFY(!v.correct);
    QCOMPARE(
        text(v.explanation),
        QString("The next step is 'Reduce a row', which asks for a number, not a set of covered lines."));
    QVERIFY(!v.hint.empty());
  }

  // Pilgrim frame 6, reduced: 0 0 0 / 0 1 2 / 0 2 4. Zeros: (1,1) (1,2) (1,3) (2,1) (3,1). The maximal sets
  // of independent zeros are {(1,1)}, {(1,2),(2,1)}, {(1,2),(3,1)}, {(1,3),(2,1)}, {(1,3),(3,1)}: all are
  // right.
  void starringAcceptsEveryMaximalSet() {
    MunkresLesson lesson(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    lesson.completeFrames();
    lesson.seek(6);
    const LessonFrame& frame = lesson.current();
    for (const std::vector<Cell>& stars : std::vector<std::vector<Cell>>{{at1(1, 1)},
                                                                         {at1(2, 1), at1(1, 2)},
                                                                         {at1(1, 2), at1(3, 1)},
                                                                         {at1(1, 3), at1(2, 1)},
                                                                         {at1(3, 1), at1(1, 3)}}) {
      const Verdict v = judge(frame, StarAnswer{stars});
      QVERIFY2(v.correct, v.explanation.c_str());
      QCOMPARE(std::get<StarChoice>(v.choice).stars, sortedCells(stars));
    }
    QVERIFY(
        text(judge(frame, StarAnswer{{at1(1, 2), at1(2, 1)}}).explanation).contains("yours is just as good"));

    Verdict v = judge(frame, StarAnswer{{at1(1, 2)}});
    QVERIFY(!v.correct);
    QCOMPARE(text(v.explanation),
             QString("The zero at row 2, column 1 has no star in its row or its column, so it "
                     "must be starred too: every zero that can be starred is."));
    v = judge(frame, StarAnswer{{at1(1, 1), at1(1, 2)}});
    QCOMPARE(text(v.explanation),
             QString("Row 1 has two starred zeros (columns 1 and 2); starred zeros must be "
                     "independent, at most one in each row and each column."));
    // Every mistake at once: a non-zero starred, and the zeros left that could still be starred.
    v = judge(frame, StarAnswer{{at1(2, 2)}});
    QCOMPARE(v.mistakes,
             (std::vector<std::string>{
                 "The entry at row 2, column 2 is 1, not 0; only zeros are starred.",
                 "The zero at row 1, column 1 has no star in its row or its column, so it must be "
                 "starred too: every zero that can be starred is."}));
    QVERIFY(text(v.explanation).startsWith("2 mistakes: (1) The entry at row 2, column 2 is 1"));
    QVERIFY(text(v.hint).startsWith("Go row by row"));
    v = judge(frame, StarAnswer{{at1(1, 1), at1(1, 2), at1(2, 1), at1(3, 3)}});
    QCOMPARE(v.mistakes.size(), std::size_t(3));  // two in row 1, two in column 1, (3,3) is 4

    // The lesson continues from the learner's stars {(1,2),(2,1)}: the future is recomputed and still
    // optimal.
    lesson.stepForward(std::get<StarChoice>(judge(frame, StarAnswer{{at1(1, 2), at1(2, 1)}}).choice));
    QCOMPARE(marked(lesson.current().state, Mark::Star), (std::vector<Cell>{at1(1, 2), at1(2, 1)}));
    lesson.completeFrames();
    QCOMPARE(lesson.frames().back().kind, StepKind::Result);
    QCOMPARE(lesson.frames().back().stepValue, int64_t(10));
  }

  // Pilgrim frame 7: star (1,1); the method covers column 1 and nothing else.
  void coverStarredColumns() {
    const MunkresLesson lesson = walkedLesson("01-pilgrim-3x3.txt");
    const LessonFrame& frame = lesson.frames()[7];
    QVERIFY(judge(frame, CoverAnswer{{}, {0}}).correct);
    Verdict v = judge(frame, CoverAnswer{{}, {0, 1}});
    QCOMPARE(text(v.explanation), QString("Column 2 holds no starred zero; leave it uncovered."));
    v = judge(frame, CoverAnswer{{0}, {0}});
    QVERIFY(text(v.explanation).startsWith("This step covers columns only, so row 1 should stay uncovered"));
    v = judge(frame, CoverAnswer{{}, {}});
    QCOMPARE(text(v.explanation),
             QString("Column 1 holds a starred zero (in row 1), so it must be covered."));
    QCOMPARE(text(v.hint), QString("Find each starred zero and cover its column; cover nothing else."));
  }

  // Pilgrim frame 8: column 1 covered, uncovered zeros (1,2) and (1,3); either may be primed.
  void primeAcceptsAnyUncoveredZero() {
    MunkresLesson lesson(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    lesson.completeFrames();
    lesson.seek(8);
    const LessonFrame& frame = lesson.current();
    QVERIFY(judge(frame, PrimeAnswer{at1(1, 2)}).correct);
    const Verdict v = judge(frame, PrimeAnswer{at1(1, 3)});
    QVERIFY(v.correct);
    QCOMPARE(
        text(v.explanation),
        QString("Right: the zero at row 1, column 3 is uncovered. (Any of the 2 uncovered zeros would do.)"));
    Verdict bad = judge(frame, PrimeAnswer{at1(2, 1)});
    QCOMPARE(
        text(bad.explanation),
        QString("The zero at row 2, column 1 is covered by column 1; prime a zero that no line covers."));
    QCOMPARE(text(bad.hint), QString("Uncovered: rows 1, 2 and 3 and columns 2 and 3. Look for a 0 where an "
                                     "uncovered row crosses an uncovered column."));
    bad = judge(frame, PrimeAnswer{at1(2, 2)});
    QCOMPARE(text(bad.explanation),
             QString("The entry at row 2, column 2 is 1, not 0; only zeros are primed."));

    lesson.stepForward(std::get<PrimeChoice>(v.choice));
    QCOMPARE(marked(lesson.current().state, Mark::Prime), (std::vector<Cell>{at1(1, 3)}));
    lesson.completeFrames();
    QCOMPARE(lesson.frames().back().stepValue, int64_t(10));
  }

  // Pilgrim frame 9: prime (1,2) shares row 1 with the star (1,1); column 1 is covered.
  void coverPrimedRow() {
    const MunkresLesson lesson = walkedLesson("01-pilgrim-3x3.txt");
    const LessonFrame& frame = lesson.frames()[9];
    QVERIFY(judge(frame, CoverAnswer{{0}, {}}).correct);
    Verdict v = judge(frame, CoverAnswer{{0}, {0}});
    QVERIFY(text(v.explanation).startsWith("Uncover column 1, the column of row 1's starred zero"));
    v = judge(frame, CoverAnswer{{}, {}});
    QCOMPARE(text(v.explanation),
             QString("Row 1 holds the new primed zero and a starred zero (in column 1); cover row 1."));
    v = judge(frame, CoverAnswer{{0, 2}, {}});
    QCOMPARE(text(v.explanation),
             QString("Row 3 should be uncovered as before: only row 1 and column 1 change in this step."));
    // Every wrong line is listed: row 1 missing, column 1 kept, rows 2 and 3 added.
    v = judge(frame, CoverAnswer{{1, 2}, {0}});
    QCOMPARE(v.mistakes.size(), std::size_t(4));
  }

  // Winston frame 16: stars (1,2) (2,1) (3,3), primes (1,4) (2,4) (4,1); the path is (4,1)' (2,1)* (2,4)'.
  void pathFromTheNewPrime() {
    const MunkresLesson lesson = walkedLesson("03-winston-machineco.txt");
    const LessonFrame& frame = lesson.frames()[16];
    QCOMPARE(frame.state.next, StepKind::FindPath);
    QVERIFY(judge(frame, PathAnswer{{at1(2, 4), at1(4, 1), at1(2, 1)}}).correct);  // any order
    Verdict v = judge(frame, PathAnswer{{at1(4, 1), at1(2, 1), at1(2, 4), at1(1, 4)}});
    QVERIFY(text(v.explanation).startsWith("The path does not reach row 1, column 4"));
    v = judge(frame, PathAnswer{{at1(4, 1), at1(2, 4)}});
    QCOMPARE(text(v.explanation),
             QString("The path is missing the starred zero at row 2, column 1: the primed zero at row 4, "
                     "column 1 has it in its column."));
    v = judge(frame, PathAnswer{{at1(2, 1), at1(2, 4)}});
    QCOMPARE(text(v.explanation),
             QString("The path starts at the primed zero just made, at row 4, column 1."));
    v = judge(frame, PathAnswer{{at1(4, 1), at1(2, 1), at1(2, 4), at1(4, 2)}});
    QCOMPARE(
        text(v.explanation),
        QString(
            "Row 4, column 2 is neither starred nor primed; the path uses only starred and primed zeros."));
    QVERIFY(text(v.hint).startsWith("Start at the new prime at row 4, column 1."));

    // Pilgrim frame 20: the long path (3,1)' (2,1)* (2,2)' (1,2)* (1,3)', one prime short.
    const MunkresLesson pilgrim = walkedLesson("01-pilgrim-3x3.txt");
    v = judge(pilgrim.frames()[20], PathAnswer{{at1(3, 1), at1(2, 1), at1(2, 2), at1(1, 2)}});
    QCOMPARE(text(v.explanation),
             QString("The path is missing the primed zero at row 1, column 3: the starred zero at row 1, "
                     "column 2 has it in its row."));
  }

  // Winston frame 17: flipping (4,1)' (2,1)* (2,4)' gives stars (1,2) (2,4) (3,3) (4,1).
  void flipThePath() {
    const MunkresLesson lesson = walkedLesson("03-winston-machineco.txt");
    const LessonFrame& frame = lesson.frames()[17];
    QVERIFY(judge(frame, StarAnswer{{at1(4, 1), at1(3, 3), at1(2, 4), at1(1, 2)}}).correct);
    Verdict v = judge(frame, StarAnswer{{at1(1, 2), at1(2, 1), at1(2, 4), at1(3, 3), at1(4, 1)}});
    QCOMPARE(text(v.explanation),
             QString("The starred zero at row 2, column 1 is on the path; flipping removes its star."));
    v = judge(frame, StarAnswer{{at1(2, 4), at1(3, 3), at1(4, 1)}});
    QCOMPARE(text(v.explanation),
             QString("The starred zero at row 1, column 2 is not on the path, so it keeps its star."));
    v = judge(frame, StarAnswer{{at1(1, 2), at1(1, 4), at1(2, 4), at1(3, 3), at1(4, 1)}});
    QCOMPARE(text(v.explanation),
             QString("The primed zero at row 1, column 4 is not on the path; primes off the "
                     "path are erased, not starred."));
    v = judge(frame, StarAnswer{{at1(1, 2), at1(2, 4), at1(3, 3)}});
    QCOMPARE(text(v.explanation),
             QString("The primed zero at row 4, column 1 is on the path; flipping makes it a star."));
  }

  // Winston frame 12: 9 0 3 0 / 0 10 4 1 / 4 5 0 4 / 0 2 4 6 with row 1 and columns 1, 3 covered. Uncovered
  // (rows 2-4 x columns 2, 4): 10 1 / 5 4 / 2 6, so the adjustment is 1.
  // Munkres' adjustment, answered as the whole matrix: the right one, and a matrix adjusted by a wrong
  // amount, which is diagnosed first (why that amount is not theta), then every wrong cell.
  void smallestUncoveredValue() {
    const MunkresLesson lesson = walkedLesson("03-winston-machineco.txt");
    const LessonFrame& frame = lesson.frames()[12];
    QCOMPARE(frame.state.next, StepKind::Adjust);
    Verdict v = judge(frame, MatrixAnswer{lesson.frames()[13].state.values});
    QVERIFY2(v.correct, v.explanation.c_str());
    QCOMPARE(text(v.explanation),
             QString("Right: theta = 1 came off every uncovered entry and went onto every "
                     "crossing."));
    const auto adjustedBy = [&](int64_t theta) {
      std::vector<int64_t> values = frame.state.values;
      for (int32_t i = 0; i < frame.state.n; ++i) {
        for (int32_t j = 0; j < frame.state.n; ++j) {
          const int lines = frame.state.rowCovered[std::size_t(i)] + frame.state.colCovered[std::size_t(j)];
          values[frame.state.index({i, j})] += lines == 0 ? -theta : lines == 2 ? theta : 0;
        }
      }
      return MatrixAnswer{values};
    };
    QVERIFY(judge(frame, adjustedBy(1)).correct);
    v = judge(frame, adjustedBy(2));
    QCOMPARE(text(v.mistakes.front()),
             QString("Theta 2 is uncovered (at row 4, column 2), but a smaller entry is uncovered too."));
    QVERIFY(v.mistakes.size() > 1);  // then each cell that came out wrong
    v = judge(frame, adjustedBy(9));
    QCOMPARE(text(v.mistakes.front()),
             QString("Theta 9 appears only in covered cells (at row 1, column 1, covered by row 1); "
                     "only entries whose row and column are both uncovered count."));
    v = judge(frame, adjustedBy(0));
    QVERIFY(text(v.mistakes.front()).startsWith("Theta 0 would change nothing"));
    v = judge(frame, adjustedBy(7));
    QCOMPARE(text(v.mistakes.front()),
             QString("No uncovered entry is 7; theta is one of the uncovered numbers."));
    QVERIFY(!text(v.hint).contains(QRegularExpression("[0-9]")));  // the hint does not give the number away
  }

  void nothingToAnswer() {
    const MunkresLesson lesson = walkedLesson("02-taha-three-children.txt");
    const auto& frames = lesson.frames();
    Verdict v = judge(frames[frames.size() - 2], ValueAnswer{27});
    QVERIFY(!v.correct);
    QCOMPARE(text(v.explanation), QString("There is nothing to do here; press Next to read the result."));
    v = judge(frames.back(), ValueAnswer{27});
    QCOMPARE(text(v.explanation), QString("The lesson is finished."));
  }

  // A fair score: the first answer to a step counts, later ones (after a wrong answer, or after stepping
  // back) are logged but change nothing; a skip is counted once; hints are counted.
  void scoreCountsFirstAnswersSkipsAndHints() {
    const MunkresLesson lesson = walkedLesson("01-pilgrim-3x3.txt");
    ExerciseChecker checker;
    QVERIFY(checker.check(lesson.frames()[0], ValueAnswer{1}).correct);
    QVERIFY(!checker.check(lesson.frames()[1], ValueAnswer{3}).correct);
    QVERIFY(!checker.check(lesson.frames()[1], ValueAnswer{4}).correct);
    QVERIFY(checker.check(lesson.frames()[1], ValueAnswer{2}).correct);
    QCOMPARE(text(checker.hint(lesson.frames()[2])), text(hintFor(lesson.frames()[2])));
    QCOMPARE(checker.score(), (Score{1, 1, 1, 0}));
    // Back to step 1 and answer it again, wrongly then rightly: the score stays.
    QVERIFY(!checker.check(lesson.frames()[0], ValueAnswer{2}).correct);
    QVERIFY(checker.check(lesson.frames()[0], ValueAnswer{1}).correct);
    QCOMPARE(checker.score(), (Score{1, 1, 1, 0}));
    // Steps passed without an answer: skipped once each; steps with nothing to answer are not skips.
    checker.skip(lesson.frames()[2]);
    checker.skip(lesson.frames()[2]);
    checker.skip(lesson.frames()[1]);                           // already answered
    checker.skip(lesson.frames()[lesson.frames().size() - 2]);  // the result: nothing to answer
    QCOMPARE(checker.score(), (Score{1, 1, 1, 1}));
    QVERIFY(!checker.check(lesson.frames()[2], ValueAnswer{4}).correct);  // after the skip: not counted
    QCOMPARE(checker.score(), (Score{1, 1, 1, 1}));
    QCOMPARE(text(scoreSummary(checker.score())),
             QString("1 of 3 steps right at the first answer, 1 wrong, 1 skipped, 1 hint"));
    // The log holds every answer, hint and skip, in order, with whether it counted.
    const auto& log = checker.log();
    QCOMPARE(log.size(), std::size_t(9));
    QCOMPARE(log[1].answer, std::string("3"));
    QVERIFY(log[1].counted && !log[1].correct);
    QVERIFY(!log[2].counted);
    QCOMPARE(int(log[4].kind), int(QuizEntry::Kind::Hint));
    QVERIFY(!log[5].counted && !log[6].counted);
    QCOMPARE(int(log[7].kind), int(QuizEntry::Kind::Skip));
    QCOMPARE(log[7].step, 3);
    checker.reset();
    QCOMPARE(checker.score(), Score{});
    QVERIFY(checker.log().empty());
  }

  // The minimum-lines method on Winston's Machineco: after the reductions (frame 8) the zeros are
  // (1,2) (1,4) (2,1) (3,3) (4,1); three independent zeros, so three lines. Any cover of every zero by
  // three lines is right; every uncovered zero and the excess of lines are named.
  void fewestLinesAcceptsEveryMinimumCover() {
    LessonProblem problem = readLessonFile(lessonPath("03-winston-machineco.txt"));
    problem.method = LessonMethod::Lines;
    MunkresLesson lesson(problem);
    lesson.completeFrames();
    const LessonFrame& frame = lesson.frames()[8];
    QCOMPARE(frame.state.next, StepKind::CoverZerosWithFewestLines);
    QVERIFY(judge(frame, CoverAnswer{lines1({1, 3}), lines1({1})}).correct);
    const Verdict other = judge(frame, CoverAnswer{lines1({1}), lines1({1, 3})});
    QVERIFY2(other.correct, other.explanation.c_str());
    QCOMPARE(std::get<LinesChoice>(other.choice).cols, lines1({1, 3}));
    Verdict v = judge(frame, CoverAnswer{lines1({1}), lines1({})});
    QCOMPARE(v.mistakes,
             (std::vector<std::string>{"The zero at row 2, column 1 is not covered by any line.",
                                       "The zero at row 3, column 3 is not covered by any line.",
                                       "The zero at row 4, column 1 is not covered by any line."}));
    v = judge(frame, CoverAnswer{lines1({1, 2, 3, 4}), lines1({})});
    QCOMPARE(v.mistakes.size(), std::size_t(1));
    QVERIFY(text(v.explanation).startsWith("4 lines drawn, but 3 suffice"));
    // The learner's cover becomes the lesson's, and the lesson still ends at the optimum 15.
    lesson.seek(8);
    lesson.stepForward(other.choice);
    QCOMPARE(coveredColumns(lesson.current().state), lines1({1, 3}));
    lesson.completeFrames();
    QCOMPARE(lesson.frames().back().stepValue, int64_t(15));
  }

  // The adjustment cell by cell: each wrong entry is named with the rule it breaks.
  void adjustmentCellByCell() {
    LessonProblem problem = readLessonFile(lessonPath("03-winston-machineco.txt"));
    problem.method = LessonMethod::Lines;
    MunkresLesson lesson(problem);
    lesson.completeFrames();
    const LessonFrame& frame = lesson.frames()[9];  // rows 1, 3 and column 1 covered; theta = 1 at (2,4)
    QCOMPARE(frame.state.next, StepKind::AdjustUncovered);
    QVERIFY(judge(frame, MatrixAnswer{lesson.frames()[10].state.values}).correct);
    std::vector<int64_t> values = lesson.frames()[10].state.values;
    values[frame.state.index(at1(2, 4))] = 1;  // left as it was
    values[frame.state.index(at1(1, 1))] = 9;  // a crossing left as it was
    values[frame.state.index(at1(1, 2))] = 1;  // a cell under one line raised
    const Verdict v = judge(frame, MatrixAnswer{values});
    QCOMPARE(v.mistakes, (std::vector<std::string>{
                             "Row 1, column 1: 9 should be 10 (9, where two lines cross, so it rises by 1).",
                             "Row 1, column 2: 1 should be 0 (0, under one line, so it keeps its value).",
                             "Row 2, column 4: 1 should be 0 (1, uncovered, so it drops by 1)."}));
  }

  // On many random lessons, the checker accepts the answer that the method's own next frame shows, at every
  // step, and rejects it with one thing changed.
  void checkerAgreesWithTheMethod() {
    int judged = 0;
    for (uint64_t seed = 1; seed <= 120; ++seed) {
      const LessonMethod method = seed % 2 == 0 ? LessonMethod::Stars : LessonMethod::Lines;
      MunkresLesson lesson(randomLessonProblem(int32_t(2 + seed % 9), seed, false, method));
      lesson.completeFrames();
      const auto& frames = lesson.frames();
      for (std::size_t k = 0; k + 1 < frames.size(); ++k) {
        if (answerKind(frames[k].state.next) == AnswerKind::None) continue;
        const LearnerAction right = answerShownBy(frames[k + 1]);
        const Verdict good = judge(frames[k], right);
        QVERIFY2(good.correct,
                 (std::string(stepPhaseName(frames[k + 1].kind)) + ": " + good.explanation).c_str());
        const Verdict bad = judge(frames[k], spoiled(frames[k], right));
        QVERIFY2(!bad.correct, std::string(stepPhaseName(frames[k + 1].kind)).c_str());
        QVERIFY(!bad.hint.empty() && bad.hint != bad.explanation);
        ++judged;
      }
    }
    qInfo("%d steps judged right and spoiled", judged);
  }
};

QTEST_GUILESS_MAIN(TestExercise)
#include "test_exercise.moc"

#pragma once
// Exercise mode: the learner performs the next step of the method and is told whether it is right, every
// mistake at once and where it is, and given a hint. Every answer the method allows is accepted (any maximal
// set of independent zeros to star, any uncovered zero to prime, any cover of the zeros by the fewest lines);
// a correct answer carries the choice that the lesson continues from.
//
// The checker keeps a fair score: only the first answer to a step counts (stepping back and answering again
// changes nothing), a step passed without an answer counts as skipped, and hints are counted. Its log holds
// every answer, hint and skip for the transcript.

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/munkres_method.h"

namespace ms::lap::teaching {

struct ValueAnswer {
  int64_t value = 0;  // a row or column minimum, or the smallest uncovered value
};
struct CoverAnswer {
  std::vector<int32_t> rows, cols;  // the covered lines after the step, any order
};
struct StarAnswer {
  std::vector<Cell> stars;  // the starred zeros after the step, any order
};
struct PrimeAnswer {
  Cell zero;
};
struct PathAnswer {
  std::vector<Cell> cells;  // the path's zeros, any order (the method fixes the order)
};
struct MatrixAnswer {
  std::vector<int64_t> values;  // the whole matrix after the step, row-major n x n (forbidden cells ignored)
};
using LearnerAction =
    std::variant<ValueAnswer, CoverAnswer, StarAnswer, PrimeAnswer, PathAnswer, MatrixAnswer>;

// What kind of answer the next step asks for; None where there is nothing to do but watch.
enum class AnswerKind { None, Value, Cover, Stars, Prime, Path, Matrix };
AnswerKind answerKind(StepKind next);
// "Type the smallest entry of row 3." and the like, for the frame's next step.
std::string exerciseInstruction(const LessonFrame& frame);
// The answer in words, for the log: "3", "rows 1 and 2, column 3 covered", "stars at row 1, column 2; ...".
std::string describeAnswer(const LearnerAction& action);

struct Verdict {
  bool correct = false;
  std::string explanation;            // right: what the step does; wrong: every mistake, numbered
  std::vector<std::string> mistakes;  // wrong only: one sentence per mistake, naming its cell or line
  std::string hint;                   // wrong only: a nudge that does not give the answer away
  StepChoice choice;                  // right only: how the lesson continues from this answer
};

// Verdict builders: a right answer and the choice it carries; a wrong one with every mistake (numbered when
// there are several, each capitalised) and the step's hint.
Verdict rightVerdict(std::string explanation, StepChoice choice = DefaultChoice{});
Verdict wrongVerdict(const LessonFrame& frame, const std::vector<std::string>& mistakes);
Verdict wrongVerdict(const LessonFrame& frame, const std::string& mistake);

// Why `answer` is not theta, the smallest value of an uncovered row and an uncovered column; "" when it is.
std::string thetaMistake(const MunkresState& state, int64_t answer);

// Judges an answer for the step after `frame` (frame.state.next).
Verdict judge(const LessonFrame& frame, const LearnerAction& action);
// The hint for the step after `frame`, without an answer to judge.
std::string hintFor(const LessonFrame& frame);

struct Score {
  int32_t correct = 0;     // steps whose first answer was right
  int32_t wrong = 0;       // steps whose first answer was wrong (a later right answer does not change it)
  int32_t hintsTaken = 0;  // every hint asked for
  int32_t skipped = 0;     // steps passed without an answer
  friend bool operator==(const Score&, const Score&) = default;
};
// "3 of 5 steps right at the first answer, 1 wrong, 1 skipped, 2 hints"
std::string scoreSummary(const Score& score);

// One line of the quiz log.
struct QuizEntry {
  enum class Kind : uint8_t { Answer, Hint, Skip };
  Kind kind = Kind::Answer;
  int32_t step = 0;  // the step asked for: frame.index + 1
  StepKind stepKind = StepKind::Start;
  std::string answer;  // Answer: describeAnswer
  bool correct = false;
  bool counted = false;  // Answer: whether it was the step's first answer
  std::string verdict;   // Answer: the explanation; Hint: the hint
};

// Judges and keeps the score of one learner.
class ExerciseChecker {
 public:
  Verdict check(const LessonFrame& frame, const LearnerAction& action);
  std::string hint(const LessonFrame& frame);
  // The learner moved past the step after `frame` without answering: recorded once, when the step had no
  // answer yet and asks for one.
  void skip(const LessonFrame& frame);
  const Score& score() const { return score_; }
  const std::vector<QuizEntry>& log() const { return log_; }
  void reset();

 private:
  enum class Outcome : uint8_t { Right, Wrong, Skipped };
  std::map<int32_t, Outcome> decided_;  // by step: the first answer (or the skip) that counts
  Score score_;
  std::vector<QuizEntry> log_;
};

}  // namespace ms::lap::teaching

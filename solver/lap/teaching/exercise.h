#pragma once
// Exercise mode: the learner performs the next step of the method and is told whether it is right, what is
// wrong and why, and given a hint. Every answer the method allows is accepted (any maximal set of
// independent zeros to star, any uncovered zero to prime); a correct answer carries the choice that the
// lesson continues from.

#include <cstdint>
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
using LearnerAction = std::variant<ValueAnswer, CoverAnswer, StarAnswer, PrimeAnswer, PathAnswer>;

// What kind of answer the next step asks for; None where there is nothing to do but watch.
enum class AnswerKind { None, Value, Cover, Stars, Prime, Path };
AnswerKind answerKind(StepKind next);
// "Type the smallest entry of row 3." and the like, for the frame's next step.
std::string exerciseInstruction(const LessonFrame& frame);

struct Verdict {
  bool correct = false;
  std::string explanation;  // right: what the step does; wrong: what is wrong and why
  std::string hint;         // wrong only: a nudge that does not give the answer away
  StepChoice choice;        // right only: how the lesson continues from this answer
};

// Judges an answer for the step after `frame` (frame.state.next).
Verdict judge(const LessonFrame& frame, const LearnerAction& action);
// The hint for the step after `frame`, without an answer to judge.
std::string hintFor(const LessonFrame& frame);

struct Score {
  int32_t correct = 0;
  int32_t wrong = 0;
  int32_t hintsTaken = 0;
  friend bool operator==(const Score&, const Score&) = default;
};

// Judges and keeps the score of one learner.
class ExerciseChecker {
 public:
  Verdict check(const LessonFrame& frame, const LearnerAction& action);
  std::string hint(const LessonFrame& frame);
  const Score& score() const { return score_; }
  void reset() { score_ = {}; }

 private:
  Score score_;
};

}  // namespace ms::lap::teaching

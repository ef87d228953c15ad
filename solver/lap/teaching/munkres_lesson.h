#pragma once
// A lesson: the frames of the textbook method on one problem, with a cursor for stepping back and forward and
// for a scrubber. Frames are stored snapshots: going back and forward shows the stored frames again, it does
// not undo the algorithm. A step taken with a choice that differs from the stored future replaces that
// future (the learner's alternative becomes the lesson).
//
// The lessons beyond the textbook (alternating trees, ROMA) hold the frames of a solver's run, computed at
// once (solver_lesson.h); the learner's answers are judged against them but never change them.
//
// It is also a StepMachine, so the studio's run controller can drive it: step() moves forward one frame and
// snapshot() hands out the current frame.

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "solver/core/step_machine.h"
#include "solver/lap/teaching/lesson_frame.h"
#include "solver/lap/teaching/lesson_problem.h"
#include "solver/lap/teaching/munkres_method.h"

namespace ms::lap::teaching {

enum LessonCounter : int {
  kStars = 0,
  kPrimes,
  kCoveredRows,
  kCoveredColumns,
  kStepValue,
  kPathLength,
  kLessonCounterCount
};
inline constexpr std::array<std::string_view, kLessonCounterCount> kLessonCounterNames = {
    "stars", "primes", "covered_rows", "covered_columns", "value", "path_length"};

class MunkresLesson final : public StepMachine {
 public:
  explicit MunkresLesson(LessonProblem problem);

  const LessonProblem& problem() const { return problem_; }
  // Every frame computed so far (at least frame 0); the cursor may be anywhere among them.
  const std::vector<LessonFrame>& frames() const { return frames_; }
  int32_t cursor() const { return cursor_; }
  const LessonFrame& current() const { return frames_[static_cast<std::size_t>(cursor_)]; }
  bool finished() const { return current().state.next == StepKind::Finished; }

  // Scrubber: 0 <= index < frames().size(); out-of-range indices are clamped.
  void seek(int32_t index);
  // False (and no move) at frame 0.
  bool stepBack();
  // The next frame: the stored one when the cursor is behind the newest frame, else a new one. With a
  // learner's choice that leads to another state than the stored next frame, that frame is dropped with
  // everything after it.
  // Precondition: !finished().
  const LessonFrame& stepForward(const StepChoice& choice = DefaultChoice{});
  // Computes and stores every remaining frame with the method's defaults; the cursor stays where it is.
  void completeFrames();

  // StepMachine
  std::string_view algorithmName() const override { return "munkres_lesson"; }
  std::span<const std::string_view> counterNames() const override { return kLessonCounterNames; }

 private:
  // step() moves forward one frame; snapshot() hands out the current frame, which carries its own position
  // (index, round, kind) and so no StepHeader.
  std::string_view pendingPhase() const override;
  void runStep(StepRecord& record) override;
  int32_t iteration() const override { return current().round; }
  StepHeader* fillSnapshot(Snapshot& out) const override;
  // Tells the frame where the cursor now stands.
  void followCursor();

  LessonProblem problem_;
  std::vector<LessonFrame> frames_;
  int32_t cursor_ = 0;
};

}  // namespace ms::lap::teaching

#include "solver/lap/teaching/munkres_lesson.h"

#include <algorithm>
#include <stdexcept>

#include "solver/lap/teaching/munkres_rules.h"
#include "solver/lap/teaching/solver_lesson.h"

namespace ms::lap::teaching {

MunkresLesson::MunkresLesson(LessonProblem problem) : problem_(std::move(problem)) {
  if (isSolverLesson(problem_.method)) {
    frames_ = solverLessonFrames(problem_);
  } else {
    frames_.push_back(startFrame(problem_));
  }
  followCursor();
}

void MunkresLesson::seek(int32_t index) {
  cursor_ = std::clamp(index, 0, static_cast<int32_t>(frames_.size()) - 1);
  followCursor();
}

bool MunkresLesson::stepBack() {
  if (cursor_ == 0) return false;
  --cursor_;
  followCursor();
  return true;
}

const LessonFrame& MunkresLesson::stepForward(const StepChoice& choice) {
  if (finished()) throw std::logic_error("the lesson is finished; there is no next step");
  const auto next = static_cast<std::size_t>(cursor_) + 1;
  if (next < frames_.size()) {
    // A solver lesson's future is the solver's: a learner's answer never changes it.
    if (std::holds_alternative<DefaultChoice>(choice) || isSolverLesson(problem_.method)) {
      ++cursor_;
      followCursor();
      return current();
    }
    LessonFrame taken = takeStep(current(), problem_, choice);
    // The future depends on the state only; a choice that leads to the stored state keeps the stored frames.
    if (taken.state != frames_[next].state) {
      frames_.resize(next);
      frames_.push_back(std::move(taken));
    }
  } else {
    frames_.push_back(takeStep(current(), problem_, choice));
  }
  ++cursor_;
  followCursor();
  return current();
}

void MunkresLesson::completeFrames() {
  while (frames_.back().state.next != StepKind::Finished)
    frames_.push_back(takeStep(frames_.back(), problem_));
}

namespace {

// Counters of a frame's trace record (stars, primes, covers, the step's value, the path length).
void countMarks(const LessonFrame& frame, StepRecord& record) {
  auto& counters = record.counters;
  counters[kStars] = static_cast<double>(marked(frame.state, Mark::Star).size());
  counters[kPrimes] = static_cast<double>(marked(frame.state, Mark::Prime).size());
  counters[kCoveredRows] = static_cast<double>(coveredRows(frame.state).size());
  counters[kCoveredColumns] = static_cast<double>(coveredColumns(frame.state).size());
  if (frame.kind == StepKind::ReduceRow || frame.kind == StepKind::ReduceColumn ||
      frame.kind == StepKind::Adjust || frame.kind == StepKind::Result ||
      frame.kind == StepKind::TreeDualUpdate || frame.kind == StepKind::RomaFlip) {
    counters[kStepValue] = static_cast<double>(frame.stepValue);
  }
  if (frame.kind == StepKind::FindPath) counters[kPathLength] = static_cast<double>(frame.state.path.size());
}

}  // namespace

void MunkresLesson::followCursor() {
  moveTo(cursor_, cursor_ == 0 ? std::string_view() : stepPhaseName(current().kind), finished());
}

std::string_view MunkresLesson::pendingPhase() const {
  return stepPhaseName(current().state.next);
}

void MunkresLesson::runStep(StepRecord& record) {
  stepForward();
  countMarks(current(), record);
}

StepHeader* MunkresLesson::fillSnapshot(Snapshot& out) const {
  if (LessonFrame* frame = std::get_if<LessonFrame>(&out)) {
    *frame = current();
  } else {
    out.emplace<LessonFrame>(current());
  }
  return nullptr;
}

}  // namespace ms::lap::teaching

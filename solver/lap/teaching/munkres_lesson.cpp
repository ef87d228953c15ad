#include "solver/lap/teaching/munkres_lesson.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "solver/lap/teaching/munkres_rules.h"

namespace ms::lap::teaching {

MunkresLesson::MunkresLesson(LessonProblem problem) : problem_(std::move(problem)) {
  frames_.push_back(startFrame(problem_));
}

void MunkresLesson::seek(int32_t index) {
  cursor_ = std::clamp(index, 0, static_cast<int32_t>(frames_.size()) - 1);
}

bool MunkresLesson::stepBack() {
  if (cursor_ == 0) return false;
  --cursor_;
  return true;
}

const LessonFrame& MunkresLesson::stepForward(const StepChoice& choice) {
  if (finished()) throw std::logic_error("the lesson is finished; there is no next step");
  const auto next = static_cast<std::size_t>(cursor_) + 1;
  if (next < frames_.size()) {
    if (std::holds_alternative<DefaultChoice>(choice)) {
      ++cursor_;
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
  return current();
}

void MunkresLesson::completeFrames() {
  while (frames_.back().state.next != StepKind::Finished)
    frames_.push_back(takeStep(frames_.back(), problem_));
}

std::string_view MunkresLesson::nextPhase() const {
  return finished() ? "" : stepPhaseName(current().state.next);
}

StepRecord MunkresLesson::step() {
  const auto start = std::chrono::steady_clock::now();
  stepForward();
  StepRecord record = lessonRecord(current());
  record.wall_ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
  return record;
}

void MunkresLesson::snapshot(Snapshot& out) const {
  if (LessonFrame* frame = std::get_if<LessonFrame>(&out)) {
    *frame = current();
  } else {
    out.emplace<LessonFrame>(current());
  }
}

StepRecord lessonRecord(const LessonFrame& frame) {
  StepRecord record;
  record.step = frame.index - 1;  // frame 0 is the problem, not a step
  record.iteration = frame.round;
  record.phase = stepPhaseName(frame.kind);
  auto& counters = record.counters;
  counters[kStars] = static_cast<double>(marked(frame.state, Mark::Star).size());
  counters[kPrimes] = static_cast<double>(marked(frame.state, Mark::Prime).size());
  counters[kCoveredRows] = static_cast<double>(coveredRows(frame.state).size());
  counters[kCoveredColumns] = static_cast<double>(coveredColumns(frame.state).size());
  if (frame.kind == StepKind::ReduceRow || frame.kind == StepKind::ReduceColumn ||
      frame.kind == StepKind::Adjust || frame.kind == StepKind::Result) {
    counters[kStepValue] = static_cast<double>(frame.stepValue);
  }
  if (frame.kind == StepKind::FindPath) counters[kPathLength] = static_cast<double>(frame.state.path.size());
  return record;
}

}  // namespace ms::lap::teaching

#include "solver/matching/matching_machine.h"

#include <chrono>

#include "solver/core/errors.h"

namespace ms::matching {

StepRecord MatchingMachine::step() {
  if (finished_) throw SolveError(name_ + ": step() called after the solve finished");
  StepRecord record;
  record.step = steps_++;
  record.phase = pendingPhase();
  const auto start = std::chrono::steady_clock::now();
  try {
    runStep(record);
  } catch (...) {
    finished_ = true;
    failed_ = true;
    throw;
  }
  record.wall_ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
  record.iteration = phases_;
  record.counters[kWeight] = weight_;
  lastPhase_ = record.phase;
  return record;
}

void MatchingMachine::snapshot(Snapshot& out) const {
  MatchingSnapshot* snap = std::get_if<MatchingSnapshot>(&out);
  if (snap == nullptr) snap = &out.emplace<MatchingSnapshot>();
  snap->n = graph_.vertexCount();
  snap->phase = phases_;
  snap->step = steps_;
  snap->lastPhase = lastPhase_;
  snap->nextPhase = nextPhase();
  snap->done = finished_;
  snap->weight = weight_;
  snap->points = graph_.points();
  fillState(*snap);
}

MatchingSolution MatchingMachine::solution() const {
  if (!finished_ || failed_) throw SolveError(name_ + ": solution requested before the solve finished");
  return {finalMatching(), weight_, phases_};
}

}  // namespace ms::matching

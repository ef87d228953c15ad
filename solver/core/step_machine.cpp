#include "solver/core/step_machine.h"

#include "solver/core/errors.h"
#include "solver/core/stopwatch.h"

namespace ms {

StepRecord StepMachine::step() {
  if (done_) throw SolveError(std::string(algorithmName()) + ": step() called after the solve finished");
  StepRecord record;
  record.step = steps_++;
  record.phase = pendingPhase();
  const Stopwatch stopwatch;
  beginDeviceTiming();
  try {
    runStep(record);
  } catch (...) {
    done_ = true;
    failed_ = true;
    throw;
  }
  record.device_ns = endDeviceTiming();
  record.wall_ns = stopwatch.elapsedNs();
  record.iteration = iteration();
  lastPhase_ = record.phase;
  return record;
}

void StepMachine::snapshot(Snapshot& out) const {
  StepHeader* header = fillSnapshot(out);
  if (header == nullptr) return;
  header->step = steps_;
  header->iteration = iteration();
  header->lastPhase = lastPhase_;
  header->nextPhase = nextPhase();
  header->done = done_;
}

void StepMachine::requireSolved() const {
  if (!done_ || failed_) {
    throw SolveError(std::string(algorithmName()) + ": solution requested before the solve finished");
  }
}

}  // namespace ms

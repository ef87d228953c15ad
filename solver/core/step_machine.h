#pragma once
// The one idea of the solver library: every algorithm is a step machine. A step runs exactly one phase that
// the papers name and returns its trace record; running to the end is stepping without snapshots, so the
// headless path and the watched path are the same code.
//
// step() and snapshot() are written once, here (a non-virtual interface): the frame numbers the steps,
// times them on the host, turns a throw into a finished, failed machine, and fills the snapshot's
// StepHeader. A machine supplies only the private hooks below, one call each per step, so nothing virtual
// enters the work inside a phase.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "solver/core/snapshot.h"
#include "solver/core/step_record.h"

namespace ms {

class StepMachine {
 public:
  virtual ~StepMachine() = default;

  virtual std::string_view algorithmName() const = 0;
  // Names of the counters a record carries, in slot order (at most kMaxCounters); the CSV header uses them.
  virtual std::span<const std::string_view> counterNames() const = 0;

  bool done() const { return done_; }
  // Name of the phase the next step() will run ("" once done).
  std::string_view nextPhase() const { return done_ ? std::string_view() : pendingPhase(); }
  // Runs one phase. Throws SolveError once done, and passes on what the phase throws (ms::SolveError
  // subclasses such as InfeasibleError); the machine is then done, its solution() throws, and the caller's
  // session stays usable.
  StepRecord step();
  // Copies the current state to host memory. Called only on request (at most once per frame by the GUI),
  // so an unwatched solve pays nothing for being watchable. Reuses out's buffers when it already holds the
  // right alternative.
  void snapshot(Snapshot& out) const;

 protected:
  // A machine calls this when its last phase has run (or from its constructor when nothing is left to do).
  void markFinished() { done_ = true; }
  bool failed() const { return failed_; }
  int64_t stepsTaken() const { return steps_; }
  // The precondition of every solution(): throws SolveError unless the machine finished without a failure.
  void requireSolved() const;
  // For a machine whose position moves without a step (the lesson's scrubber): the steps taken, the last
  // phase and whether it is done, as they stand after the move.
  void moveTo(int64_t steps, std::string_view lastPhase, bool finished) {
    steps_ = steps;
    lastPhase_ = lastPhase;
    done_ = finished;
  }

 private:
  // The phase the next step runs (called only while not done).
  virtual std::string_view pendingPhase() const = 0;
  // Runs that phase: fills the record's counters and calls markFinished() after the last phase. The frame
  // has set step and phase, and sets iteration, wall_ns and device_ns afterwards.
  virtual void runStep(StepRecord& record) = 0;
  // The algorithm's own outer count after the step (the record's iteration and the header's).
  virtual int32_t iteration() const = 0;
  // Puts the machine's alternative into `out` (reusing its buffers when it is already there), fills its
  // state, and returns its header for the frame to fill; nullptr when the alternative has none.
  virtual StepHeader* fillSnapshot(Snapshot& out) const = 0;
  // Device-timed machines (CUDA kernel sets) start their events here and return the device time of the
  // phase from endDeviceTiming(), or -1 when no device ran it.
  virtual void beginDeviceTiming() {}
  virtual int64_t endDeviceTiming() { return -1; }

  int64_t steps_ = 0;
  std::string_view lastPhase_;
  bool done_ = false;
  bool failed_ = false;
};

}  // namespace ms

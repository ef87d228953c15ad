#pragma once
// The one idea of the solver library: every algorithm is a step machine. A step runs exactly one phase that
// the papers name and returns its trace record; running to the end is stepping without snapshots, so the
// headless path and the watched path are the same code.

#include <span>
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

  virtual bool done() const = 0;
  // Name of the phase the next step() will run ("" once done).
  virtual std::string_view nextPhase() const = 0;
  // Runs one phase. Precondition: !done(). Throws ms::SolveError subclasses (e.g. InfeasibleError); the
  // machine is then done and the caller's session stays usable.
  virtual StepRecord step() = 0;
  // Copies the current state to host memory. Called only on request (at most once per frame by the GUI),
  // so an unwatched solve pays nothing for being watchable. Reuses out's buffers when it already holds the
  // right alternative.
  virtual void snapshot(Snapshot& out) const = 0;
};

}  // namespace ms

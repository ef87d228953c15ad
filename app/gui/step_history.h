#pragma once
// Back, forward and a scrubber over the snapshots a small session stores (RunController::history()). Moving
// shows a stored step and never touches the solver; moving forward past the last stored step asks the
// solver for new steps. Generic over ms::Snapshot: any problem kind whose session keeps history gets it.

#include <QObject>
#include <memory>

#include "app/gui/run_controller.h"

namespace ms::studio {

class StepHistory : public QObject {
  Q_OBJECT
 public:
  explicit StepHistory(RunController& controller, QObject* parent = nullptr);

  bool available() const { return controller_.session().keepsHistory; }
  int latestStep() const { return static_cast<int>(controller_.trace().records().size()); }
  int shownStep() const { return following_ ? latestStep() : shown_; }
  // True while the views follow the solver's newest state; false while they show an earlier stored step.
  bool following() const { return following_; }
  // The stored snapshot of the shown step (null without history).
  std::shared_ptr<const Snapshot> shownSnapshot() const;
  // Iteration after `steps` steps (0 before the first), from the trace.
  int32_t iterationAt(int steps) const;

  void seek(int steps);     // clamped to the stored steps; does nothing without history
  void back();              // one step
  void backIteration();     // to the last step of the previous iteration (or the start)
  void forward();           // one stored step, or one solver step at the end of the history
  void forwardIteration();  // to the first stored step of the next iteration, or on with the solver

 signals:
  void moved();         // the shown step changed by navigation: show shownSnapshot()
  void rangeChanged();  // steps were taken, a session started, or the history is switched on or off

 private:
  RunController& controller_;
  int shown_ = 0;
  bool following_ = true;
};

}  // namespace ms::studio

#pragma once
// One clock for the runs of a race: a tick asks every run that can still step for one step, one run after
// the other (so that their timings do not share the cores), and the next tick waits until each has
// delivered its step. After k ticks a run has taken min(k, its steps) steps. The runs are ordinary run
// controllers; the clock only sends them requests.

#include <QObject>
#include <QTimer>
#include <cstddef>
#include <deque>
#include <vector>

#include "app/gui/run_controller.h"

namespace ms::studio {

class RaceClock : public QObject {
  Q_OBJECT
 public:
  explicit RaceClock(std::vector<RunController*> runs, QObject* parent = nullptr);

  // Back to tick 0 and paused (the runs were just loaded or reset).
  void restart();
  // Starts one tick; false while the previous one is under way or when no run can step.
  bool tick();
  // Ticks `ticksPerSecond` times a second (<= 0: as fast as the runs deliver) until every run is done.
  void play(double ticksPerSecond);
  void pause();

  bool playing() const { return playing_; }
  int ticks() const { return ticks_; }
  // Every run has delivered its step of the latest tick.
  bool idle() const { return waiting_.empty(); }
  // No run can step any more (each is finished, failed or empty).
  bool finished() const;
  // Steps run `run` has delivered (after k ticks: min(k, its steps)).
  int steps(std::size_t run) const;

 signals:
  void ticked(int tick);  // every run delivered its step of this tick
  void playingChanged(bool playing);

 private:
  void askNext();
  void progressed();
  void playTick();

  std::vector<RunController*> runs_;
  std::deque<std::size_t> waiting_;  // the runs still to step in this tick, the first one asked
  std::size_t awaitedSteps_ = 0;     // what the first of waiting_ will have delivered after its step
  int ticks_ = 0;
  bool playing_ = false;
  QTimer timer_;  // the pace while playing; unpaced, each tick starts when the one before is delivered
};

}  // namespace ms::studio

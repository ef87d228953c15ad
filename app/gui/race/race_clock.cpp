#include "app/gui/race/race_clock.h"

#include <algorithm>
#include <utility>

namespace ms::studio {

RaceClock::RaceClock(std::vector<RunController*> runs, QObject* parent)
    : QObject(parent), runs_(std::move(runs)) {
  for (RunController* run : runs_) {
    connect(run, &RunController::recordsAppended, this, &RaceClock::progressed);
    connect(run, &RunController::stateChanged, this, &RaceClock::progressed);
  }
  connect(&timer_, &QTimer::timeout, this, &RaceClock::playTick);
}

void RaceClock::restart() {
  pause();
  waiting_.clear();
  ticks_ = 0;
}

bool RaceClock::tick() {
  if (!idle() || finished()) return false;
  ++ticks_;
  for (std::size_t run = 0; run < runs_.size(); ++run) {
    if (runs_[run]->state() == RunState::Ready) waiting_.push_back(run);
  }
  askNext();
  return true;
}

void RaceClock::play(double ticksPerSecond) {
  playing_ = true;
  if (ticksPerSecond > 0) {
    timer_.start(static_cast<int>(1000.0 / ticksPerSecond));
  } else {
    timer_.stop();
  }
  emit playingChanged(true);
  playTick();
}

void RaceClock::pause() {
  if (!playing_) return;
  playing_ = false;
  timer_.stop();
  emit playingChanged(false);
}

// A paced tick that finds the previous one still under way skips its turn.
void RaceClock::playTick() {
  if (!playing_) return;
  if (finished() && idle()) {
    pause();
  } else {
    tick();
  }
}

bool RaceClock::finished() const {
  return std::none_of(runs_.begin(), runs_.end(), [](const RunController* run) {
    return run->state() == RunState::Ready || run->state() == RunState::Busy;
  });
}

int RaceClock::steps(std::size_t run) const {
  return static_cast<int>(runs_[run]->trace().records().size());
}

void RaceClock::askNext() {
  if (waiting_.empty()) {
    emit ticked(ticks_);
    if (playing_ && !timer_.isActive()) QTimer::singleShot(0, this, &RaceClock::playTick);
    return;
  }
  RunController& run = *runs_[waiting_.front()];
  awaitedSteps_ = run.trace().records().size() + 1;
  run.stepPhase();
}

// The run being stepped has delivered its step (or failed, or was replaced): the next one steps.
void RaceClock::progressed() {
  if (waiting_.empty()) return;
  const RunController& run = *runs_[waiting_.front()];
  const bool delivered = run.trace().records().size() >= awaitedSteps_ && run.state() != RunState::Busy;
  const bool stopped = run.state() == RunState::Failed || run.state() == RunState::Empty;
  if (!delivered && !stopped) return;
  waiting_.pop_front();
  askNext();
}

}  // namespace ms::studio

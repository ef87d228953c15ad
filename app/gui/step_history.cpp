#include "app/gui/step_history.h"

#include <algorithm>

namespace ms::studio {

StepHistory::StepHistory(RunController& controller, QObject* parent)
    : QObject(parent), controller_(controller) {
  connect(&controller_, &RunController::sessionStarted, this, [this] {
    following_ = true;
    emit rangeChanged();
  });
  // New steps come from the solver, so the views follow them again.
  connect(&controller_, &RunController::recordsAppended, this, [this] {
    following_ = true;
    emit rangeChanged();
  });
}

std::shared_ptr<const Snapshot> StepHistory::shownSnapshot() const {
  const auto& history = controller_.history();
  const auto step = static_cast<std::size_t>(shownStep());
  return step < history.size() ? history[step] : nullptr;
}

int32_t StepHistory::iterationAt(int steps) const {
  return steps <= 0 ? 0 : controller_.trace().records()[static_cast<std::size_t>(steps - 1)].iteration;
}

void StepHistory::seek(int steps) {
  if (!available()) return;
  const int target = std::clamp(steps, 0, latestStep());
  if (target == shownStep()) return;
  following_ = target == latestStep();
  shown_ = target;
  emit moved();
  emit rangeChanged();
}

void StepHistory::back() {
  seek(shownStep() - 1);
}

void StepHistory::backIteration() {
  const int from = shownStep();
  const int32_t iteration = iterationAt(from);
  int target = from - 1;
  while (target > 0 && iterationAt(target) == iteration) --target;
  seek(target);
}

void StepHistory::forward() {
  if (available() && !following_) {
    seek(shown_ + 1);
  } else {
    controller_.stepPhase();
  }
}

// The solver's "step iteration" runs until the iteration changes; the stored steps are searched the same way.
void StepHistory::forwardIteration() {
  if (available() && !following_) {
    const int32_t iteration = iterationAt(shown_);
    for (int step = shown_ + 1; step <= latestStep(); ++step) {
      if (iterationAt(step) != iteration) {
        seek(step);
        return;
      }
    }
    seek(latestStep());
  }
  controller_.stepIteration();
}

}  // namespace ms::studio

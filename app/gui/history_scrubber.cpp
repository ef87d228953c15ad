#include "app/gui/history_scrubber.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

#include "app/gui/run_controller.h"
#include "app/gui/step_history.h"

namespace ms::studio {

HistoryScrubber::HistoryScrubber(StepHistory& history, RunController& controller, QWidget* parent)
    : QWidget(parent), history_(history), controller_(controller) {
  setObjectName(QStringLiteral("historyScrubber"));
  slider_ = new QSlider(Qt::Horizontal, this);
  slider_->setToolTip(tr("The stored steps: drag to show the state after any of them"));
  slider_->setObjectName(QStringLiteral("historySlider"));
  slider_->setMinimumWidth(120);
  position_ = new QLabel(this);
  position_->setObjectName(QStringLiteral("historyPosition"));
  position_->setMinimumWidth(80);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(new QLabel(tr(" History "), this));
  layout->addWidget(slider_, 1);
  layout->addWidget(position_);
  connect(slider_, &QSlider::valueChanged, &history_, &StepHistory::seek);
  connect(&history_, &StepHistory::rangeChanged, this, &HistoryScrubber::refresh);
  connect(&controller_, &RunController::stateChanged, this, &HistoryScrubber::refresh);
  refresh();
}

void HistoryScrubber::refresh() {
  const bool available = history_.available();
  // While a solve runs the newest step moves on: scrubbing waits until it pauses.
  setEnabled(available && controller_.state() != RunState::Busy);
  setToolTip(available ? tr("Stored steps: drag to show one (Left/Shift+Left step back)")
                       : tr("History is kept for instances up to n = %1; larger ones are not stored")
                             .arg(kHistoryMaxSize));
  const QSignalBlocker block(slider_);
  slider_->setRange(0, available ? history_.latestStep() : 0);
  slider_->setValue(available ? history_.shownStep() : 0);
  if (available) {
    position_->setText(tr("%1/%2 steps").arg(history_.shownStep()).arg(history_.latestStep()));
  } else {
    // No run (another problem kind chosen, nothing loaded) is not a run too large to keep.
    position_->setText(controller_.state() == RunState::Empty ? tr("no run")
                                                              : tr("off (n > %1)").arg(kHistoryMaxSize));
  }
}

}  // namespace ms::studio

#pragma once
// The transport's scrubber over the steps taken: a slider from the start to the newest step and a "step k/N"
// label. Moving it shows that stored step; without history (large instances) it is disabled and says why.

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QSlider;
QT_END_NAMESPACE

namespace ms::studio {

class RunController;
class StepHistory;

class HistoryScrubber : public QWidget {
  Q_OBJECT
 public:
  HistoryScrubber(StepHistory& history, RunController& controller, QWidget* parent = nullptr);

  QSlider& slider() { return *slider_; }

 private:
  void refresh();

  StepHistory& history_;
  RunController& controller_;
  QSlider* slider_ = nullptr;
  QLabel* position_ = nullptr;
};

}  // namespace ms::studio

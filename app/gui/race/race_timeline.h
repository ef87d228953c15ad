#pragma once
// The race's shared timeline: for each run, its solver time so far against its step, one series per run in
// the run's colour, with a legend naming the runs. A GPU run gets a point only at the steps that end an
// iteration: its phases are kernel launches whose host wall time says little one by one, while an
// iteration ends with a read-back, so the time up to it is the device's too.

#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <span>
#include <vector>

#include "solver/core/step_record.h"

QT_BEGIN_NAMESPACE
class QChart;
class QLabel;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace ms::studio {

// (steps taken, solver milliseconds so far) from (0, 0): after every record, or with `perIteration` after
// each record that ends an iteration (the next record's iteration differs, or `complete` says the run is
// over after the last one).
QList<QPointF> raceTimePoints(std::span<const StepRecord> records, bool perIteration, bool complete);

struct RaceSeries {
  QString name;
  QColor colour;
  bool perIteration = false;
};

class RaceTimeline : public QWidget {
  Q_OBJECT
 public:
  explicit RaceTimeline(QWidget* parent = nullptr);

  void setRuns(const std::vector<RaceSeries>& runs);
  // The records of run `run` that the race shows; `complete`: the run is over after the last of them.
  void showRecords(std::size_t run, std::span<const StepRecord> records, bool complete);

  // What the chart holds (tests read these).
  int seriesCount() const;
  QList<QPointF> points(std::size_t run) const;
  QColor colour(std::size_t run) const;
  QString legendText() const;
  QChart& chart() const { return *chart_; }

 private:
  void updateLegend();
  void fitAxes();

  QChart* chart_;
  QValueAxis* x_;
  QValueAxis* y_;
  QLabel* legend_;
  std::vector<QLineSeries*> series_;
  std::vector<RaceSeries> runs_;
};

}  // namespace ms::studio

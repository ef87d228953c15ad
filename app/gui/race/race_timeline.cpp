#include "app/gui/race/race_timeline.h"

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>

namespace ms::studio {

namespace {
constexpr double kMinSteps = 10;
}  // namespace

QList<QPointF> raceTimePoints(std::span<const StepRecord> records, bool perIteration, bool complete) {
  QList<QPointF> points{{0, 0}};
  int64_t wallNs = 0;
  for (std::size_t k = 0; k < records.size(); ++k) {
    wallNs += records[k].wall_ns;
    const bool last = k + 1 == records.size();
    const bool endsIteration = last ? complete : records[k + 1].iteration != records[k].iteration;
    if (!perIteration || endsIteration)
      points.append({static_cast<double>(k + 1), static_cast<double>(wallNs) / 1e6});
  }
  return points;
}

RaceTimeline::RaceTimeline(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("raceTimeline"));
  chart_ = new QChart();
  chart_->setAnimationOptions(QChart::NoAnimation);
  chart_->setTitle(tr("Solver time so far, per step (GPU runs: at the end of each iteration)"));
  chart_->legend()->hide();  // the label below names the runs without cutting their names short
  chart_->setMargins(QMargins(2, 2, 2, 2));
  x_ = new QValueAxis(chart_);
  y_ = new QValueAxis(chart_);
  x_->setTitleText(tr("step"));
  x_->setLabelFormat(QStringLiteral("%d"));
  y_->setTitleText(tr("time (ms)"));
  y_->setLabelFormat(QStringLiteral("%g"));
  chart_->addAxis(x_, Qt::AlignBottom);
  chart_->addAxis(y_, Qt::AlignLeft);
  auto* view = new QChartView(chart_, this);  // owns the chart
  view->setObjectName(QStringLiteral("raceChartView"));
  view->setMinimumHeight(150);
  legend_ = new QLabel(this);
  legend_->setObjectName(QStringLiteral("raceLegend"));
  legend_->setTextFormat(Qt::RichText);
  legend_->setAlignment(Qt::AlignCenter);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(view, 1);
  layout->addWidget(legend_);
}

void RaceTimeline::setRuns(const std::vector<RaceSeries>& runs) {
  for (QLineSeries* series : series_) {
    chart_->removeSeries(series);
    delete series;
  }
  series_.clear();
  runs_ = runs;
  for (const RaceSeries& run : runs_) {
    auto* series = new QLineSeries(chart_);
    series->setName(run.name);
    series->setColor(run.colour);
    series->setPointsVisible(true);
    chart_->addSeries(series);
    series->attachAxis(x_);
    series->attachAxis(y_);
    series_.push_back(series);
  }
  updateLegend();
  fitAxes();
}

void RaceTimeline::showRecords(std::size_t run, std::span<const StepRecord> records, bool complete) {
  if (run >= series_.size()) return;
  series_[run]->replace(raceTimePoints(records, runs_[run].perIteration, complete));
  fitAxes();
}

// Both runs on the same axes, from 0 to the larger of their ends (at least a few steps, so that the step
// axis's labels are whole numbers before the first).
void RaceTimeline::fitAxes() {
  double steps = kMinSteps;
  double milliseconds = 0;
  for (const QLineSeries* series : series_) {
    for (const QPointF& point : series->points()) {
      steps = std::max(steps, point.x());
      milliseconds = std::max(milliseconds, point.y());
    }
  }
  x_->setRange(0, steps);
  y_->setRange(0, milliseconds > 0 ? milliseconds * 1.05 : 1);
  x_->applyNiceNumbers();
  y_->applyNiceNumbers();
}

void RaceTimeline::updateLegend() {
  QStringList entries;
  for (const RaceSeries& run : runs_) {
    entries << QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
                   .arg(run.colour.name(), run.name.toHtmlEscaped());
  }
  legend_->setText(entries.join(QStringLiteral(" &nbsp; &nbsp; ")));
}

int RaceTimeline::seriesCount() const {
  return static_cast<int>(chart_->series().size());
}

QList<QPointF> RaceTimeline::points(std::size_t run) const {
  return run < series_.size() ? series_[run]->points() : QList<QPointF>{};
}

QColor RaceTimeline::colour(std::size_t run) const {
  return run < series_.size() ? series_[run]->color() : QColor();
}

QString RaceTimeline::legendText() const {
  return legend_->text();
}

}  // namespace ms::studio

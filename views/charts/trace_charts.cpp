#include "views/charts/trace_charts.h"

#include <QChart>
#include <QChartView>
#include <QColor>
#include <QFontMetrics>
#include <QLabel>
#include <QLineSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <array>
#include <cmath>

#include "views/charts/min_max_decimation.h"

namespace ms::views {

namespace {

// The smallest of 1, 2, 5 times a power of ten that is at least `value` (> 0). Axes grow in these steps,
// so their labels (and the chart's layout) change only now and then while points stream in.
double niceCeiling(double value) {
  if (!(value > 0)) return 1;
  const double power = std::pow(10.0, std::floor(std::log10(value)));
  for (double step : {1.0, 2.0, 5.0, 10.0}) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

void setAxisRange(QValueAxis* axis, double low, double high) {
  if (axis->min() != low || axis->max() != high) axis->setRange(low, high);
}

// An axis of iterations or levels: whole-number ticks, about five of them. The tick interval changes on
// the side that keeps the tick count small in between (a wide range with a fine interval means thousands
// of labels for a moment).
void setIntegerAxis(QValueAxis* axis, double low, double span) {
  const double interval = std::max(1.0, niceCeiling(span / 5));
  if (interval > axis->tickInterval()) {
    axis->setTickInterval(interval);
    setAxisRange(axis, low, low + span);
  } else {
    setAxisRange(axis, low, low + span);
    if (interval < axis->tickInterval()) axis->setTickInterval(interval);
  }
}

// Tableau 10: ten hues told apart on white and in print; a chart's series take them in the order they
// are added (Qt's default theme has five, so a sixth phase repeated the first's colour).
constexpr std::array<QRgb, 10> kSeriesColors = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
                                                0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0x7f7f7f};

// Counter and phase names as a person reads them: "forward_level" is "forward level".
QString readableName(std::string_view name) {
  return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()))
      .replace(QLatin1Char('_'), QLatin1Char(' '));
}

// Below a millisecond the time chart counts microseconds, so its ticks read "20", not "0.02".
constexpr double kMicrosecondsBelowMs = 1;

}  // namespace

TraceCharts::TraceCharts(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  timeChart_ = makeChart(tr("ms"));
  gainChart_ = makeChart(QString());
  objectiveChart_ = makeChart(tr("cost"));
  factorChart_ = makeChart(tr("cost / optimum"));
  for (std::size_t k = 0; k < kMaxPhaseCharts; ++k) {
    phaseCharts_.push_back(std::make_unique<PhaseChart>());
    phaseCharts_.back()->chart = makeChart(QString());
  }
  layout->addWidget(timeChart_.box);
  layout->addWidget(gainChart_.box);
  for (const auto& phaseChart : phaseCharts_) layout->addWidget(phaseChart->chart.box);
  layout->addWidget(objectiveChart_.box);
  layout->addWidget(factorChart_.box);
  attach(gainChart_, gainPlot_, QString());
  attach(objectiveChart_, objectivePlot_, tr("cost"));
  attach(objectiveChart_, referencePlot_, tr("optimum"));
  updateLegend(objectiveChart_);
  attach(factorChart_, factorPlot_, QString());
  objectiveChart_.chart->setTitle(tr("Cost of the rows assigned so far, against the optimum"));
  // A partial assignment's cost is below the optimum: its ratio would read as better than optimal.
  factorChart_.chart->setTitle(tr("Approximation factor of complete assignments"));
  for (Chart* chart : {&objectiveChart_, &factorChart_}) chart->x->setTitleText(tr("step"));
  refreshTimer_.setSingleShot(true);
  refreshTimer_.setInterval(kRefreshMs);
  connect(&refreshTimer_, &QTimer::timeout, this, &TraceCharts::refreshNow);
  setConfig({});  // the titles until a problem kind chooses its own
}

TraceCharts::~TraceCharts() = default;

// Titles and the x axis's title come with the config.
TraceCharts::Chart TraceCharts::makeChart(const QString& yTitle) {
  Chart chart;
  chart.chart = new QChart();
  chart.chart->setAnimationOptions(QChart::NoAnimation);
  // Qt Charts' legend cuts its entries short in a narrow dock ("reve..."): the legend is a label under the
  // chart that wraps instead.
  chart.chart->legend()->hide();
  chart.chart->setMargins(QMargins(2, 2, 2, 2));
  chart.x = new QValueAxis(chart.chart);
  chart.y = new QValueAxis(chart.chart);
  chart.y->setTitleText(yTitle);
  chart.x->setLabelFormat(QStringLiteral("%d"));
  chart.y->setLabelFormat(QStringLiteral("%g"));  // "0.005", where the default "%.2f" style is cut to "0..."

  chart.x->setTickType(QValueAxis::TicksDynamic);
  chart.x->setTickAnchor(0);
  chart.x->setTickInterval(1);
  chart.chart->addAxis(chart.x, Qt::AlignBottom);
  chart.chart->addAxis(chart.y, Qt::AlignLeft);
  chart.box = new QWidget(this);
  chart.view = new QChartView(chart.chart, chart.box);  // the view owns the chart
  chart.view->setMinimumHeight(kMinChartHeight);
  chart.legend = new QLabel(chart.box);
  chart.legend->setTextFormat(Qt::RichText);
  chart.legend->setAlignment(Qt::AlignCenter);
  chart.legend->hide();
  auto* layout = new QVBoxLayout(chart.box);
  layout->setContentsMargins(0, 0, 0, 4);
  layout->setSpacing(0);
  layout->addWidget(chart.view, 1);
  layout->addWidget(chart.legend);
  return chart;
}

// A swatch and the name of each named series, in rows that fit the widget's width (no word wrap: a label
// that wraps has a height for its width, which makes a scroll area size the charts by their preferred
// heights); one series needs no legend (the chart's title names it).
void TraceCharts::updateLegend(Chart& chart) {
  const QFontMetrics metrics(chart.legend->font());
  const int available = std::max(1, width() - 8);
  const int gap = metrics.horizontalAdvance(QStringLiteral("   "));
  QStringList rows;
  QString row;
  int rowWidth = 0;
  int entries = 0;
  for (const QAbstractSeries* series : chart.chart->series()) {
    const auto* line = qobject_cast<const QLineSeries*>(series);
    if (line == nullptr || series->name().isEmpty()) continue;
    const int entryWidth = metrics.horizontalAdvance(QStringLiteral("\u25a0 ") + series->name());
    if (!row.isEmpty() && rowWidth + gap + entryWidth > available) {
      rows << row;
      row.clear();
      rowWidth = 0;
    }
    if (!row.isEmpty()) {
      row += QStringLiteral(" &nbsp; ");
      rowWidth += gap;
    }
    row += QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;%2")
               .arg(line->color().name(),
                    series->name().toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;")));
    rowWidth += entryWidth;
    ++entries;
  }
  if (!row.isEmpty()) rows << row;
  const QString text = entries > 1 ? rows.join(QStringLiteral("<br>")) : QString();
  if (chart.legend->text() != text) chart.legend->setText(text);
  chart.legend->setVisible(!text.isEmpty());
}

void TraceCharts::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  for (Chart* chart : {&timeChart_, &gainChart_, &objectiveChart_, &factorChart_}) updateLegend(*chart);
  for (auto& phaseChart : phaseCharts_) updateLegend(phaseChart->chart);
}

void TraceCharts::attach(Chart& chart, Plot& plot, const QString& name) {
  plot.series = new QLineSeries(chart.chart);
  plot.series->setName(name);
  const auto index = static_cast<std::size_t>(chart.chart->series().size());
  plot.series->setColor(QColor::fromRgb(kSeriesColors[index % kSeriesColors.size()]));
  chart.chart->addSeries(plot.series);
  plot.series->attachAxis(chart.x);
  plot.series->attachAxis(chart.y);
}

void TraceCharts::setRefreshInterval(int milliseconds) {
  refreshTimer_.setInterval(std::max(milliseconds, kRefreshMs));
}

void TraceCharts::setConfig(TraceChartsConfig config) {
  config_ = std::move(config);
  gainChart_.chart->setTitle(config_.gainTitle);
  timeChart_.chart->setTitle(config_.timeTitle.isEmpty() ? tr("Time per phase per iteration")
                                                         : config_.timeTitle);
  const QString iterationTitle = config_.iterationTitle.isEmpty() ? tr("iteration") : config_.iterationTitle;
  timeChart_.x->setTitleText(iterationTitle);
  gainChart_.x->setTitleText(iterationTitle);
  gainChart_.box->setVisible(!config_.gainCounter.empty());
  objectiveChart_.box->setVisible(config_.showsObjective);
  factorChart_.box->setVisible(config_.showsObjective);
  if (config_.phaseCharts.size() > kMaxPhaseCharts) config_.phaseCharts.resize(kMaxPhaseCharts);
  for (std::size_t k = 0; k < phaseCharts_.size(); ++k) {
    const bool used = k < config_.phaseCharts.size();
    phaseCharts_[k]->chart.box->setVisible(used);
    setPhaseChart(*phaseCharts_[k], used ? config_.phaseCharts[k] : PhaseChartConfig{});
  }
}

void TraceCharts::setPhaseChart(PhaseChart& phaseChart, const PhaseChartConfig& config) {
  Chart& chart = phaseChart.chart;
  chart.chart->setTitle(config.title);
  chart.x->setTitleText(config.axisTitle.isEmpty() ? tr("level (whole solve)") : config.axisTitle);
  auto& plots = phaseChart.plots;
  while (plots.size() > config.counters.size()) {
    chart.chart->removeSeries(plots.back()->series);
    delete plots.back()->series;
    plots.pop_back();
  }
  while (plots.size() < config.counters.size()) {
    plots.push_back(std::make_unique<Plot>());
    attach(chart, *plots.back(), QString());
  }
  for (std::size_t k = 0; k < plots.size(); ++k) plots[k]->series->setName(readableName(config.counters[k]));
  updateLegend(chart);
}

void TraceCharts::reset(std::span<const std::string_view> counterNames) {
  counterNames_.assign(counterNames.begin(), counterNames.end());
  // The phases of the new session (another algorithm's, another kind's) get their series as they come: a
  // legend keeps no phase the session does not have.
  for (auto& [name, plot] : phasePlots_) {
    if (plot.series == nullptr) continue;
    timeChart_.chart->removeSeries(plot.series);
    delete plot.series;
  }
  phasePlots_.clear();
  gainPlot_.ring.clear();
  gainPlot_.dirty = true;
  for (auto& phaseChart : phaseCharts_) {
    for (auto& plot : phaseChart->plots) {
      plot->ring.clear();
      plot->dirty = true;
    }
    phaseChart->stepIndex = 0;
  }
  for (Plot* plot : {&objectivePlot_, &referencePlot_, &factorPlot_}) {
    plot->ring.clear();
    plot->dirty = true;
  }
  completeCosts_.clear();
  reference_ = std::nan("");
  lastGainIteration_ = -1;
  lastGainValue_ = 0;
  initialValue_ = -1;
  refreshNow();
}

int TraceCharts::counterSlot(const std::string& name) const {
  const auto it = std::find(counterNames_.begin(), counterNames_.end(), name);
  return it == counterNames_.end() ? -1 : static_cast<int>(it - counterNames_.begin());
}

// A new phase gets its ring at once and its series at the next refresh, so appending never touches the
// chart (and never triggers a relayout between refreshes).
TraceCharts::Plot& TraceCharts::phasePlot(std::string_view phase) {
  auto it = phasePlots_.find(phase);
  if (it == phasePlots_.end()) it = phasePlots_.emplace(std::string(phase), Plot{}).first;
  return it->second;
}

void TraceCharts::append(std::span<const StepRecord> records) {
  const int gainSlot = counterSlot(config_.gainCounter);
  std::vector<std::vector<int>> phaseSlots;  // per phase chart, per counter
  for (const PhaseChartConfig& phaseChart : config_.phaseCharts) {
    phaseSlots.emplace_back();
    for (const std::string& name : phaseChart.counters) phaseSlots.back().push_back(counterSlot(name));
  }
  for (const StepRecord& record : records) {
    Plot& time = phasePlot(record.phase);
    time.ring.accumulate(record.iteration, static_cast<double>(record.wall_ns) / 1e6);
    time.dirty = true;
    if (gainSlot >= 0 && !std::isnan(record.counters[static_cast<std::size_t>(gainSlot)])) {
      // A reading at the start of iteration k (or at the end) closes the iteration of the previous reading.
      const double value = record.counters[static_cast<std::size_t>(gainSlot)];
      if (config_.gainShowsValue) {
        gainPlot_.ring.setLast(record.iteration, value);
        gainPlot_.dirty = true;
      } else if (lastGainIteration_ < 0) {
        initialValue_ = value;
      } else {
        gainPlot_.ring.push({static_cast<double>(lastGainIteration_), value - lastGainValue_});
        gainPlot_.dirty = true;
      }
      lastGainValue_ = value;
      lastGainIteration_ = record.iteration;
    }
    for (std::size_t c = 0; c < config_.phaseCharts.size(); ++c) {
      if (record.phase != config_.phaseCharts[c].phase) continue;
      // Steps of the phase are numbered whenever one of the counters applies to them.
      PhaseChart& phaseChart = *phaseCharts_[c];
      const std::vector<int>& counterSlots = phaseSlots[c];
      bool counted = false;
      for (std::size_t k = 0; k < counterSlots.size(); ++k) {
        if (counterSlots[k] < 0 || std::isnan(record.counters[static_cast<std::size_t>(counterSlots[k])]))
          continue;
        if (!counted) ++phaseChart.stepIndex;
        counted = true;
        phaseChart.plots[k]->ring.push({static_cast<double>(phaseChart.stepIndex),
                                        record.counters[static_cast<std::size_t>(counterSlots[k])]});
        phaseChart.plots[k]->dirty = true;
      }
    }
  }
  if (!refreshTimer_.isActive()) refreshTimer_.start();
}

void TraceCharts::appendObjective(int64_t step, double cost, bool complete) {
  const QPointF point(static_cast<double>(step), cost);
  objectivePlot_.ring.setLast(point.x(), point.y());
  objectivePlot_.dirty = true;
  if (complete) {
    completeCosts_.setLast(point.x(), point.y());
    pushFactor(point);
  }
  if (!refreshTimer_.isActive()) refreshTimer_.start();
}

void TraceCharts::setReference(double reference) {
  reference_ = reference;
  factorPlot_.ring.clear();
  for (const QPointF& point : completeCosts_.ordered()) pushFactor(point);
  factorPlot_.dirty = referencePlot_.dirty = true;
  refreshNow();
}

void TraceCharts::pushFactor(QPointF objective) {
  if (std::isnan(reference_) || reference_ == 0) return;
  factorPlot_.ring.setLast(objective.x(), objective.y() / reference_);
  factorPlot_.dirty = true;
}

void TraceCharts::refreshNow() {
  refreshTimer_.stop();
  std::vector<Plot*> timePlots;
  double slowest = 0;
  for (auto& [name, plot] : phasePlots_) {
    if (plot.series == nullptr) attach(timeChart_, plot, readableName(name));
    timePlots.push_back(&plot);
    for (std::size_t k = 0; k < plot.ring.size(); ++k) slowest = std::max(slowest, plot.ring.at(k).y());
  }
  const double timeScale = slowest < kMicrosecondsBelowMs ? 1000 : 1;
  if (timeScale != timeScale_) {
    timeScale_ = timeScale;
    for (Plot* plot : timePlots) plot->dirty = true;
    timeChart_.y->setTitleText(timeScale_ == 1 ? tr("ms") : tr("µs"));
  }
  push(timeChart_, timePlots, timeScale_);
  updateLegend(timeChart_);
  Plot* gain = &gainPlot_;
  push(gainChart_, std::span<Plot* const>(&gain, 1));
  for (auto& phaseChart : phaseCharts_) {
    std::vector<Plot*> plots;
    for (auto& plot : phaseChart->plots) plots.push_back(plot.get());
    push(phaseChart->chart, plots);
  }
  // The reference spans the steps plotted so far.
  referencePlot_.ring.clear();
  if (!std::isnan(reference_)) {
    const double first = objectivePlot_.ring.empty() ? 0 : objectivePlot_.ring.at(0).x();
    const double last = objectivePlot_.ring.empty() ? 1 : objectivePlot_.ring.back().x();
    referencePlot_.ring.push({first, reference_});
    referencePlot_.ring.push({std::max(last, first + 1), reference_});
  }
  referencePlot_.dirty = true;
  Plot* const objectivePlots[] = {&objectivePlot_, &referencePlot_};
  push(objectiveChart_, objectivePlots);
  Plot* factor = &factorPlot_;
  push(factorChart_, std::span<Plot* const>(&factor, 1));
  const QString gainTitle = initialValue_ >= 0 && !config_.gainShowsValue
                                ? tr("%1 (initial: %2)").arg(config_.gainTitle).arg(initialValue_)
                                : config_.gainTitle;
  if (gainChart_.chart->title() != gainTitle) gainChart_.chart->setTitle(gainTitle);
  ++refreshCount_;
}

// Axes cover every point of the chart's series; each dirty series gets one replace() of its decimated ring.
void TraceCharts::push(Chart& chart, std::span<Plot* const> plots, double yScale) {
  double xMin = 0, xMax = 1, yMax = 0, yMin = 0;
  bool any = false;
  for (const Plot* plot : plots) {
    if (plot->ring.empty()) continue;
    const double first = plot->ring.at(0).x(), last = plot->ring.at(plot->ring.size() - 1).x();
    xMin = any ? std::min(xMin, first) : first;
    xMax = any ? std::max(xMax, last) : last;
    for (std::size_t k = 0; k < plot->ring.size(); ++k) {
      yMax = std::max(yMax, plot->ring.at(k).y() * yScale);
      yMin = std::min(yMin, plot->ring.at(k).y() * yScale);
    }
    any = true;
  }
  if (xMax <= xMin) xMax = xMin + 1;
  const int columns = std::max(1, static_cast<int>(chart.chart->plotArea().width()));
  for (Plot* plot : plots) {
    if (!plot->dirty) continue;
    QList<QPointF> points = decimateMinMax(plot->ring.ordered(), xMin, xMax, columns);
    if (yScale != 1) {
      for (QPointF& point : points) point.setY(point.y() * yScale);
    }
    plot->series->replace(points);
    const bool marked = plot->series->count() <= kMaxMarkedPoints;
    if (plot->series->pointsVisible() != marked) plot->series->setPointsVisible(marked);
    plot->dirty = false;
  }
  setIntegerAxis(chart.x, xMin, niceCeiling(xMax - xMin));
  setAxisRange(chart.y, yMin < 0 ? -niceCeiling(-yMin) : 0, niceCeiling(yMax));
}

QList<QPointF> TraceCharts::phaseTimePoints(std::string_view phase) const {
  const auto it = phasePlots_.find(phase);
  if (it == phasePlots_.end() || it->second.series == nullptr) return {};
  QList<QPointF> points = it->second.series->points();
  for (QPointF& point : points) point.setY(point.y() / timeScale_);
  return points;
}

QStringList TraceCharts::timeSeriesNames() const {
  QStringList names;
  for (const QAbstractSeries* series : timeChart_.chart->series()) names << series->name();
  return names;
}

QString TraceCharts::timeUnit() const {
  return timeChart_.y->titleText();
}

std::vector<QChart*> TraceCharts::shownCharts() const {
  std::vector<QChart*> charts;
  for (const Chart* chart : {&timeChart_, &gainChart_, &objectiveChart_, &factorChart_}) {
    if (chart->box->isVisible()) charts.push_back(chart->chart);
  }
  for (const auto& phaseChart : phaseCharts_) {
    if (phaseChart->chart.box->isVisible()) charts.push_back(phaseChart->chart.chart);
  }
  return charts;
}

bool TraceCharts::phaseTimeMarked(std::string_view phase) const {
  const auto it = phasePlots_.find(phase);
  return it != phasePlots_.end() && it->second.series != nullptr && it->second.series->pointsVisible();
}

QList<QPointF> TraceCharts::gainPoints() const {
  return gainPlot_.series->points();
}
QList<QPointF> TraceCharts::objectivePoints() const {
  return objectivePlot_.series->points();
}
QList<QPointF> TraceCharts::referencePoints() const {
  return referencePlot_.series->points();
}
QList<QPointF> TraceCharts::factorPoints() const {
  return factorPlot_.series->points();
}

QList<QPointF> TraceCharts::phasePoints(std::size_t chart, std::size_t counter) const {
  if (chart >= phaseCharts_.size() || counter >= phaseCharts_[chart]->plots.size()) return {};
  return phaseCharts_[chart]->plots[counter]->series->points();
}

}  // namespace ms::views

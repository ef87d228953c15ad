#pragma once
// Live charts of a solve's trace (Qt Charts): time per phase per iteration, the gain of one counter per
// iteration (assignments found, the paper's Table 2 view), one counter over the steps of one phase
// (frontier size per BFS level) and, for approximations, the cost after each step against a reference (the
// optimum) with their ratio, the approximation factor. Records go into ring buffers as they arrive; the
// series are refreshed at most ~30 times a second, one replace() each, decimated to min/max per pixel column.

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QWidget>
#include <cmath>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "solver/core/step_record.h"
#include "views/charts/point_ring.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace ms::views {

// Counters over the steps of one phase, one series each: the frontier of every BFS level, the flips of every
// ROMA phase, the cut and imbalance after every FM pass.
struct PhaseChartConfig {
  std::string phase;
  std::vector<std::string> counters;
  QString title;
  QString axisTitle;  // x axis; empty: "level (whole solve)"
};

// Which counters the counter charts follow; the problem kind chooses (empty names hide a chart).
struct TraceChartsConfig {
  QString timeTitle;        // chart 1; empty: "Time per phase per iteration"
  QString iterationTitle;   // x axis of charts 1 and 2, the algorithm's outer loop; empty: "iteration"
  std::string gainCounter;  // chart 2: increase of this counter per iteration
  QString gainTitle;
  bool gainShowsValue = false;  // chart 2 plots the counter's value at the end of each iteration instead
  std::vector<PhaseChartConfig> phaseCharts;  // below chart 2, in this order; at most kMaxPhaseCharts
  bool showsObjective = false;  // the last two charts: cost against the reference, and cost / reference
};

class TraceCharts : public QWidget {
  Q_OBJECT
 public:
  static constexpr std::size_t kRingCapacity = 1 << 15;  // points kept per series
  static constexpr int kRefreshMs = 33;                  // at most ~30 refreshes a second
  static constexpr std::size_t kMaxPhaseCharts = 2;      // two counters of two phases
  // A series shows a marker on each point while it has at most this many (so that a lone point shows);
  // longer ones are lines.
  static constexpr qsizetype kMaxMarkedPoints = 40;
  static constexpr int kMinChartHeight = 170;

  explicit TraceCharts(QWidget* parent = nullptr);
  ~TraceCharts() override;

  void setConfig(TraceChartsConfig config);
  // Starts over for a session whose records carry these counters.
  void reset(std::span<const std::string_view> counterNames);
  void append(std::span<const StepRecord> records);
  void refreshNow();  // pushes pending points to the series at once (tests, exports)
  // Time between refreshes while points stream in; never below kRefreshMs.
  void setRefreshInterval(int milliseconds);
  // The objective chart (config.showsObjective): the cost after step `step`, and the value it is compared
  // with (NaN: not known yet; the factor chart waits for it). A reference of 0 gives no factor.
  // `complete`: every row is assigned; only those steps get a factor point (a partial assignment costs less
  // than the optimum).
  void appendObjective(int64_t step, double cost, bool complete);
  void setReference(double reference);
  double reference() const { return reference_; }

  // What the series hold after the last refresh (tests read these); times in ms whatever unit the axis shows.
  QList<QPointF> phaseTimePoints(std::string_view phase) const;
  QStringList timeSeriesNames() const;  // the time chart's legend, in order
  QString timeUnit() const;             // "ms", or "µs" while every time is below a millisecond
  std::vector<QChart*> shownCharts() const;
  bool phaseTimeMarked(std::string_view phase) const;  // whether that series shows its points' markers
  QList<QPointF> gainPoints() const;
  // Series of config.phaseCharts[chart].counters[counter].
  QList<QPointF> phasePoints(std::size_t chart, std::size_t counter) const;
  QList<QPointF> levelPoints(std::size_t counter = 0) const { return phasePoints(0, counter); }
  QList<QPointF> objectivePoints() const;
  QList<QPointF> referencePoints() const;  // the reference's line across the objective chart
  QList<QPointF> factorPoints() const;
  int refreshCount() const { return refreshCount_; }

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  struct Plot {
    PointRing ring{kRingCapacity};
    QLineSeries* series = nullptr;
    bool dirty = false;
  };
  struct Chart {
    QChart* chart = nullptr;
    QWidget* box = nullptr;  // the chart view above its legend
    QChartView* view = nullptr;
    QLabel* legend = nullptr;
    QValueAxis* x = nullptr;
    QValueAxis* y = nullptr;
  };

  Chart makeChart(const QString& yTitle);
  Plot& phasePlot(std::string_view phase);
  void attach(Chart& chart, Plot& plot, const QString& name);
  void updateLegend(Chart& chart);
  // The plots' points times `yScale` (the time chart's unit).
  void push(Chart& chart, std::span<Plot* const> plots, double yScale = 1);
  int counterSlot(const std::string& name) const;

  TraceChartsConfig config_;
  std::vector<std::string> counterNames_;
  void pushFactor(QPointF objective);

  struct PhaseChart {
    Chart chart;
    std::vector<std::unique_ptr<Plot>> plots;  // one per counter
    int stepIndex = 0;                         // steps of the phase counted so far
  };
  void setPhaseChart(PhaseChart& chart, const PhaseChartConfig& config);

  Chart timeChart_, gainChart_, objectiveChart_, factorChart_;
  // Made with the widget (one made later would be laid out and shown only after a trip through the event
  // loop); those config_.phaseCharts does not use are hidden.
  std::vector<std::unique_ptr<PhaseChart>> phaseCharts_;
  std::map<std::string, Plot, std::less<>> phasePlots_;
  Plot gainPlot_;
  Plot objectivePlot_, referencePlot_, factorPlot_;
  PointRing completeCosts_{kRingCapacity};  // the objective's points of complete assignments
  double reference_ = std::nan("");
  double timeScale_ = 1;  // the time chart's points per ms: 1 (ms) or 1000 (µs)
  double lastGainValue_ = 0;
  int lastGainIteration_ = -1;
  double initialValue_ = -1;
  QTimer refreshTimer_;
  int refreshCount_ = 0;
};

}  // namespace ms::views

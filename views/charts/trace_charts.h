#pragma once
// Live charts of a solve's trace (Qt Charts): time per phase per iteration, the gain of one counter per
// iteration (assignments found, the paper's Table 2 view) and one counter over the steps of one phase
// (frontier size per BFS level). Records go into ring buffers as they arrive; the series are refreshed at
// most ~30 times a second, one replace() each, decimated to min/max per pixel column.

#include <QList>
#include <QPointF>
#include <QString>
#include <QTimer>
#include <QWidget>
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
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace ms::views {

// Which counters the two counter charts follow; the problem kind chooses (empty names hide a chart).
struct TraceChartsConfig {
  QString timeTitle;        // chart 1; empty: "Time per phase per iteration"
  QString iterationTitle;   // x axis of charts 1 and 2, the algorithm's outer loop; empty: "iteration"
  std::string gainCounter;  // chart 2: increase of this counter per iteration
  QString gainTitle;
  bool gainShowsValue = false;  // chart 2 plots the counter's value at the end of each iteration instead
  std::string levelPhase;       // chart 3: these counters on every step of this phase, one series each
  std::vector<std::string> levelCounters;
  QString levelTitle;
  QString levelAxisTitle;  // x axis of chart 3; empty: "level (whole solve)"
};

class TraceCharts : public QWidget {
  Q_OBJECT
 public:
  static constexpr std::size_t kRingCapacity = 1 << 15;  // points kept per series
  static constexpr int kRefreshMs = 33;                  // at most ~30 refreshes a second
  // A series shows a marker on each point while it has at most this many (so that a lone point shows);
  // longer ones are lines.
  static constexpr qsizetype kMaxMarkedPoints = 40;

  explicit TraceCharts(QWidget* parent = nullptr);
  ~TraceCharts() override;

  void setConfig(TraceChartsConfig config);
  // Starts over for a session whose records carry these counters.
  void reset(std::span<const std::string_view> counterNames);
  void append(std::span<const StepRecord> records);
  void refreshNow();  // pushes pending points to the series at once (tests, exports)
  // Time between refreshes while points stream in; never below kRefreshMs.
  void setRefreshInterval(int milliseconds);

  // What the series hold after the last refresh (tests read these).
  QList<QPointF> phaseTimePoints(std::string_view phase) const;
  bool phaseTimeMarked(std::string_view phase) const;  // whether that series shows its points' markers
  QList<QPointF> gainPoints() const;
  QList<QPointF> levelPoints(std::size_t counter = 0) const;  // series of config.levelCounters[counter]
  int refreshCount() const { return refreshCount_; }

 private:
  struct Plot {
    PointRing ring{kRingCapacity};
    QLineSeries* series = nullptr;
    bool dirty = false;
  };
  struct Chart {
    QChart* chart = nullptr;
    QChartView* view = nullptr;
    QValueAxis* x = nullptr;
    QValueAxis* y = nullptr;
  };

  Chart makeChart(const QString& yTitle);
  Plot& phasePlot(std::string_view phase);
  void attach(Chart& chart, Plot& plot, const QString& name);
  void push(Chart& chart, std::span<Plot* const> plots);
  int counterSlot(const std::string& name) const;

  TraceChartsConfig config_;
  std::vector<std::string> counterNames_;
  Chart timeChart_, gainChart_, levelChart_;
  std::map<std::string, Plot, std::less<>> phasePlots_;
  Plot gainPlot_;
  std::vector<std::unique_ptr<Plot>> levelPlots_;  // one per config_.levelCounters
  double lastGainValue_ = 0;
  int lastGainIteration_ = -1;
  double initialValue_ = -1;
  int levelIndex_ = 0;
  QTimer refreshTimer_;
  int refreshCount_ = 0;
};

}  // namespace ms::views

#pragma once
// The step log as a table model over a trace: one row per step with its phase, iteration, time, a one-line
// explanation that the problem kind supplies and the counters that apply.

#include <QAbstractTableModel>
#include <QTimer>
#include <functional>
#include <string_view>

#include "solver/core/trace.h"

namespace ms::views {

// Says in one line what a step did, from its phase and counters.
using StepExplainer = std::function<QString(const StepRecord&)>;

// A counter's value as a person reads it: the counters that hold a row or a column (greedy's and random's
// "row" and "col") count from 1, as the matrix's margins, tooltips and explanations do; the trace and its
// CSV keep the solver's 0-based indices.
double counterAsRead(std::string_view name, double value);

class StepLogModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column {
    StepColumn,
    IterationColumn,
    PhaseColumn,
    TimeColumn,
    ExplanationColumn,  // before the counters: what a person reads first, in view in a narrow dock
    CountersColumn,
    ColumnCount
  };

  explicit StepLogModel(QObject* parent = nullptr);

  void setExplainer(StepExplainer explainer) { explainer_ = std::move(explainer); }
  // The model reads `trace` (owned elsewhere, e.g. by the run controller) and shows its first rows.
  void setTrace(const Trace* trace);
  // Rows [firstIndex, firstIndex + count) now exist in the trace; they appear in the model at once, or with
  // the next flush when a flush interval is set.
  void recordsAppended(int firstIndex, int count);
  // While a solve runs the window shows new rows a few times a second, not on every delivery: each
  // insertion repaints the table. 0 (the default) inserts at once; changing the interval flushes.
  void setFlushInterval(int milliseconds);
  void flush();

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  // Whole numbers in full and fractions to 6 significant digits ("epsilon=0.333333", formatReadable), or
  // every digit that reads back to the same double.
  enum class CounterDigits { Readable, Exact };
  // "assigned=12 frontier=3", each value as read (counterAsRead).
  QString countersText(const StepRecord& record, CounterDigits digits = CounterDigits::Readable) const;
  QString explanation(const StepRecord& record) const;

 private:
  const Trace* trace_ = nullptr;
  int rows_ = 0;         // rows the model shows
  int pendingRows_ = 0;  // rows the trace has
  QTimer flushTimer_;
  StepExplainer explainer_;
};

}  // namespace ms::views

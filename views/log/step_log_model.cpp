#include "views/log/step_log_model.h"

#include <algorithm>
#include <cmath>

#include "solver/core/number_format.h"

namespace ms::views {

double counterAsRead(std::string_view name, double value) {
  const bool index = name == "row" || name == "col";
  return index && !std::isnan(value) ? value + 1 : value;
}

StepLogModel::StepLogModel(QObject* parent) : QAbstractTableModel(parent) {
  flushTimer_.setSingleShot(true);
  connect(&flushTimer_, &QTimer::timeout, this, &StepLogModel::flush);
}

void StepLogModel::setTrace(const Trace* trace) {
  beginResetModel();
  trace_ = trace;
  rows_ = pendingRows_ = trace == nullptr ? 0 : static_cast<int>(trace->records().size());
  endResetModel();
}

void StepLogModel::recordsAppended(int firstIndex, int count) {
  if (trace_ == nullptr || count <= 0) return;
  pendingRows_ = std::max(pendingRows_, firstIndex + count);
  if (flushTimer_.interval() == 0) {
    flush();
  } else if (!flushTimer_.isActive()) {
    flushTimer_.start();
  }
}

void StepLogModel::setFlushInterval(int milliseconds) {
  flushTimer_.setInterval(std::max(0, milliseconds));
  flush();
}

void StepLogModel::flush() {
  flushTimer_.stop();
  if (pendingRows_ <= rows_) return;
  beginInsertRows({}, rows_, pendingRows_ - 1);
  rows_ = pendingRows_;
  endInsertRows();
}

int StepLogModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : rows_;
}
int StepLogModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QString StepLogModel::countersText(const StepRecord& record, CounterDigits digits) const {
  QStringList parts;
  const auto& names = trace_->counterNames();
  for (std::size_t c = 0; c < names.size(); ++c) {
    if (std::isnan(record.counters[c])) continue;
    const double value = counterAsRead(names[c], record.counters[c]);
    parts << QStringLiteral("%1=%2").arg(
        QString::fromUtf8(names[c].data(), static_cast<qsizetype>(names[c].size())),
        digits == CounterDigits::Exact ? QString::fromStdString(formatNumber(value))
                                       : QString::fromStdString(formatReadable(value)));
  }
  return parts.join(QLatin1Char(' '));
}

QString StepLogModel::explanation(const StepRecord& record) const {
  return explainer_ ? explainer_(record) : QString();
}

QVariant StepLogModel::data(const QModelIndex& index, int role) const {
  if (trace_ == nullptr || !index.isValid() || index.row() >= rows_) return {};
  const StepRecord& record = trace_->records()[static_cast<std::size_t>(index.row())];
  if (role == Qt::TextAlignmentRole) {
    const bool numeric =
        index.column() == StepColumn || index.column() == IterationColumn || index.column() == TimeColumn;
    return QVariant::fromValue(numeric ? Qt::AlignRight | Qt::AlignVCenter
                                       : Qt::AlignLeft | Qt::AlignVCenter);
  }
  if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
  switch (index.column()) {
    case StepColumn:  // counted from 1, as the History slider's position after the step
      return QVariant::fromValue(static_cast<qlonglong>(record.step) + 1);
    case IterationColumn:
      return record.iteration;
    case PhaseColumn:
      return QString::fromUtf8(record.phase.data(), static_cast<qsizetype>(record.phase.size()));
    case TimeColumn:
      return QString::number(static_cast<double>(record.wall_ns) / 1e3, 'f', 1);
    case CountersColumn:  // the tooltip has every digit
      return countersText(record, role == Qt::ToolTipRole ? CounterDigits::Exact : CounterDigits::Readable);
    case ExplanationColumn:
      return explanation(record);
    default:
      return {};
  }
}

QVariant StepLogModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case StepColumn:
      return tr("Step");
    case IterationColumn:
      return tr("Iter.");
    case PhaseColumn:
      return tr("Phase");
    case TimeColumn:
      return tr("Time (µs)");
    case CountersColumn:
      return tr("Counters");
    case ExplanationColumn:
      return tr("What it did");
    default:
      return {};
  }
}

}  // namespace ms::views

#pragma once
// Shared by the tests that drive the whole studio window: settings kept apart from the person's own,
// instances loaded and waited for, and the window's state read back.

#include <QChart>
#include <QCoreApplication>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest/QtTest>
#include <memory>
#include <span>
#include <variant>

#include "app/gui/main_window.h"
#include "app/gui/problems/lap/lap_session.h"
#include "app/gui/problems/matching/matching_session.h"
#include "gui_test_support.h"
#include "views/log/step_log_model.h"

namespace ms::studio::testing {

constexpr int kTimeoutMs = 30000;

// Test-mode settings under the suite's own application name, emptied, so no run sees another's choices.
inline void useFreshTestSettings(const char* application) {
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("MatchScopeTest"));
  QCoreApplication::setApplicationName(QString::fromLatin1(application));
  QSettings().clear();
}

inline LapInstanceSource generated(int32_t n, uint64_t seed) {
  LapInstanceSource source;
  source.generator = {lap::Generator::Uniform, n, lap::CostRange::N, seed};
  return source;
}

// Loads an instance into the shown window and waits until its session is ready.
inline bool load(MainWindow& window, const InstanceSource& source) {
  QSignalSpy ready(&window, &MainWindow::instanceReady);
  window.loadInstance(source);
  if (!ready.wait(kTimeoutMs)) return false;
  return QTest::qWaitFor(
      [&] { return window.controller().state() == RunState::Ready && window.status().n > 0; }, kTimeoutMs);
}

// The snapshot's state when it is of the kind `State` (lap::LapSnapshot, matching::MatchingSnapshot).
template <class State>
const State* stateOf(const std::shared_ptr<const Snapshot>& snapshot) {
  return snapshot ? std::get_if<State>(snapshot.get()) : nullptr;
}

// Waits until the solver has taken `steps` steps, is idle, and has published the snapshot after the last.
template <class State>
bool waitForSteps(MainWindow& window, std::size_t steps) {
  return QTest::qWaitFor(
      [&] {
        const auto& controller = window.controller();
        const State* state = stateOf<State>(controller.latestSnapshot());
        return controller.trace().records().size() == steps && controller.state() != RunState::Busy &&
               state != nullptr && state->step == static_cast<int64_t>(steps);
      },
      kTimeoutMs);
}

// The kinds' instances and views, through their sessions.
inline const LapInstance& lapInstance(const MainWindow& window) {
  return window.session<LapSession>().instance();
}
inline const MatchingInstance& matchingInstance(const MainWindow& window) {
  return window.session<MatchingSession>().instance();
}
inline LapAlgorithmPage& lapAlgorithm(const MainWindow& window) {
  return window.session<LapSession>().algorithmPage();
}
inline MatchingAlgorithmPage& matchingAlgorithm(const MainWindow& window) {
  return window.session<MatchingSession>().algorithmPage();
}
inline views::TreeView& treeView(const MainWindow& window) {
  return window.session<LapSession>().treeView();
}
inline views::GraphView& graphView(const MainWindow& window) {
  return window.session<MatchingSession>().graphView();
}

inline QString rectText(const QRect& rect) {
  return QStringLiteral("%1,%2 %3x%4").arg(rect.x()).arg(rect.y()).arg(rect.width()).arg(rect.height());
}

// The first shown text of `chart` (title, axis label, legend entry) that Qt Charts shortened ("0....",
// "reve..."), else empty.
inline QString shortenedText(const QChart& chart) {
  for (QGraphicsItem* item : chart.scene()->items()) {
    if (!item->isVisible()) continue;
    QString text;
    if (const auto* textItem = dynamic_cast<QGraphicsTextItem*>(item)) text = textItem->toPlainText();
    if (const auto* simple = dynamic_cast<QGraphicsSimpleTextItem*>(item)) text = simple->text();
    if (text.endsWith(QStringLiteral("...")) || text.endsWith(QChar(0x2026))) return text;
  }
  return {};
}

inline QString label(const MainWindow& window, const char* name) {
  return window.findChild<QLabel*>(QString::fromLatin1(name))->text();
}

// The first log row that does not show its step's phase, iteration and counters, or a row count other than
// one per record; empty when the log shows exactly `records`.
inline QString logDifference(const views::StepLogModel& log, std::span<const StepRecord> records) {
  if (log.rowCount() != static_cast<int>(records.size())) {
    return QStringLiteral("%1 log rows for %2 steps").arg(log.rowCount()).arg(records.size());
  }
  for (int row = 0; row < log.rowCount(); ++row) {
    const StepRecord& record = records[static_cast<std::size_t>(row)];
    const auto cell = [&](int column) { return log.data(log.index(row, column)).toString(); };
    const QString difference = firstDifference(
        {
            {"phase", cell(views::StepLogModel::PhaseColumn) ==
                          QLatin1String(record.phase.data(), qsizetype(record.phase.size()))},
            {"iteration", cell(views::StepLogModel::IterationColumn) == QString::number(record.iteration)},
            {"counters", cell(views::StepLogModel::CountersColumn) == log.countersText(record)},
        },
        record.step);
    if (!difference.isEmpty()) return QStringLiteral("log row %1: %2").arg(row).arg(difference);
  }
  return {};
}

// The solver's wall time over the session's steps, in milliseconds, as the status bar adds it up.
inline double tracedMilliseconds(MainWindow& window) {
  double milliseconds = 0;
  for (const StepRecord& record : window.controller().trace().records()) milliseconds += record.wall_ns / 1e6;
  return milliseconds;
}

}  // namespace ms::studio::testing

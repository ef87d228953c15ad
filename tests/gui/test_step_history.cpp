// Step history on small instances: the controller stores the snapshot of every step (watched or not), the
// window steps back and forward over them without stepping the solver, the scrubber shows the step of its
// position in the views, the log and the status bar, and large instances keep no history. Every stored
// snapshot is compared with the same solver stepped headless.
#include <QAction>
#include <QLabel>
#include <QSlider>
#include <QTableView>
#include <QtTest/QtTest>
#include <array>
#include <set>
#include <span>
#include <string_view>

#include "app/gui/algorithm_panel.h"
#include "app/gui/history_scrubber.h"
#include "app/gui/main_window.h"
#include "app/gui/step_history.h"
#include "views/charts/trace_charts.h"
#include "views/log/step_log_model.h"
#include "views/tree/tree_view.h"
#include "window_test_support.h"

using namespace ms;
using namespace ms::studio;
using namespace ms::studio::testing;

namespace {

// Waits until the solver has taken `steps` steps and the window shows the snapshot after the last one.
bool waitForShownStep(MainWindow& window, int64_t steps) {
  return QTest::qWaitFor(
      [&] {
        const auto* lap = stateOf<lap::LapSnapshot>(window.shownSnapshot());
        return window.controller().state() != RunState::Busy && lap != nullptr && lap->step == steps &&
               static_cast<int64_t>(window.controller().trace().records().size()) == steps;
      },
      kTimeoutMs);
}

// The state before the first step and after each step of the session's solver stepped headless.
std::vector<lap::LapSnapshot> headlessStates(MainWindow& window, lap::LapAlgorithm algorithm) {
  auto machine = lapMachineFactory(lapInstance(window).costs, sequential(algorithm))();
  Snapshot initial;
  machine->snapshot(initial);
  std::vector<lap::LapSnapshot> states{std::get<lap::LapSnapshot>(initial)};
  forEachStep(*machine, [&](const StepRecord&, const Snapshot& snapshot) {
    states.push_back(std::get<lap::LapSnapshot>(snapshot));
  });
  return states;
}

// The first field in which two LAP snapshots differ; empty when they agree everywhere.
QString lapDifference(const lap::LapSnapshot& a, const lap::LapSnapshot& b) {
  return firstDifference(
      {
          {"n", a.n == b.n},
          {"iteration", a.iteration == b.iteration},
          {"step", a.step == b.step},
          {"lastPhase", a.lastPhase == b.lastPhase},
          {"nextPhase", a.nextPhase == b.nextPhase},
          {"done", a.done == b.done},
          {"rowAssignment", a.rowAssignment == b.rowAssignment},
          {"colAssignment", a.colAssignment == b.colAssignment},
          {"rowCovered", a.rowCovered == b.rowCovered},
          {"colCovered", a.colCovered == b.colCovered},
          {"rowDual", a.rowDual == b.rowDual},
          {"colDual", a.colDual == b.colDual},
          {"rowPredecessor", a.rowPredecessor == b.rowPredecessor},
          {"colPredecessor", a.colPredecessor == b.colPredecessor},
          {"frontier", a.frontier == b.frontier},
          {"columnSlack", a.columnSlack == b.columnSlack},
          {"augmentingPaths", a.augmentingPaths == b.augmentingPaths},
          {"assignedCount", a.assignedCount == b.assignedCount},
          {"objective", a.objective == b.objective},
      },
      b.step);
}

bool sameForest(const views::AlternatingForest& a, const views::AlternatingForest& b) {
  if (a.vertices.size() != b.vertices.size() || a.treeCount != b.treeCount || a.depthCount != b.depthCount ||
      a.frontierDepth != b.frontierDepth) {
    return false;
  }
  for (std::size_t k = 0; k < a.vertices.size(); ++k) {
    const views::ForestVertex &x = a.vertices[k], &y = b.vertices[k];
    if (x.index != y.index || x.isColumn != y.isColumn || x.depth != y.depth || x.tree != y.tree ||
        x.parent != y.parent || x.path != y.path || x.inFrontier != y.inFrontier) {
      return false;
    }
  }
  return true;
}

QAction* action(MainWindow& window, const char* name) {
  return window.findChild<QAction*>(QString::fromLatin1(name));
}

}  // namespace

class TestStepHistory : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { useFreshTestSettings("test_step_history"); }

  // Unwatched, run to the end: the controller still stores one snapshot per step plus the initial one, each
  // equal to the headless solver's after as many steps; a session loaded without history stores none.
  void controllerStoresEveryStep() {
    const auto costs = uniformInstance(12, 3);
    for (auto algorithm : {lap::LapAlgorithm::Classical, lap::LapAlgorithm::Tree}) {
      const MachineFactory factory = lapMachineFactory(costs, sequential(algorithm));
      auto machine = factory();
      Snapshot initial;
      machine->snapshot(initial);
      std::vector<lap::LapSnapshot> expected{std::get<lap::LapSnapshot>(initial)};
      forEachStep(*machine, [&](const StepRecord&, const Snapshot& s) {
        expected.push_back(std::get<lap::LapSnapshot>(s));
      });

      RunController controller;
      QSignalSpy started(&controller, &RunController::sessionStarted);
      controller.load(factory, History::Kept);
      QVERIFY(started.wait(kTimeoutMs));
      QVERIFY(controller.session().keepsHistory);
      controller.runToEnd();
      QVERIFY(QTest::qWaitFor([&] { return controller.state() == RunState::Finished; }, kTimeoutMs));
      QCOMPARE(controller.history().size(), expected.size());
      QCOMPARE(controller.trace().records().size() + 1, expected.size());
      for (std::size_t k = 0; k < expected.size(); ++k) {
        const QString difference =
            lapDifference(std::get<lap::LapSnapshot>(*controller.history()[k]), expected[k]);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
      }

      controller.load(factory);
      QVERIFY(started.wait(kTimeoutMs));
      controller.runToEnd();
      QVERIFY(QTest::qWaitFor([&] { return controller.state() == RunState::Finished; }, kTimeoutMs));
      QVERIFY(!controller.session().keepsHistory);
      QVERIFY(controller.history().empty());
    }
  }

  // Right steps the solver; Left then walks back over the stored steps and Right forward again, showing
  // the same snapshots that were delivered while stepping (and the headless solver's) without stepping
  // the solver; Right past the newest step steps the solver again. Both variants.
  void backThenForwardReproducesTheSnapshots() {
    for (auto algorithm : {lap::LapAlgorithm::Tree, lap::LapAlgorithm::Classical}) {
      MainWindow window;
      lapAlgorithm(window).setOptions(sequential(algorithm));
      window.show();
      QVERIFY(QTest::qWaitForWindowExposed(&window));
      QVERIFY(load(window, generated(10, 5)));
      const std::vector<lap::LapSnapshot> expected = headlessStates(window, algorithm);
      const int steps = std::min(24, static_cast<int>(expected.size()) - 2);
      QVERIFY(steps > 10);

      std::vector<std::shared_ptr<const Snapshot>> delivered{window.controller().history().front()};
      for (int k = 1; k <= steps; ++k) {
        QTest::keyClick(&window, Qt::Key_Right);
        QVERIFY(waitForShownStep(window, k));
        delivered.push_back(window.shownSnapshot());
        const QString difference = lapDifference(*stateOf<lap::LapSnapshot>(window.shownSnapshot()),
                                                 expected[static_cast<std::size_t>(k)]);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
      }

      const auto checkShown = [&](int k) {
        QCOMPARE(window.history().shownStep(), k);
        const lap::LapSnapshot& shown = *stateOf<lap::LapSnapshot>(window.shownSnapshot());
        QString difference =
            lapDifference(shown, *stateOf<lap::LapSnapshot>(delivered[static_cast<std::size_t>(k)]));
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        difference = lapDifference(shown, expected[static_cast<std::size_t>(k)]);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        QCOMPARE(window.status().assigned, shown.assignedCount);
        QCOMPARE(window.controller().trace().records().size(),
                 static_cast<std::size_t>(steps));  // not stepped
      };
      for (int k = steps - 1; k >= 0; --k) {
        QTest::keyClick(&window, Qt::Key_Left);
        checkShown(k);
      }
      QVERIFY(!action(window, "actionBack")->isEnabled());  // nothing before the start
      for (int k = 1; k <= steps; ++k) {
        QTest::keyClick(&window, Qt::Key_Right);
        checkShown(k);
      }
      QVERIFY(window.history().following());
      QTest::keyClick(&window, Qt::Key_Right);
      QVERIFY(waitForShownStep(window, steps + 1));
      const QString difference = lapDifference(*stateOf<lap::LapSnapshot>(window.shownSnapshot()),
                                               expected[static_cast<std::size_t>(steps + 1)]);
      QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
  }

  // Shift+Left goes back to the last step of the previous iteration, Shift+Right forward to the first step
  // of the next one, both over stored steps only.
  void iterationKeysMoveByIteration() {
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Tree));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(12, 9)));
    QTest::keyClick(&window, Qt::Key_End, Qt::ControlModifier);
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
    const auto& records = window.controller().trace().records();
    const int latest = static_cast<int>(records.size());
    const auto iterationAt = [&](int step) {
      return step == 0 ? 0 : records[static_cast<std::size_t>(step - 1)].iteration;
    };
    QVERIFY(iterationAt(latest) >= 3);

    int shown = latest;
    while (shown > 0) {
      QTest::keyClick(&window, Qt::Key_Left, Qt::ShiftModifier);
      int expected = shown - 1;
      while (expected > 0 && iterationAt(expected) == iterationAt(shown)) --expected;
      QCOMPARE(window.history().shownStep(), expected);
      QCOMPARE(window.status().iteration, iterationAt(expected));
      shown = expected;
    }
    while (shown < latest) {
      QTest::keyClick(&window, Qt::Key_Right, Qt::ShiftModifier);
      int expected = shown + 1;
      while (expected < latest && iterationAt(expected) == iterationAt(shown)) ++expected;
      QCOMPARE(window.history().shownStep(), expected);
      shown = expected;
    }
    QCOMPARE(static_cast<int>(records.size()), latest);
  }

  // Each scrubber position shows that step: the window's snapshot and the tree view's forest are the headless
  // solver's after that many steps, the highlighted log row is the step that led there with the same
  // iteration as the snapshot and the status bar; the solver does not move.
  void scrubberPositionShowsThatStep() {
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Tree));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(16, 2)));
    const std::vector<lap::LapSnapshot> expected = headlessStates(window, lap::LapAlgorithm::Tree);
    QTest::keyClick(&window, Qt::Key_End, Qt::ControlModifier);
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
    const int latest = static_cast<int>(window.controller().trace().records().size());
    QCOMPARE(static_cast<std::size_t>(latest) + 1, expected.size());

    auto* scrubber = window.findChild<HistoryScrubber*>(QStringLiteral("historyScrubber"));
    auto* slider = window.findChild<QSlider*>(QStringLiteral("historySlider"));
    auto* log = window.findChild<QTableView*>(QStringLiteral("stepLog"));
    QVERIFY(scrubber->isEnabled());
    QCOMPARE(slider->minimum(), 0);
    QCOMPARE(slider->maximum(), latest);
    QCOMPARE(slider->value(), latest);

    for (const int position : {latest / 2, 1, latest - 1, 7, 0, latest / 3, latest}) {
      slider->setValue(position);
      QCOMPARE(window.history().shownStep(), position);
      const lap::LapSnapshot& shown = *stateOf<lap::LapSnapshot>(window.shownSnapshot());
      QCOMPARE(shown.step, position);
      const QString difference = lapDifference(shown, expected[static_cast<std::size_t>(position)]);
      QVERIFY2(difference.isEmpty(), qPrintable(difference));
      QVERIFY(sameForest(treeView(window).forest(), views::buildForest(shown, 0)));
      QCOMPARE(window.status().iteration, shown.iteration);
      QCOMPARE(window.findChild<QLabel*>(QStringLiteral("historyPosition"))->text(),
               QStringLiteral("%1/%2 steps").arg(position).arg(latest));
      const QModelIndexList rows = log->selectionModel()->selectedRows();
      if (position == 0) {
        QVERIFY(rows.isEmpty());
      } else {
        QCOMPARE(rows.size(), 1);
        const int row = rows.front().row();
        QCOMPARE(row, position - 1);
        views::StepLogModel& model = window.logModel();
        // The log numbers steps from 1, as the slider counts them: step k leads to the state after k steps.
        QCOMPARE(model.data(model.index(row, views::StepLogModel::StepColumn)).toLongLong(), shown.step);
        QCOMPARE(model.data(model.index(row, views::StepLogModel::IterationColumn)).toInt(), shown.iteration);
      }
      QCOMPARE(window.controller().trace().records().size(), static_cast<std::size_t>(latest));
      // The elapsed time and the charts stand at the shown step too.
      const auto steps =
          std::span(window.controller().trace().records()).first(static_cast<std::size_t>(position));
      int64_t wallNs = 0;
      std::set<std::string_view> phases;
      for (const StepRecord& record : steps) {
        wallNs += record.wall_ns;
        phases.insert(record.phase);
      }
      QCOMPARE(window.status().elapsedMs, static_cast<double>(wallNs) / 1e6);
      double chartedMs = 0;
      for (const std::string_view phase : phases) {
        for (const QPointF& point : window.charts().phaseTimePoints(phase)) chartedMs += point.y();
      }
      QVERIFY2(std::abs(chartedMs - static_cast<double>(wallNs) / 1e6) <= 1e-9,
               qPrintable(QStringLiteral("charts %1 ms, steps %2 ms").arg(chartedMs).arg(wallNs / 1e6)));
      QCOMPARE(window.charts().timeSeriesNames().size(), static_cast<qsizetype>(phases.size()));
    }
  }

  // Counters read at a glance in the log (the auction's epsilon printed 16 digits); the tooltip has them all.
  void countersPrintReadableDigits() {
    const std::array<std::string_view, 2> names = {"epsilon", "bids"};
    Trace trace(names);
    StepRecord record;
    record.phase = "bidding";
    record.counters[0] = 1.0 / 3.0;
    record.counters[1] = 123456789;
    trace.append(record);
    views::StepLogModel model;
    model.setTrace(&trace);
    const QModelIndex counters = model.index(0, views::StepLogModel::CountersColumn);
    QCOMPARE(model.data(counters).toString(), QStringLiteral("epsilon=0.333333 bids=123456789"));
    QCOMPARE(model.data(counters, Qt::ToolTipRole).toString(),
             QStringLiteral("epsilon=0.3333333333333333 bids=123456789"));
  }

  // Above kHistoryMaxSize nothing is stored: the scrubber is disabled and says why, Back stays off, and Left
  // leaves the shown step alone; at the limit history is on.
  void historyIsOffAboveTheLimit() {
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Tree));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* scrubber = window.findChild<HistoryScrubber*>(QStringLiteral("historyScrubber"));

    QVERIFY(load(window, generated(kHistoryMaxSize + 1, 1)));
    for (int k = 1; k <= 3; ++k) {
      QTest::keyClick(&window, Qt::Key_Right);
      QVERIFY(waitForShownStep(window, k));
    }
    QVERIFY(!window.history().available());
    QVERIFY(window.controller().history().empty());
    QVERIFY(!scrubber->isEnabled());
    QVERIFY2(scrubber->toolTip().contains(QString::number(kHistoryMaxSize)), qPrintable(scrubber->toolTip()));
    QVERIFY(!action(window, "actionBack")->isEnabled());
    QTest::keyClick(&window, Qt::Key_Left);
    QCOMPARE(stateOf<lap::LapSnapshot>(window.shownSnapshot())->step, 3);

    QVERIFY(load(window, generated(kHistoryMaxSize, 1)));
    QTest::keyClick(&window, Qt::Key_Right);
    QVERIFY(waitForShownStep(window, 1));
    QVERIFY(window.history().available());
    QCOMPARE(window.controller().history().size(), std::size_t{2});
    QVERIFY(scrubber->isEnabled());
    QVERIFY(action(window, "actionBack")->isEnabled());
  }
};

QTEST_MAIN(TestStepHistory)
#include "test_step_history.moc"

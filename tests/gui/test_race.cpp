// Race mode: two runs of the loaded assignment instance side by side under one clock. After k ticks each
// side shows min(k, its steps) steps and a finished run waits on its last; both runs end where the same
// machines stepped headless end (exact ones at the optimum, greedy at its own objective with its gap shown);
// the timeline holds one series per run in two colours, a GPU run's only at the ends of its iterations; the
// race is reached from the studio's Mode menu and toolbar, and fits the screen it runs on (ctest runs this
// suite on an offscreen screen of 1280 x 800).
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QSlider>
#include <QSpinBox>
#include <QToolBar>
#include <QtTest/QtTest>
#include <cmath>

#include "app/gui/help_menu.h"
#include "app/gui/problems/lap/lap_approximation.h"
#include "app/gui/race/race_clock.h"
#include "app/gui/race/race_panel.h"
#include "app/gui/race/race_side.h"
#include "app/gui/race/race_timeline.h"
#include "solver/core/cuda_device.h"
#include "views/matrix/matrix_view.h"
#include "window_test_support.h"

using namespace ms;
using namespace ms::studio;
using namespace ms::studio::testing;

namespace {

// How the same machine ends when stepped headless: its steps and final objective.
struct HeadlessRun {
  int steps = 0;
  double objective = std::nan("");
};

HeadlessRun headless(const std::shared_ptr<const lap::AnyCostMatrix>& costs, lap::LapAlgorithm algorithm) {
  HeadlessRun run;
  const std::shared_ptr<StepMachine> machine = lapMachineFactory(costs, sequential(algorithm))();
  forEachStep(*machine, [&](const StepRecord&, const Snapshot& snapshot) {
    ++run.steps;
    run.objective = std::get<lap::LapSnapshot>(snapshot).objective;
  });
  return run;
}

// A shown window in Race mode on a generated n x n instance, racing `left` against `right`.
bool openRace(MainWindow& window, int32_t n, uint64_t seed, RaceRun left, RaceRun right) {
  window.show();
  if (!QTest::qWaitForWindowExposed(&window) || !load(window, generated(n, seed))) return false;
  window.setMode(WindowMode::Race);
  window.racePanel().setRuns(left, right);
  return QTest::qWaitFor([&] { return window.racePanel().ready(); }, kTimeoutMs);
}

// The same, both runs sequential.
bool openRace(MainWindow& window, int32_t n, uint64_t seed, lap::LapAlgorithm left, lap::LapAlgorithm right) {
  return openRace(window, n, seed, {left, lap::Backend::Sequential}, {right, lap::Backend::Sequential});
}

// One tick, waited for until both runs delivered their step.
bool tick(RacePanel& race) {
  race.step();
  return QTest::qWaitFor([&] { return race.clock().idle(); }, kTimeoutMs);
}

// The first shown widget of the race that is not wholly inside the window, or a label too small for its
// text, or a chart text Qt Charts shortened; else empty.
QString cutOffInRace(MainWindow& window) {
  const QRect inside = window.rect();
  RacePanel& race = window.racePanel();
  for (QWidget* widget : race.findChildren<QWidget*>()) {
    if (!widget->isVisible()) continue;
    const QRect geometry(widget->mapTo(&window, QPoint(0, 0)), widget->size());
    const QString name = widget->objectName().isEmpty()
                             ? QString::fromLatin1(widget->metaObject()->className())
                             : widget->objectName();
    if (!inside.contains(geometry)) return QStringLiteral("%1 at %2").arg(name, rectText(geometry));
    if (const auto* label = qobject_cast<const QLabel*>(widget)) {
      const bool fits = label->wordWrap() ? label->heightForWidth(label->width()) <= label->height()
                                          : label->sizeHint().width() <= label->width();
      if (!fits)
        return QStringLiteral("label '%1' cut at %2").arg(label->text().left(60), rectText(geometry));
    }
  }
  if (const QString text = shortenedText(race.timeline().chart()); !text.isEmpty())
    return QStringLiteral("chart text '%1'").arg(text);
  return {};
}

}  // namespace

class TestRace : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { useFreshTestSettings("test_race"); }

  // Greedy takes n steps and the tree variant more: the clock steps both until greedy is done, then the tree
  // alone, greedy staying on its last frame marked finished.
  void oneClockStepsBoth() {
    MainWindow window;
    QVERIFY(openRace(window, 10, 4, lap::LapAlgorithm::Greedy, lap::LapAlgorithm::Tree));
    RacePanel& race = window.racePanel();
    const auto costs = lapInstance(window).costs;
    const std::array<int, 2> total{headless(costs, lap::LapAlgorithm::Greedy).steps,
                                   headless(costs, lap::LapAlgorithm::Tree).steps};
    QVERIFY2(total[0] < total[1], "greedy should need fewer steps than the tree variant here");
    for (int k = 1; k <= total[1]; ++k) {
      QVERIFY(tick(race));
      for (std::size_t side = 0; side < 2; ++side) {
        const int expected = std::min(k, total[side]);
        QCOMPARE(race.controller(side).trace().records().size(), static_cast<std::size_t>(expected));
        QCOMPARE(race.shownSteps(side), expected);
        const QString caption = race.side(side).caption();
        QVERIFY2(caption.contains(QStringLiteral("step %1").arg(expected)), qPrintable(caption));
        QCOMPARE(caption.contains(QStringLiteral("finished")), k >= total[side]);
      }
    }
    QVERIFY(race.clock().finished());
    QVERIFY(!race.clock().tick());  // nothing left to step
    // The slider shows any earlier tick from the stored snapshots: both sides go back together.
    auto* slider = race.findChild<QSlider*>(QStringLiteral("raceSlider"));
    QCOMPARE(slider->maximum(), total[1]);
    slider->setValue(total[0] - 1);
    QCOMPARE(race.shownSteps(0), total[0] - 1);
    QCOMPARE(race.shownSteps(1), total[0] - 1);
    QVERIFY(!race.side(0).caption().contains(QStringLiteral("finished")));
    race.step();  // Step replays the stored tick first
    QCOMPARE(race.shownSteps(0), total[0]);
    QVERIFY(race.side(0).caption().contains(QStringLiteral("finished")));
  }

  // Play ticks until both runs are done, then stops by itself.
  void playRunsBothToTheEnd() {
    MainWindow window;
    QVERIFY(openRace(window, 10, 6, lap::LapAlgorithm::Classical, lap::LapAlgorithm::Tree));
    RacePanel& race = window.racePanel();
    race.findChild<QSpinBox*>(QStringLiteral("racePace"))->setValue(0);  // as fast as the runs go
    race.playOrPause();
    QVERIFY(race.clock().playing());
    QVERIFY(QTest::qWaitFor([&] { return !race.clock().playing(); }, kTimeoutMs));
    QVERIFY(race.clock().finished() && race.clock().idle());
    const int longer = std::max(race.clock().steps(0), race.clock().steps(1));
    QCOMPARE(race.clock().ticks(), longer);
    QCOMPARE(race.shownTick(), longer);
    QVERIFY(race.side(0).caption().contains(QStringLiteral("finished")));
    QVERIFY(race.side(1).caption().contains(QStringLiteral("finished")));
  }

  // Classical against tree: both end at the optimum and the header says they agree.
  void exactRunsEndAtTheOptimum() {
    MainWindow window;
    QVERIFY(openRace(window, 14, 7, lap::LapAlgorithm::Classical, lap::LapAlgorithm::Tree));
    RacePanel& race = window.racePanel();
    const double optimum = hungarianOptimum(*lapInstance(window).costs);
    while (!race.clock().finished()) QVERIFY(tick(race));
    for (std::size_t side = 0; side < 2; ++side) QCOMPARE(race.shownObjective(side), optimum);
    QVERIFY2(race.header().contains(QStringLiteral("finished first")), qPrintable(race.header()));
    QVERIFY2(race.header().contains(QStringLiteral("Both objectives agree: %1").arg(optimum)),
             qPrintable(race.header()));
  }

  // Greedy against tree: greedy ends at its own objective (as stepped headless), above the optimum, and its
  // side shows the gap; the header says the objectives differ.
  void greedyEndsAtItsOwnObjectiveWithItsGap() {
    MainWindow window;
    QVERIFY(openRace(window, 12, 3, lap::LapAlgorithm::Greedy, lap::LapAlgorithm::Tree));
    RacePanel& race = window.racePanel();
    const auto costs = lapInstance(window).costs;
    const double optimum = hungarianOptimum(*costs);
    const double greedy = headless(costs, lap::LapAlgorithm::Greedy).objective;
    QVERIFY2(greedy > optimum, "greedy should miss the optimum on this instance");
    while (!race.clock().finished()) QVERIFY(tick(race));
    QCOMPARE(race.shownObjective(0), greedy);
    QCOMPARE(race.shownObjective(1), optimum);
    const QString gap = QStringLiteral("gap +%1 to the optimum").arg(greedy - optimum);
    QVERIFY2(race.side(0).caption().contains(gap), qPrintable(race.side(0).caption()));
    QVERIFY2(!race.side(1).caption().contains(QStringLiteral("gap")), qPrintable(race.side(1).caption()));
    QVERIFY2(race.header().contains(QStringLiteral("objectives differ")), qPrintable(race.header()));
  }

  // One series per run, in two colours, named as the runs; a point per step of each CPU run.
  void timelineHasOneSeriesPerRunInDistinctColours() {
    MainWindow window;
    QVERIFY(openRace(window, 8, 2, lap::LapAlgorithm::Classical, lap::LapAlgorithm::Tree));
    RacePanel& race = window.racePanel();
    for (int k = 0; k < 5; ++k) QVERIFY(tick(race));
    const RaceTimeline& timeline = race.timeline();
    QCOMPARE(timeline.seriesCount(), 2);
    QVERIFY(timeline.colour(0).isValid() && timeline.colour(1).isValid());
    QVERIFY(timeline.colour(0) != timeline.colour(1));
    for (const char* run : {"left: classical · sequential", "right: tree · sequential"})
      QVERIFY2(timeline.legendText().contains(QString::fromUtf8(run)), qPrintable(timeline.legendText()));
    for (std::size_t side = 0; side < 2; ++side) {
      const QList<QPointF> points = timeline.points(side);
      QCOMPARE(points.size(), race.shownSteps(side) + 1);  // from (0, 0)
      double milliseconds = 0;
      for (int k = 0; k < race.shownSteps(side); ++k)
        milliseconds += race.controller(side).trace().records()[static_cast<std::size_t>(k)].wall_ns / 1e6;
      QCOMPARE(points.back().x(), race.shownSteps(side));
      QVERIFY(std::abs(points.back().y() - milliseconds) < 1e-9);
    }
  }

  // A GPU run's time is plotted where an iteration ends (the next step's iteration differs, or the run is
  // over), not after every phase.
  void gpuRunsArePlottedPerIteration() {
    const auto costs = uniformInstance(12, 5);
    const Trace trace = runToEnd(*lapMachineFactory(costs, sequential(lap::LapAlgorithm::Tree))());
    const auto& records = trace.records();
    QList<QPointF> expected{{0, 0}};
    double milliseconds = 0;
    for (std::size_t k = 0; k < records.size(); ++k) {
      milliseconds += records[k].wall_ns / 1e6;
      if (k + 1 == records.size() || records[k + 1].iteration != records[k].iteration)
        expected.append({static_cast<double>(k + 1), milliseconds});
    }
    QVERIFY(expected.size() < static_cast<qsizetype>(records.size()));  // fewer iterations than steps
    const QList<QPointF> points = raceTimePoints(records, /*perIteration=*/true, /*complete=*/true);
    QCOMPARE(points.size(), expected.size());
    for (qsizetype k = 0; k < points.size(); ++k) {
      QCOMPARE(points[k].x(), expected[k].x());
      QVERIFY(std::abs(points[k].y() - expected[k].y()) < 1e-9);
    }
    // Before the run is over its last iteration may go on: no point for it yet.
    const auto unfinished = std::span<const StepRecord>(records).first(records.size() - 1);
    const QList<QPointF> partial = raceTimePoints(unfinished, true, false);
    QVERIFY(partial.back().x() < static_cast<double>(unfinished.size()) ||
            records[unfinished.size()].iteration != unfinished.back().iteration);
    QCOMPARE(raceTimePoints(records, false, true).size(), static_cast<qsizetype>(records.size()) + 1);
  }

  // A run that cannot be made (brute force beyond n = 10) leaves its side empty, saying why, and the race
  // does not start.
  void aRunThatCannotStartSaysWhy() {
    MainWindow window;
    QVERIFY(openRace(window, 12, 1, lap::LapAlgorithm::Brute, lap::LapAlgorithm::Tree));
    RacePanel& race = window.racePanel();
    QVERIFY(QTest::qWaitFor([&] { return race.controller(0).state() == RunState::Empty; }, kTimeoutMs));
    QVERIFY(
        QTest::qWaitFor([&] { return race.side(0).caption().contains(QStringLiteral("10")); }, kTimeoutMs));
    QVERIFY2(race.header().contains(QStringLiteral("left run cannot race")), qPrintable(race.header()));
  }

  // CPU against CUDA (skipped without a usable GPU): both end at the optimum, and the CUDA run's series has
  // a point at each iteration's end only.
  void cpuAgainstCudaAgreeAndCudaIsPlottedPerIteration() {
    if (!cudaDevice().usable)
      QSKIP(qPrintable(
          QStringLiteral("no usable CUDA device: %1").arg(QString::fromStdString(cudaDevice().reason))));
    MainWindow window;
    QVERIFY(openRace(window, 48, 9, {lap::LapAlgorithm::Tree, lap::Backend::Cpu},
                     {lap::LapAlgorithm::Tree, lap::Backend::Cuda}));
    RacePanel& race = window.racePanel();
    while (!race.clock().finished()) QVERIFY(tick(race));
    const double optimum = hungarianOptimum(*lapInstance(window).costs);
    QCOMPARE(race.shownObjective(0), optimum);
    QCOMPARE(race.shownObjective(1), optimum);
    QVERIFY2(race.header().contains(QStringLiteral("Both objectives agree")), qPrintable(race.header()));
    const auto& records = race.controller(1).trace().records();
    QCOMPARE(race.timeline().points(1), raceTimePoints(records, /*perIteration=*/true, /*complete=*/true));
    QVERIFY(race.timeline().points(1).size() < static_cast<qsizetype>(records.size()) + 1);
    QCOMPARE(race.timeline().points(0).size(), race.shownSteps(0) + 1);
  }

  // Mode → Race and the mode toolbar's Race action (Ctrl+3, with a tooltip) open the race, listed in Help's
  // shortcuts; the studio's transport keys are off there, and a run of the studio's pauses (it would share
  // the cores with the runs being timed).
  void raceIsReachedFromTheStudio() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(40, 1)));
    window.controller().setStepsPerSecond(20);
    window.controller().run();
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Busy; }, kTimeoutMs));
    auto* action = window.findChild<QAction*>(QStringLiteral("actionRaceMode"));
    QVERIFY(action != nullptr);
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_3));
    QVERIFY(action->toolTip().contains(QStringLiteral("Race")));
    auto* modeBar = window.findChild<QToolBar*>(QStringLiteral("modeToolbar"));
    QVERIFY(modeBar->actions().contains(action));
    QVERIFY(shortcutList(window).contains(QStringLiteral("Race")));
    action->trigger();
    QCOMPARE(window.mode(), WindowMode::Race);
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Ready; }, kTimeoutMs));
    QVERIFY(window.racePanel().isVisible());
    QVERIFY(!window.findChild<QAction*>(QStringLiteral("actionStep"))->isEnabled());
    // Right is the race's Step there: one tick of both runs, none of the studio's run.
    QVERIFY(QTest::qWaitFor([&] { return window.racePanel().ready(); }, kTimeoutMs));
    const std::size_t studioSteps = window.controller().trace().records().size();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Right);
    QVERIFY(QTest::qWaitFor([&] { return window.racePanel().clock().ticks() == 1; }, kTimeoutMs));
    QVERIFY(QTest::qWaitFor([&] { return window.racePanel().clock().idle(); }, kTimeoutMs));
    QCOMPARE(window.racePanel().clock().steps(0), 1);
    QCOMPARE(window.controller().trace().records().size(), studioSteps);
    window.findChild<QAction*>(QStringLiteral("actionStudioMode"))->trigger();
    QCOMPARE(window.mode(), WindowMode::Studio);
    QVERIFY(!window.racePanel().isVisible());
  }

  // On the screen the suite runs on (1280 x 800 under ctest), the race fits with nothing cut off, and both
  // sides get the same room, after a race with greedy's long captions has ended.
  void raceFitsTheScreen() {
    QSettings().clear();
    const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
    MainWindow window;
    QVERIFY(openRace(window, 16, 3, lap::LapAlgorithm::Greedy, lap::LapAlgorithm::Tree));
    RacePanel& race = window.racePanel();
    while (!race.clock().finished()) QVERIFY(tick(race));
    QTest::qWait(100);  // the layout settles after the captions change
    QVERIFY2(screen.contains(window.frameGeometry()),
             qPrintable(QStringLiteral("window %1 on screen %2")
                            .arg(rectText(window.frameGeometry()), rectText(screen))));
    const QString cut = cutOffInRace(window);
    QVERIFY2(cut.isEmpty(), qPrintable(cut));
    // Side by side as equals: a caption that cannot wrap would push the other side narrow.
    const int widths[] = {race.side(0).width(), race.side(1).width()};
    QVERIFY2(std::abs(widths[0] - widths[1]) <= std::max(widths[0], widths[1]) / 10,
             qPrintable(QStringLiteral("sides %1 and %2 pixels wide").arg(widths[0]).arg(widths[1])));
    for (std::size_t side = 0; side < 2; ++side) {
      const QSize matrix = race.side(side).matrix().size();
      QVERIFY2(matrix.width() >= 300 && matrix.height() >= 200,
               qPrintable(QStringLiteral("matrix %1x%2").arg(matrix.width()).arg(matrix.height())));
    }
  }
};

QTEST_MAIN(TestRace)
#include "test_race.moc"

// The main window driven like a person would: keyboard transport, the log and status bar checked against
// the solver's own trace, run to end against brute force and the certificate, exports read back, settings
// remembered, errors shown without losing the session.
#include <QDockWidget>
#include <QHeaderView>
#include <QScrollBar>
#include <QSlider>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include "app/gui/algorithm_panel.h"
#include "app/gui/instance_panel.h"
#include "app/gui/main_window.h"
#include "solver/lap/brute_force.h"
#include "solver/lap/certificate.h"
#include "views/matrix/matrix_view.h"
#include "window_test_support.h"

using namespace ms;
using namespace ms::studio;
using namespace ms::studio::testing;

class TestStudioWindow : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { useFreshTestSettings("test_studio_window"); }

  // Right steps one phase, Shift+Right one iteration: after each key the log has one row per solver step
  // with the phases and counters of the same solver stepped headless, and the status bar shows the
  // iteration, assignments and objective of the solver's state after that step.
  void keyboardSteppingMatchesTheSolversTrace() {
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Classical));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(16, 4)));

    auto headless = lapMachineFactory(lapInstance(window).costs, sequential(lap::LapAlgorithm::Classical))();
    std::vector<StepRecord> expected;
    std::vector<lap::LapSnapshot> expectedState;
    forEachStep(*headless, [&](const StepRecord& record, const Snapshot& snapshot) {
      expected.push_back(record);
      expectedState.push_back(std::get<lap::LapSnapshot>(snapshot));
    });
    QVERIFY(expected.size() > 12);

    const auto check = [&](std::size_t steps) {
      QVERIFY(waitForSteps<lap::LapSnapshot>(window, steps));
      const QString difference = logDifference(window.logModel(), std::span(expected).first(steps));
      QVERIFY2(difference.isEmpty(), qPrintable(difference));
      const lap::LapSnapshot& state = expectedState[steps - 1];
      QCOMPARE(window.status().iteration, expected[steps - 1].iteration);
      QCOMPARE(window.status().assigned, state.assignedCount);
      QCOMPARE(window.status().objective, state.objective);
      QCOMPARE(label(window, "statusIteration"),
               QStringLiteral("iteration %1").arg(expected[steps - 1].iteration));
      QCOMPARE(label(window, "statusAssigned"), QStringLiteral("assigned %1/16").arg(state.assignedCount));
      QCOMPARE(window.status().elapsedMs, tracedMilliseconds(window));
    };

    for (std::size_t k = 1; k <= 4; ++k) {
      QTest::keyClick(&window, Qt::Key_Right);
      check(k);
    }
    // One iteration from here: up to and including the first step whose iteration differs.
    std::size_t end = 4;
    while (end < expected.size() && expected[end].iteration == expected[3].iteration) ++end;
    end = std::min(end + 1, expected.size());
    QTest::keyClick(&window, Qt::Key_Right, Qt::ShiftModifier);
    check(end);

    QTest::keyClick(&window, Qt::Key_Home);
    QVERIFY(QTest::qWaitFor(
        [&] { return window.logModel().rowCount() == 0 && window.status().iteration == 0; }, kTimeoutMs));
    QTest::keyClick(&window, Qt::Key_Right);
    check(1);
  }

  // Stepping past the rows the log has room for, the newest step's row stays in view after every step.
  void logKeepsTheNewestStepInView() {
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Classical));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(16, 4)));
    auto* log = window.findChild<QTableView*>(QStringLiteral("stepLog"));
    const int rowsInView = log->viewport()->height() / log->verticalHeader()->defaultSectionSize();
    for (std::size_t steps = 1; steps <= static_cast<std::size_t>(rowsInView) + 3; ++steps) {
      window.findChild<QAction*>(QStringLiteral("actionStep"))->trigger();
      QVERIFY(waitForSteps<lap::LapSnapshot>(window, steps));
      const QModelIndex newest = log->model()->index(static_cast<int>(steps) - 1, 0);
      QTRY_VERIFY2_WITH_TIMEOUT(log->viewport()->rect().contains(log->visualRect(newest)),
                                qPrintable(QStringLiteral("step %1 out of view").arg(steps)), 2000);
    }
    QVERIFY(log->verticalScrollBar()->value() > 0);
  }

  // Space runs and pauses; run to end then reaches the optimum (brute force on n = 8, the certificate of
  // the same solver headless on n = 80).
  void runReachesTheOptimum() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.findChild<QSlider*>(QStringLiteral("speed"))->setValue(20);  // 100 steps/s
    for (auto algorithm : {lap::LapAlgorithm::Tree, lap::LapAlgorithm::Classical}) {
      lapAlgorithm(window).setOptions({algorithm, lap::Backend::Cpu, 2});
      for (int32_t n : {8, 80}) {
        QVERIFY(load(window, generated(n, static_cast<uint64_t>(n) + 3)));
        QTest::keyClick(&window, Qt::Key_Space);
        QVERIFY(
            QTest::qWaitFor([&] { return window.controller().trace().records().size() >= 3; }, kTimeoutMs));
        QTest::keyClick(&window, Qt::Key_Space);
        QVERIFY(QTest::qWaitFor([&] { return window.controller().state() != RunState::Busy; }, kTimeoutMs));
        window.findChild<QAction*>(QStringLiteral("actionRunToEnd"))->trigger();
        QVERIFY(
            QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
        QVERIFY(QTest::qWaitFor([&] { return window.status().assigned == n; }, kTimeoutMs));

        const auto& costs = std::get<lap::CostMatrix<int32_t>>(*lapInstance(window).costs);
        double optimum = 0;
        if (n <= lap::kBruteForceMaxSize) {
          auto brute = lap::makeBruteForce(costs);
          runToEnd(*brute);
          optimum = static_cast<double>(brute->solution().objective);
        } else {
          auto solver = lap::makeLapSolver(costs, sequential(algorithm));
          runToEnd(*solver);
          const auto solution = solver->solution();
          const auto report =
              lap::checkCertificate(costs, solution.rowToCol, solution.rowDual, solution.colDual, 0);
          QVERIFY2(report.valid, report.problem.c_str());
          optimum = static_cast<double>(solution.objective);
        }
        QCOMPARE(window.status().objective, optimum);
        QCOMPARE(label(window, "statusObjective"), QStringLiteral("objective %1").arg(optimum, 0, 'g', 12));
      }
    }
  }

  // Exports: the matrix PNG has the requested size, the window PNG the window's, the CSV parses back to the
  // trace's rows. No temporary file is left beside them.
  void exportsReadBack() {
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Tree));
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(30, 8)));
    window.controller().runToEnd();
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    window.exportWindowPng(dir.filePath(QStringLiteral("window.png")));
    const QImage windowImage(dir.filePath(QStringLiteral("window.png")));
    QCOMPARE(windowImage.size(), window.size() * window.devicePixelRatio());

    if (window.matrixView().rendererAvailable()) {
      window.exportMatrixPng(dir.filePath(QStringLiteral("matrix.png")), QSize(1000, 700));
      const QImage matrix(dir.filePath(QStringLiteral("matrix.png")));
      QCOMPARE(matrix.size(), QSize(1000, 700));
    } else {
      QVERIFY_THROWS_EXCEPTION(
          std::runtime_error,
          window.exportMatrixPng(dir.filePath(QStringLiteral("matrix.png")), QSize(1000, 700)));
    }

    const QString csvPath = dir.filePath(QStringLiteral("trace.csv"));
    window.exportTraceCsv(csvPath);
    QFile csv(csvPath);
    QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const auto& records = window.controller().trace().records();
    QCOMPARE(lines.size(), static_cast<int>(records.size()) + 1);
    const QStringList header = lines.front().split(QLatin1Char(','));
    QCOMPARE(header.mid(0, 5), QStringList({"step", "iteration", "phase", "wall_ns", "device_ns"}));
    QCOMPARE(header.size(), 5 + static_cast<int>(window.controller().trace().counterNames().size()));
    for (std::size_t k = 0; k < records.size(); ++k) {
      const QStringList cells = lines[static_cast<int>(k) + 1].split(QLatin1Char(','));
      QCOMPARE(cells.size(), header.size());
      QCOMPARE(cells[0].toLongLong(), records[k].step);
      QCOMPARE(cells[1].toInt(), records[k].iteration);
      QCOMPARE(cells[2].toStdString(), std::string(records[k].phase));
      QCOMPARE(cells[3].toLongLong(), records[k].wall_ns);
      for (int c = 0; c < header.size() - 5; ++c) {
        const double value = records[k].counters[static_cast<std::size_t>(c)];
        if (std::isnan(value)) {
          QVERIFY(cells[5 + c].isEmpty());
        } else {
          QCOMPARE(cells[5 + c].toDouble(), value);
        }
      }
    }
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), window.matrixView().rendererAvailable() ? 3 : 2);
  }

  // An infeasible file: the error shows in the status bar, and the window goes on with the next instance.
  void errorsAreShownAndTheSessionGoesOn() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("infeasible.txt"));
    {
      QFile file(path);
      QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
      file.write("1 2 3\ninf inf inf\n4 5 6\n");
    }
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Tree));
    window.show();
    LapInstanceSource source;
    source.file = path;
    QVERIFY(load(window, source));
    QTest::keyClick(&window, Qt::Key_End, Qt::ControlModifier);
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Failed; }, kTimeoutMs));
    QVERIFY(window.lastError().contains(QStringLiteral("infeasible")));
    QVERIFY(label(window, "statusMessage").contains(QStringLiteral("infeasible")));
    QCOMPARE(window.instancePanel().recentFiles().front(), path);

    QVERIFY(load(window, generated(10, 1)));
    window.controller().runToEnd();
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));

    // A bad file names itself and the line.
    const QString ragged = dir.filePath(QStringLiteral("ragged.txt"));
    {
      QFile file(ragged);
      QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
      file.write("1 2\n3\n");
    }
    QSignalSpy failed(&window, &MainWindow::instanceFailed);
    source.file = ragged;
    window.loadInstance(source);
    QVERIFY(failed.wait(kTimeoutMs));
    QVERIFY2(window.lastError().contains(QStringLiteral("ragged.txt:2")), qPrintable(window.lastError()));
    QCOMPARE(window.controller().state(), RunState::Finished);  // the previous session is untouched
  }

  // Layout and choices survive a restart.
  void settingsAreRemembered() {
    {
      MainWindow window;
      window.show();
      window.findChild<QSlider*>(QStringLiteral("speed"))->setValue(25);
      lapAlgorithm(window).setOptions({lap::LapAlgorithm::Classical, lap::Backend::Sequential, 3});
      window.findChild<QDockWidget*>(QStringLiteral("chartsDock"))->hide();
      window.close();
    }
    MainWindow restored;
    restored.show();
    QCOMPARE(restored.findChild<QSlider*>(QStringLiteral("speed"))->value(), 25);
    QCOMPARE(lapAlgorithm(restored).options().algorithm, lap::LapAlgorithm::Classical);
    QCOMPARE(lapAlgorithm(restored).options().backend, lap::Backend::Sequential);
    QCOMPARE(lapAlgorithm(restored).options().threads, 3);
    QVERIFY(restored.findChild<QDockWidget*>(QStringLiteral("chartsDock"))->isHidden());
  }
};

QTEST_MAIN(TestStudioWindow)
#include "test_studio_window.moc"

// Switching the problem kind or the algorithm never leaves the previous solver stepping: another kind chosen
// in the instance panel closes the run (trace, log, charts and history emptied, Right does nothing, the
// status bar says what to do) until its instance is loaded; coming back to the loaded kind, or choosing
// another algorithm, starts a fresh run whose charts name only its own phases.
#include <QAction>
#include <QtTest/QtTest>
#include <set>

#include "app/gui/instance_panel.h"
#include "app/gui/main_window.h"
#include "app/gui/problems/hypergraph/hypergraph_session.h"
#include "app/gui/step_history.h"
#include "views/charts/trace_charts.h"
#include "window_test_support.h"

using namespace ms;
using namespace ms::studio;
using namespace ms::studio::testing;

namespace {

MatchingInstanceSource generatedGraph(int32_t n, uint64_t seed) {
  MatchingInstanceSource source;
  source.generator = {matching::Distribution::Uniform, n, seed};
  return source;
}

HypergraphInstanceSource randomHypergraph(int32_t n, uint64_t seed) {
  HypergraphInstanceSource source;
  source.n = n;
  source.seed = seed;
  return source;
}

matching::MatchingOptions matchingOptions(matching::MatchingAlgorithm algorithm) {
  matching::MatchingOptions options;
  options.algorithm = algorithm;
  options.backend = lap::Backend::Cpu;
  options.threads = 1;
  return options;
}

hypergraph::HypergraphOptions hypergraphOptions(hypergraph::HypergraphAlgorithm algorithm) {
  hypergraph::HypergraphOptions options;
  options.algorithm = algorithm;
  options.backend = lap::Backend::Sequential;
  options.nodesPerStep = 1;
  return options;
}

InstanceSource sourceOf(ProblemKind kind) {
  switch (kind) {
    case ProblemKind::Assignment:
      return generated(12, 3);
    case ProblemKind::Matching:
      return generatedGraph(40, 3);
    case ProblemKind::Hypergraph:
      return randomHypergraph(24, 3);
  }
  return {};
}

// A choice of algorithm on `kind`'s page (which emits optionsChanged like a person's choice does).
void chooseSecondAlgorithm(MainWindow& window, ProblemKind kind) {
  switch (kind) {
    case ProblemKind::Assignment:
      lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Greedy));
      break;
    case ProblemKind::Matching:
      matchingAlgorithm(window).setOptions(matchingOptions(matching::MatchingAlgorithm::Exact));
      break;
    case ProblemKind::Hypergraph:
      window.session<HypergraphSession>().algorithmPage().setOptions(
          hypergraphOptions(hypergraph::HypergraphAlgorithm::Bipartition));
      break;
  }
}

void chooseFirstAlgorithms(MainWindow& window) {
  lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Tree));
  matchingAlgorithm(window).setOptions(matchingOptions(matching::MatchingAlgorithm::Roma));
  window.session<HypergraphSession>().algorithmPage().setOptions(
      hypergraphOptions(hypergraph::HypergraphAlgorithm::CoarsenGreedy));
}

ProblemKind kindOfSnapshot(const Snapshot& snapshot) {
  if (std::holds_alternative<lap::LapSnapshot>(snapshot)) return ProblemKind::Assignment;
  if (std::holds_alternative<matching::MatchingSnapshot>(snapshot)) return ProblemKind::Matching;
  return ProblemKind::Hypergraph;
}

// Presses Right `steps` times and waits for the steps (of whichever kind) to arrive.
bool stepWithKeys(MainWindow& window, std::size_t steps) {
  const std::size_t before = window.controller().trace().records().size();
  for (std::size_t k = 0; k < steps; ++k) QTest::keyClick(&window, Qt::Key_Right);
  return QTest::qWaitFor(
      [&] {
        const auto& controller = window.controller();
        return controller.trace().records().size() == before + steps &&
               controller.state() != RunState::Busy && controller.latestSnapshot() != nullptr;
      },
      kTimeoutMs);
}

bool runIsClosed(MainWindow& window) {
  return QTest::qWaitFor(
      [&] {
        return window.controller().state() == RunState::Empty && window.logModel().rowCount() == 0 &&
               window.controller().trace().records().empty();
      },
      kTimeoutMs);
}

// The time chart's legend names a phase of the current trace only.
QString staleLegendEntry(MainWindow& window) {
  std::set<QString> phases;
  for (const StepRecord& record : window.controller().trace().records()) {
    phases.insert(QString::fromUtf8(record.phase.data(), qsizetype(record.phase.size()))
                      .replace(QLatin1Char('_'), ' '));
  }
  window.charts().refreshNow();
  for (const QString& name : window.charts().timeSeriesNames()) {
    if (phases.count(name) == 0) return name;
  }
  return {};
}

}  // namespace

class TestStudioSwitching : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { useFreshTestSettings("test_studio_switching"); }

  void choosingAnotherKindClosesTheRun_data() {
    QTest::addColumn<int>("loaded");
    QTest::addColumn<int>("chosen");
    const auto row = [](const char* name, ProblemKind loaded, ProblemKind chosen) {
      QTest::newRow(name) << static_cast<int>(loaded) << static_cast<int>(chosen);
    };
    row("LAP to matching", ProblemKind::Assignment, ProblemKind::Matching);
    row("matching to LAP", ProblemKind::Matching, ProblemKind::Assignment);
    row("LAP to hypergraph", ProblemKind::Assignment, ProblemKind::Hypergraph);
    row("hypergraph to matching", ProblemKind::Hypergraph, ProblemKind::Matching);
  }

  // The report: after choosing weighted matching, Right still stepped the LAP Hungarian; back in LAP
  // with greedy chosen, Right ran the matching greedy.
  void choosingAnotherKindClosesTheRun() {
    QFETCH(int, loaded);
    QFETCH(int, chosen);
    const auto loadedKind = static_cast<ProblemKind>(loaded);
    const auto chosenKind = static_cast<ProblemKind>(chosen);
    MainWindow window;
    chooseFirstAlgorithms(window);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, sourceOf(loadedKind)));
    QVERIFY(stepWithKeys(window, 3));

    window.instancePanel().setProblemKind(chosenKind);
    QVERIFY(runIsClosed(window));
    QVERIFY(!window.history().available());
    QVERIFY(!window.findChild<QAction*>(QStringLiteral("actionReset"))->isEnabled());
    QCOMPARE(label(window, "historyPosition"), QStringLiteral("no run"));
    QVERIFY(window.charts().timeSeriesNames().isEmpty());
    QVERIFY2(label(window, "statusMessage").contains(window.instancePanel().problemTitle()),
             qPrintable(label(window, "statusMessage")));
    QTest::keyClick(&window, Qt::Key_Right);
    QTest::qWait(200);
    QVERIFY(window.controller().trace().records().empty());

    // A choice of algorithm on the chosen kind's page runs nothing either.
    chooseSecondAlgorithm(window, chosenKind);
    QTest::keyClick(&window, Qt::Key_Right);
    QTest::qWait(200);
    QVERIFY(runIsClosed(window));

    // Back at the loaded kind: a fresh run of its instance, stepped by its own solver.
    window.instancePanel().setProblemKind(loadedKind);
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Ready; }, kTimeoutMs));
    QVERIFY(window.controller().trace().records().empty());
    QVERIFY(stepWithKeys(window, 2));
    QCOMPARE(static_cast<int>(kindOfSnapshot(*window.controller().latestSnapshot())), loaded);

    // Loading the chosen kind's instance runs its solver.
    window.instancePanel().setProblemKind(chosenKind);
    QVERIFY(runIsClosed(window));
    QVERIFY(load(window, sourceOf(chosenKind)));
    QVERIFY(stepWithKeys(window, 1));  // the exact matching takes one step
    QCOMPARE(static_cast<int>(kindOfSnapshot(*window.controller().latestSnapshot())), chosen);
  }

  void changingTheAlgorithmResetsTheRun_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("LAP tree to greedy") << static_cast<int>(ProblemKind::Assignment);
    QTest::newRow("matching ROMA to exact") << static_cast<int>(ProblemKind::Matching);
    QTest::newRow("hypergraph coarsening to bipartition") << static_cast<int>(ProblemKind::Hypergraph);
  }

  // The run, log, history and charts start over; the time chart's legend keeps none of the previous
  // algorithm's phases (it kept the LAP Hungarian's after a switch).
  void changingTheAlgorithmResetsTheRun() {
    QFETCH(int, kind);
    const auto problemKind = static_cast<ProblemKind>(kind);
    MainWindow window;
    chooseFirstAlgorithms(window);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, sourceOf(problemKind)));
    QVERIFY(stepWithKeys(window, 3));
    const QString firstAlgorithm = window.controller().session().algorithm;

    chooseSecondAlgorithm(window, problemKind);
    QVERIFY(QTest::qWaitFor(
        [&] {
          return window.controller().session().algorithm != firstAlgorithm &&
                 window.controller().state() == RunState::Ready;
        },
        kTimeoutMs));
    QCOMPARE(window.logModel().rowCount(), 0);
    QCOMPARE(window.history().latestStep(), 0);
    window.charts().refreshNow();
    QVERIFY2(window.charts().timeSeriesNames().isEmpty(),
             qPrintable(window.charts().timeSeriesNames().join(QStringLiteral(", "))));
    QVERIFY(stepWithKeys(window, 1));
    const QString stale = staleLegendEntry(window);
    QVERIFY2(stale.isEmpty(), qPrintable(stale));
  }
};

QTEST_MAIN(TestStudioSwitching)
#include "test_studio_switching.moc"

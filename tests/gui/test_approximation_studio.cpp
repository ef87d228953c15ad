// The LAP approximations in the studio: stepping greedy, random and the auction shows on the matrix what the
// solver's own snapshot says each step did (the entry taken and its covers, the permutation drawn so far, the
// bids, prices and epsilon), and the charts put each step's cost against the optimum of the same instance,
// found here independently by brute force.
#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <limits>

#include "app/gui/problems/lap/lap_approximation.h"
#include "solver/lap/brute_force.h"
#include "views/charts/trace_charts.h"
#include "views/matrix/matrix_view.h"
#include "views/render/matrix_style.h"
#include "views/tree/tree_view.h"
#include "window_test_support.h"

using namespace ms;
using namespace ms::studio;
using namespace ms::studio::testing;

namespace {

// The options the studio runs an approximation with: one thread, every bidding round its own step.
lap::LapOptions studioOptions(lap::LapAlgorithm algorithm, uint64_t seed = 1) {
  lap::LapOptions options = sequential(algorithm);
  options.seed = seed;
  options.auction.roundsPerStep = 1;
  return options;
}

// The instance's snapshots after each step, stepped headless with the studio's options.
std::vector<lap::LapSnapshot> headlessSteps(const MainWindow& window, const lap::LapOptions& options) {
  std::vector<lap::LapSnapshot> states;
  auto machine = lapMachineFactory(lapInstance(window).costs, options)();
  forEachStep(*machine, [&](const StepRecord&, const Snapshot& snapshot) {
    states.push_back(std::get<lap::LapSnapshot>(snapshot));
  });
  return states;
}

const lap::CostMatrix<int32_t>& integerCosts(const MainWindow& window) {
  return std::get<lap::CostMatrix<int32_t>>(*lapInstance(window).costs);
}

// The smallest entry outside the covered rows and columns, ties to the first in row-major order (greedy's
// documented rule), found by scanning.
std::pair<int32_t, int32_t> smallestUncovered(const lap::CostMatrix<int32_t>& costs,
                                              const std::vector<uint8_t>& rows,
                                              const std::vector<uint8_t>& cols) {
  std::pair<int32_t, int32_t> best{-1, -1};
  int32_t bestCost = std::numeric_limits<int32_t>::max();
  for (int32_t r = 0; r < costs.rows(); ++r) {
    for (int32_t c = 0; c < costs.cols(); ++c) {
      if (rows[static_cast<std::size_t>(r)] != 0 || cols[static_cast<std::size_t>(c)] != 0) continue;
      if (costs(r, c) < bestCost) {
        bestCost = costs(r, c);
        best = {r, c};
      }
    }
  }
  return best;
}

bool sameMarks(const std::vector<render::CellMark>& marks, const std::vector<render::CellMark>& expected) {
  return std::equal(marks.begin(), marks.end(), expected.begin(), expected.end(),
                    [](const render::CellMark& a, const render::CellMark& b) {
                      return a.row == b.row && a.col == b.col && a.colour == b.colour;
                    });
}

}  // namespace

class TestApproximationStudio : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { useFreshTestSettings("test_approximation_studio"); }

  // Each Right key takes one entry: the matrix marks the cell the snapshot says was taken, which is the
  // smallest entry outside the rows and columns covered before it, and shades the covers.
  void greedyStepsShowTheEntryTakenAndItsCovers() {
    for (const auto algorithm : {lap::LapAlgorithm::Greedy, lap::LapAlgorithm::GreedyNaive}) {
      MainWindow window;
      lapAlgorithm(window).setOptions(studioOptions(algorithm));
      window.show();
      QVERIFY(QTest::qWaitForWindowExposed(&window));
      QVERIFY(load(window, generated(9, 3)));
      QVERIFY(!treeView(window).isVisible());  // no alternating trees without duals
      const std::vector<lap::LapSnapshot> expected = headlessSteps(window, studioOptions(algorithm));
      const auto& costs = integerCosts(window);
      std::vector<uint8_t> rowsBefore(9, 0), colsBefore(9, 0);
      int takes = 0;
      for (std::size_t k = 1; k <= expected.size(); ++k) {
        QTest::keyClick(&window, Qt::Key_Right);
        QVERIFY(waitForSteps<lap::LapSnapshot>(window, k));
        const lap::LapSnapshot& state = expected[k - 1];
        const render::MatrixOverlay& overlay = window.matrixView().overlay();
        QCOMPARE(overlay.rowCovered, state.rowCovered);
        QCOMPARE(overlay.colCovered, state.colCovered);
        QCOMPARE(overlay.rowAssignment, state.rowAssignment);
        QCOMPARE(window.status().objective, state.objective);
        if (state.approximation.takenRow < 0) continue;  // the set-up step
        ++takes;
        const std::pair<int32_t, int32_t> taken{state.approximation.takenRow, state.approximation.takenCol};
        QCOMPARE(taken, smallestUncovered(costs, rowsBefore, colsBefore));
        QVERIFY(sameMarks(overlay.marks, {{taken.first, taken.second, render::style::kTakenMark}}));
        QVERIFY2(window.matrixView().caption().contains(
                     QStringLiteral("row %1, column %2").arg(taken.first + 1).arg(taken.second + 1)),
                 qPrintable(window.matrixView().caption()));
        rowsBefore = state.rowCovered;
        colsBefore = state.colCovered;
      }
      QCOMPARE(takes, 9);
      QCOMPARE(window.controller().state(), RunState::Finished);
    }
  }

  // Random fixes one row a step: the matrix frames the permutation drawn so far, as the snapshot has it, and
  // marks the latest draw; at the end the frames are a permutation.
  void randomStepsShowThePermutationDrawnSoFar() {
    MainWindow window;
    lapAlgorithm(window).setOptions(studioOptions(lap::LapAlgorithm::Random, 17));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(7, 2)));
    const std::vector<lap::LapSnapshot> expected =
        headlessSteps(window, studioOptions(lap::LapAlgorithm::Random, 17));
    QCOMPARE(expected.size(), std::size_t{7});
    for (std::size_t k = 1; k <= expected.size(); ++k) {
      QTest::keyClick(&window, Qt::Key_Right);
      QVERIFY(waitForSteps<lap::LapSnapshot>(window, k));
      const lap::LapSnapshot& state = expected[k - 1];
      const render::MatrixOverlay& overlay = window.matrixView().overlay();
      QCOMPARE(overlay.rowAssignment, state.rowAssignment);
      QCOMPARE(std::count_if(overlay.rowAssignment.begin(), overlay.rowAssignment.end(),
                             [](int32_t c) { return c >= 0; }),
               static_cast<std::ptrdiff_t>(k));
      QVERIFY(sameMarks(overlay.marks, {{state.approximation.takenRow, state.approximation.takenCol,
                                         render::style::kTakenMark}}));
    }
    std::vector<int32_t> columns = window.matrixView().overlay().rowAssignment;
    std::sort(columns.begin(), columns.end());
    for (int32_t c = 0; c < 7; ++c) QCOMPARE(columns[static_cast<std::size_t>(c)], c);
  }

  // Each bidding round is a step: the column bars are the snapshot's prices, the blue marks its bids, and the
  // caption names the current epsilon and scaling phase.
  void auctionStepsShowBidsPricesAndEpsilon() {
    MainWindow window;
    lapAlgorithm(window).setOptions(studioOptions(lap::LapAlgorithm::Auction));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(8, 5)));
    const std::vector<lap::LapSnapshot> expected =
        headlessSteps(window, studioOptions(lap::LapAlgorithm::Auction));
    QVERIFY(expected.size() > 4);
    int roundsWithBids = 0;
    for (std::size_t k = 1; k <= expected.size(); ++k) {
      QTest::keyClick(&window, Qt::Key_Right);
      QVERIFY(waitForSteps<lap::LapSnapshot>(window, k));
      const lap::ApproximationState& state = expected[k - 1].approximation;
      const render::MatrixOverlay& overlay = window.matrixView().overlay();
      QCOMPARE(overlay.colDual, state.prices);
      QVERIFY(overlay.rowDual.empty());
      std::vector<render::CellMark> bids;
      for (std::size_t row = 0; row < state.bidColumn.size(); ++row) {
        if (state.bidColumn[row] >= 0)
          bids.push_back({static_cast<int32_t>(row), state.bidColumn[row], render::style::kBidMark});
      }
      roundsWithBids += bids.empty() ? 0 : 1;
      QVERIFY(sameMarks(overlay.marks, bids));
      if (std::isnan(state.epsilon)) continue;
      const QString caption = window.matrixView().caption();
      QVERIFY2(caption.contains(QStringLiteral("epsilon = %1").arg(QString::number(state.epsilon, 'g', 6))) &&
                   caption.contains(QStringLiteral("scaling phase %1").arg(state.scalingPhase)),
               qPrintable(caption));
    }
    QVERIFY(roundsWithBids > 0);
    QCOMPARE(window.controller().state(), RunState::Finished);
    QCOMPARE(window.status().objective, expected.back().objective);
  }

  // After a run to the end the cost chart holds every step's cost as the snapshots have it, the optimum line
  // sits at the brute-force optimum, and each step that ends with a complete assignment has a factor point,
  // its cost divided by the optimum.
  void chartsCompareEachStepsCostWithTheOptimum() {
    for (const auto algorithm :
         {lap::LapAlgorithm::Greedy, lap::LapAlgorithm::Random, lap::LapAlgorithm::Auction}) {
      MainWindow window;
      lapAlgorithm(window).setOptions(studioOptions(algorithm, 4));
      window.show();
      QVERIFY(QTest::qWaitForWindowExposed(&window));
      QVERIFY(load(window, generated(8, 11)));
      const auto& costs = integerCosts(window);
      auto brute = lap::makeBruteForce(costs);
      while (!brute->done()) brute->step();
      const double optimum = static_cast<double>(brute->solution().objective);
      QVERIFY(optimum > 0);

      const std::vector<lap::LapSnapshot> expected = headlessSteps(window, studioOptions(algorithm, 4));
      window.controller().runToEnd();
      QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
      views::TraceCharts& charts = window.charts();
      QVERIFY(QTest::qWaitFor([&] { return charts.reference() == optimum; }, kTimeoutMs));
      charts.refreshNow();
      QCOMPARE(window.session<LapSession>().optimum(), optimum);

      std::vector<QPointF> costsPerStep;  // the snapshots' (step, cost), without the empty state of step 0
      for (const lap::LapSnapshot& state : expected)
        costsPerStep.emplace_back(static_cast<double>(state.step), state.objective);
      QList<QPointF> plotted = charts.objectivePoints();
      plotted.removeIf([](QPointF p) { return p.x() == 0; });
      QCOMPARE(std::vector<QPointF>(plotted.begin(), plotted.end()), costsPerStep);
      // Factors of complete assignments only: a partial one's cost over the optimum read as better than
      // optimal (0 for greedy until its last take).
      std::vector<QPointF> expectedFactors;
      for (const lap::LapSnapshot& state : expected) {
        if (state.assignedCount == state.n)
          expectedFactors.emplace_back(static_cast<double>(state.step), state.objective / optimum);
      }
      const QList<QPointF> factors = charts.factorPoints();
      QCOMPARE(std::vector<QPointF>(factors.begin(), factors.end()), expectedFactors);
      for (const QPointF& factor : factors) QVERIFY(factor.y() >= 1.0);  // no assignment beats the optimum
      for (const QPointF& point : charts.referencePoints()) QCOMPARE(point.y(), optimum);
      QCOMPARE(window.status().objective, expected.back().objective);
    }
  }
};

QTEST_MAIN(TestApproximationStudio)
#include "test_approximation_studio.moc"

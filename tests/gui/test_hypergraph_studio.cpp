// Hypergraphs in the studio: the incidence matrix (exact when small, a density raster when large), stepping
// greedy coarsening shows the current node's hyperedges, its neighbours and every nonzero of the scan in the
// colour of the warp lane that reads it (recomputed here with the warp plan), the matched nodes, and each
// contracted level; the charts hold the sizes of each level and the cut after each FM pass; more than two
// parts run the k-way machine.
#include <QComboBox>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>
#include <map>

#include "app/gui/problems/hypergraph/hypergraph_instance.h"
#include "app/gui/problems/hypergraph/hypergraph_session.h"
#include "solver/hypergraph/generators.h"
#include "solver/hypergraph/warp_plan.h"
#include "views/charts/trace_charts.h"
#include "views/matrix/matrix_view.h"
#include "window_test_support.h"

using namespace ms;
using namespace ms::studio;
using namespace ms::studio::testing;

namespace {

HypergraphSession& hypergraphSession(const MainWindow& window) {
  return window.session<HypergraphSession>();
}

HypergraphInstanceSource randomHypergraph(int32_t n, uint64_t seed) {
  HypergraphInstanceSource source;
  source.n = n;
  source.seed = seed;
  return source;
}

// Options for `algorithm` on one thread; `nodesPerStep` nodes per greedy matching step (0 = a level).
hypergraph::HypergraphOptions sequentialOptions(hypergraph::HypergraphAlgorithm algorithm,
                                                int32_t nodesPerStep) {
  hypergraph::HypergraphOptions options;
  options.algorithm = algorithm;
  options.backend = lap::Backend::Sequential;
  options.nodesPerStep = nodesPerStep;
  return options;
}

// Shows the window with `options` chosen and loads `source`.
bool openWith(MainWindow& window, const hypergraph::HypergraphOptions& options,
              const HypergraphInstanceSource& source) {
  hypergraphSession(window).algorithmPage().setOptions(options);
  window.show();
  return QTest::qWaitForWindowExposed(&window) && load(window, source);
}

const lap::CostMatrix<float>& rasterCells(const IncidenceRaster& raster) {
  return std::get<lap::CostMatrix<float>>(*raster.cells);
}

}  // namespace

class TestHypergraphStudio : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { useFreshTestSettings("test_hypergraph_studio"); }

  // A small hypergraph is drawn exactly: a cell is 1 where the node is a pin of the hyperedge, else 0, and
  // the square's rows past the last hyperedge are forbidden (black).
  void smallIncidenceMatrixIsExact() {
    const hypergraph::Hypergraph graph = hypergraph::generateRandom({30, 20, 5, 1, 1, 7});
    const IncidenceRaster raster = incidenceRaster(graph);
    QCOMPARE(raster.side, 30);
    QCOMPARE(raster.edgesPerCell, 1);
    QCOMPARE(raster.nodesPerCell, 1);
    const auto& cells = rasterCells(raster);
    for (int32_t e = 0; e < 30; ++e) {
      for (int32_t v = 0; v < 30; ++v) {
        if (e >= graph.edgeCount()) {
          QVERIFY(std::isinf(cells(e, v)));
          continue;
        }
        const auto pins = graph.pins(e);
        const bool pin = std::find(pins.begin(), pins.end(), v) != pins.end();
        QCOMPARE(cells(e, v), pin ? 1.0f : 0.0f);
      }
    }
  }

  // A large one becomes a raster of at most kMaxRasterSide a side whose cells are the density of their
  // blocks: density x block area, summed over a raster row, is the number of pins of that row's hyperedges.
  void largeIncidenceMatrixIsADensityRaster() {
    const hypergraph::Hypergraph graph = hypergraph::generateProfile(hypergraph::Profile::Stanford, 5000, 3);
    const IncidenceRaster raster = incidenceRaster(graph);
    QCOMPARE(raster.side, kMaxRasterSide);
    QCOMPARE(raster.edgesPerCell, 5);
    QCOMPARE(raster.nodesPerCell, 5);
    const auto& cells = rasterCells(raster);
    std::vector<int64_t> pinsPerRow(static_cast<std::size_t>(raster.side), 0);
    for (int32_t e = 0; e < graph.edgeCount(); ++e) {
      pinsPerRow[static_cast<std::size_t>(e / 5)] += static_cast<int64_t>(graph.pins(e).size());
    }
    for (int32_t r = 0; r < raster.side; ++r) {
      double sum = 0;
      for (int32_t c = 0; c < raster.side; ++c) {
        if (!std::isinf(cells(r, c))) sum += cells(r, c) * 25.0;
      }
      QVERIFY2(
          std::abs(sum - static_cast<double>(pinsPerRow[static_cast<std::size_t>(r)])) < 1e-3 * (1 + sum),
          qPrintable(QStringLiteral("row %1: %2 against %3")
                         .arg(r)
                         .arg(sum)
                         .arg(pinsPerRow[static_cast<std::size_t>(r)])));
    }
  }

  // One node per step: the rows of the node's hyperedges are shaded, the marks are exactly the nonzeros of
  // the warp plan in their lanes' colours, the bars over the columns say which nodes are matched, and once a
  // level is contracted the matrix shows the contracted hypergraph.
  void steppingShowsTheScanByLaneAndEachLevel() {
    MainWindow window;
    const auto options = sequentialOptions(hypergraph::HypergraphAlgorithm::CoarsenGreedy, 1);
    QVERIFY(openWith(window, options, randomHypergraph(40, 5)));
    QCOMPARE(window.problemKind(), ProblemKind::Hypergraph);
    QCOMPARE(hypergraphSession(window).raster().side, 40);

    auto headless = hypergraphMachineFactory(hypergraphSession(window).instance().graph, options)();
    std::vector<hypergraph::HypergraphSnapshot> expected;
    forEachStep(*headless, [&](const StepRecord&, const Snapshot& snapshot) {
      expected.push_back(std::get<hypergraph::HypergraphSnapshot>(snapshot));
    });
    const auto firstContraction =
        std::find_if(expected.begin(), expected.end(), [](const auto& s) { return s.level == 1; });
    QVERIFY(firstContraction != expected.end());
    const auto steps = static_cast<std::size_t>(firstContraction - expected.begin()) + 2;
    int scans = 0;
    for (std::size_t k = 1; k <= steps && k <= expected.size(); ++k) {
      QTest::keyClick(&window, Qt::Key_Right);
      QVERIFY(QTest::qWaitFor(
          [&] {
            return window.controller().trace().records().size() == k &&
                   window.controller().state() != RunState::Busy;
          },
          kTimeoutMs));
      QVERIFY(QTest::qWaitFor(
          [&] {
            const auto* shown = stateOf<hypergraph::HypergraphSnapshot>(window.shownSnapshot());
            return shown != nullptr && shown->step == static_cast<int64_t>(k);
          },
          kTimeoutMs));
      const hypergraph::HypergraphSnapshot& state = expected[k - 1];
      const IncidenceRaster& raster = hypergraphSession(window).raster();
      const hypergraph::Hypergraph& level = *state.graph;
      QCOMPARE(raster.side, std::max(level.edgeCount(), level.nodeCount()));  // the level's own matrix
      const render::MatrixOverlay& overlay = window.matrixView().overlay();
      if (state.currentNode >= 0) {
        ++scans;
        std::vector<uint8_t> rows(static_cast<std::size_t>(raster.side), 0);
        for (const int32_t edge : level.edgesOf(state.currentNode)) rows[static_cast<std::size_t>(edge)] = 1;
        QCOMPARE(overlay.rowCovered, rows);
        const std::vector<hypergraph::PlannedNonzero> plan =
            hypergraph::planNeighbourScan(level, state.currentNode);
        QCOMPARE(overlay.marks.size(), plan.size());
        for (std::size_t p = 0; p < plan.size(); ++p) {
          QCOMPARE(overlay.marks[p].row, plan[p].edge);
          QCOMPARE(overlay.marks[p].col, plan[p].node);
          QVERIFY(overlay.marks[p].colour == laneColour(plan[p].lane));
        }
        QVERIFY(
            window.matrixView().caption().contains(QStringLiteral("node %1:").arg(state.currentNode + 1)));
      }
      std::size_t pairs = 0;
      for (std::size_t v = 0; v < state.mate.size(); ++v) {
        QCOMPARE(overlay.colDual[v], state.mate[v] >= 0 ? 1.0 : 0.0);  // orange means only side 1
        const int32_t mate = state.mate[v];
        if (mate <= static_cast<int32_t>(v)) continue;
        // Each pair is a line within one hyperedge that holds both nodes.
        const auto line =
            std::find_if(overlay.paths.begin(), overlay.paths.end(), [&](const std::vector<int32_t>& path) {
              return path.size() == 4 && path[1] == static_cast<int32_t>(v) && path[3] == mate &&
                     path[0] == path[2];
            });
        QVERIFY(line != overlay.paths.end());
        const auto pins = level.pins((*line)[0]);
        QVERIFY(std::count(pins.begin(), pins.end(), static_cast<int32_t>(v)) == 1 &&
                std::count(pins.begin(), pins.end(), mate) == 1);
        ++pairs;
      }
      QCOMPARE(overlay.paths.size(), pairs);
    }
    QVERIFY(scans > 10);
    const int32_t shownLevel = stateOf<hypergraph::HypergraphSnapshot>(window.shownSnapshot())->level;
    QCOMPARE(shownLevel, expected[steps - 1].level);
    QVERIFY(shownLevel >= 1);  // the steps went past a contraction

    // The matrix export is the incidence picture with its marks, as the view renders it.
    if (!window.matrixView().rendererAvailable()) QSKIP("no Vulkan device: the export needs the renderer");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("incidence.png"));
    window.exportMatrixPng(path, QSize(320, 240));
    const QImage exported(path);
    QCOMPARE(exported.size(), QSize(320, 240));
    QCOMPARE(exported.convertToFormat(QImage::Format_RGB32),
             window.matrixView().renderImage(QSize(320, 240)).convertToFormat(QImage::Format_RGB32));
  }

  // A caption that wraps to several lines on a narrow view gets a band that holds them all: no text on the
  // band's first or last row (a band of two lines cut a third line in half, the centred text spilling over
  // both edges).
  void longCaptionFitsItsBand() {
    MainWindow window;
    QVERIFY(openWith(window, sequentialOptions(hypergraph::HypergraphAlgorithm::CoarsenGreedy, 1),
                     randomHypergraph(600, 3)));
    for (int step = 0; step < 40; ++step) window.controller().stepPhase();
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() != RunState::Busy; }, kTimeoutMs));
    if (!window.matrixView().rendererAvailable()) QSKIP("no Vulkan device: the image needs the renderer");
    const QImage image =
        window.matrixView().renderImage(QSize(240, 400)).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(image.size(), QSize(240, 400));
    // The band is grey (dark, with white text); the matrix above it is coloured.
    const auto rowHas = [&](int y, auto test) {
      for (int x = 0; x < image.width(); ++x) {
        if (test(image.pixel(x, y))) return true;
      }
      return false;
    };
    const auto coloured = [](QRgb p) { return qRed(p) != qGreen(p) || qGreen(p) != qBlue(p); };
    const auto text = [](QRgb p) { return qRed(p) > 90; };
    int bandTop = 0;
    for (int y = 0; y < image.height(); ++y) {
      if (rowHas(y, coloured)) bandTop = y + 1;
    }
    QVERIFY(bandTop < image.height() - 1);
    int lines = 0;
    bool inLine = false;
    for (int y = bandTop; y < image.height(); ++y) {
      const bool hasText = rowHas(y, text);
      if (hasText && !inLine) ++lines;
      inLine = hasText;
    }
    QVERIFY2(lines >= 3,
             qPrintable(QStringLiteral("%1 lines: %2").arg(lines).arg(window.matrixView().caption())));
    QVERIFY(!rowHas(bandTop, text));
    QVERIFY(!rowHas(image.height() - 1, text));
  }

  // After a bipartition runs to its end, the sizes chart holds every coarser level's nodes, hyperedges and
  // pins, the last FM pass's cut is the result's, and the status bar shows that cut.
  void chartsHoldLevelSizesAndTheCut() {
    MainWindow window;
    const auto options = sequentialOptions(hypergraph::HypergraphAlgorithm::Bipartition, 0);
    QVERIFY(openWith(window, options, randomHypergraph(300, 9)));
    auto headless = hypergraph::makeHypergraphSolver(hypergraphSession(window).instance().graph, options);
    while (!headless->done()) headless->step();
    const hypergraph::HypergraphResult result = headless->result();
    QVERIFY(result.levels.size() > 2);

    window.controller().runToEnd();
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
    window.charts().refreshNow();
    for (std::size_t counter = 0; counter < 3; ++counter) {
      const QList<QPointF> points = window.charts().phasePoints(0, counter);
      QCOMPARE(static_cast<std::size_t>(points.size()), result.levels.size() - 1);
      for (qsizetype k = 0; k < points.size(); ++k) {
        const hypergraph::LevelSize& size = result.levels[static_cast<std::size_t>(k) + 1];
        const double expected = counter == 0   ? size.nodes
                                : counter == 1 ? size.edges
                                               : static_cast<double>(size.pins);
        QCOMPARE(points[k].y(), expected);
      }
    }
    const QList<QPointF> cuts = window.charts().phasePoints(1, 0);
    QVERIFY(!cuts.isEmpty());
    QCOMPARE(cuts.back().y(), static_cast<double>(result.cut));
    QCOMPARE(window.status().objective, static_cast<double>(result.cut));
  }

  // A coarse pin-heavy level gets no FM pass under the studio's options, and its projection step says so;
  // every other projection is followed by an FM pass.
  void projectionSaysWhenALevelGetsNoFmPass() {
    const auto graph = std::make_shared<const hypergraph::Hypergraph>(
        hypergraph::generateProfile(hypergraph::Profile::Stanford, 600, 2));
    auto solver = hypergraph::makeHypergraphSolver(graph, hypergraph::HypergraphOptions{});
    const Trace trace = runToEnd(*solver);
    const auto& records = trace.records();
    int withoutPass = 0, withPass = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
      if (records[i].phase != hypergraph::kProjectionPhase) continue;
      const QString explained = explainHypergraphStep(records[i]);
      const bool passFollows = i + 1 < records.size() && records[i + 1].phase == hypergraph::kFmPassPhase;
      QVERIFY2(explained.contains(QStringLiteral("no FM pass")) != passFollows, qPrintable(explained));
      ++(passFollows ? withPass : withoutPass);
    }
    QVERIFY(withoutPass > 0 && withPass > 0);
  }

  // Choosing "Jet, then FM" in the panel runs Jet iterations before each level's FM passes: the studio's run
  // is the headless solver's with those options, step for step, and ends at its cut.
  void jetRefinementIsAChoiceOfThePanel() {
    MainWindow window;
    const auto options = sequentialOptions(hypergraph::HypergraphAlgorithm::Bipartition, 0);
    QVERIFY(openWith(window, options, randomHypergraph(400, 12)));
    auto* refinement = window.findChild<QComboBox*>(QStringLiteral("hypergraphRefinement"));
    QVERIFY(refinement != nullptr && refinement->isEnabled());
    refinement->setCurrentIndex(refinement->findData(static_cast<int>(hypergraph::Refinement::Jet)));
    const hypergraph::HypergraphOptions chosen = hypergraphSession(window).algorithmPage().options();
    QCOMPARE(chosen.refinement, hypergraph::Refinement::Jet);

    auto headless = hypergraph::makeHypergraphSolver(hypergraphSession(window).instance().graph, chosen);
    const Trace trace = runToEnd(*headless);
    const auto jetSteps =
        std::count_if(trace.records().begin(), trace.records().end(),
                      [](const StepRecord& r) { return r.phase == hypergraph::kJetIterationPhase; });
    QVERIFY(jetSteps > 0);
    QVERIFY(explainHypergraphStep(
                *std::find_if(trace.records().begin(), trace.records().end(),
                              [](const StepRecord& r) { return r.phase == hypergraph::kJetIterationPhase; }))
                .startsWith(QStringLiteral("Jet iteration on level")));

    window.controller().runToEnd();
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
    QCOMPARE(window.status().objective, static_cast<double>(headless->result().cut));
    QCOMPARE(window.controller().trace().records().size(), trace.records().size());
    hypergraphSession(window).algorithmPage().setOptions(
        sequentialOptions(hypergraph::HypergraphAlgorithm::CoarsenGreedy, 0));
    QVERIFY(!refinement->isEnabled());
  }

  // Four parts with the km1 objective: the objective box opens from three parts on, the run is the k-way
  // machine's (its last FM pass carries the headless result's cut and km1 in the chart and the caption), and
  // the status bar shows the cut.
  void kWayPartsRunTheKWayMachine() {
    MainWindow window;
    const auto options = sequentialOptions(hypergraph::HypergraphAlgorithm::Bipartition, 0);
    QVERIFY(openWith(window, options, randomHypergraph(400, 11)));
    auto* parts = window.findChild<QSpinBox*>(QStringLiteral("hypergraphParts"));
    auto* objective = window.findChild<QComboBox*>(QStringLiteral("hypergraphObjective"));
    QVERIFY(parts != nullptr && objective != nullptr);
    QVERIFY(parts->isEnabled() && !objective->isEnabled());
    parts->setValue(4);
    QVERIFY(objective->isEnabled());
    objective->setCurrentIndex(objective->findData(static_cast<int>(hypergraph::Objective::Km1)));

    hypergraph::KWayOptions kway;
    kway.bisection = options;
    kway.parts = 4;
    kway.objective = hypergraph::Objective::Km1;
    auto headless = hypergraph::makeKWaySolver(hypergraphSession(window).instance().graph, kway);
    while (!headless->done()) headless->step();
    const hypergraph::KWayResult result = headless->result();

    window.controller().runToEnd();
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
    window.charts().refreshNow();
    const QList<QPointF> km1 = window.charts().phasePoints(1, 1);
    QVERIFY(!km1.isEmpty());
    QCOMPARE(km1.back().y(), static_cast<double>(result.km1));
    const QString caption = window.matrixView().caption();
    QVERIFY2(caption.contains(QStringLiteral("4 parts: cut %1").arg(result.cut)) &&
                 caption.contains(QStringLiteral("km1 %1").arg(result.km1)),
             qPrintable(caption));
    QCOMPARE(window.status().objective, static_cast<double>(result.cut));
    parts->setValue(2);
    QVERIFY(!objective->isEnabled());
  }
};

QTEST_MAIN(TestHypergraphStudio)
#include "test_hypergraph_studio.moc"

// Weighted matching in the studio: the window stepped like a person would (log, status bar and charts
// against the solver stepped headless), run to end against a headless solve, the graph view's pixels on a
// hand-made geometric graph whose first ROMA phase must flip, matched pairs on the weight matrix, a
// malformed graph file reported without losing the session, the step history of a small graph (Back,
// Forward, the graph view, log row and status bar of every stored step, Learn mode hiding the graph view),
// and the toolbar, chart titles and algorithm panel following the problem kind.
#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolBar>
#include <QWheelEvent>
#include <QtTest/QtTest>
#include <algorithm>
#include <cmath>

#include "app/gui/algorithm_panel.h"
#include "app/gui/legend_dock.h"
#include "app/gui/main_window.h"
#include "app/gui/problems/matching/matching_instance.h"
#include "app/gui/step_history.h"
#include "solver/matching/generators.h"
#include "solver/matching/problem.h"
#include "views/charts/trace_charts.h"
#include "views/graph/graph_painter.h"
#include "views/graph/graph_view.h"
#include "views/log/step_log_model.h"
#include "views/matrix/matrix_view.h"
#include "views/render/matrix_layout.h"
#include "views/render/matrix_style.h"
#include "views/tree/tree_view.h"
#include "window_test_support.h"

using namespace ms;
using namespace ms::studio;
using namespace ms::studio::testing;

namespace {

MatchingInstanceSource generatedGraph(matching::Distribution distribution, int32_t n, uint64_t seed) {
  MatchingInstanceSource source;
  source.generator = {distribution, n, seed};
  return source;
}

matching::MatchingOptions options(matching::MatchingAlgorithm algorithm) {
  matching::MatchingOptions options;
  options.algorithm = algorithm;
  options.backend = lap::Backend::Cpu;
  options.threads = 1;  // one thread: parallel ROMA's lock races, and so its result, are deterministic
  options.maxPhases = 0;
  return options;
}

const matching::MatchingSnapshot* latestMatching(MainWindow& window) {
  return stateOf<matching::MatchingSnapshot>(window.controller().latestSnapshot());
}

bool sameFlips(const std::vector<matching::MatchingFlip>& a, const std::vector<matching::MatchingFlip>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& p, const auto& q) {
    return p.u == q.u && p.mateU == q.mateU && p.x == q.x && p.mateX == q.mateX && p.gain == q.gain;
  });
}

bool samePoints(const std::vector<matching::Point>& a, const std::vector<matching::Point>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const auto& p, const auto& q) { return p.x == q.x && p.y == q.y; });
}

// The first field in which two matching snapshots differ; empty when they agree everywhere.
QString matchingDifference(const matching::MatchingSnapshot& a, const matching::MatchingSnapshot& b) {
  return firstDifference(
      {
          {"n", a.n == b.n},
          {"iteration", a.iteration == b.iteration},
          {"step", a.step == b.step},
          {"lastPhase", a.lastPhase == b.lastPhase},
          {"nextPhase", a.nextPhase == b.nextPhase},
          {"done", a.done == b.done},
          {"mate", a.mate == b.mate},
          {"flips", sameFlips(a.flips, b.flips)},
          {"weight", a.weight == b.weight},
          {"points", samePoints(a.points, b.points)},
      },
      b.step);
}

// Within a few levels per channel: anti-aliased edges are exact only where a line covers the whole pixel.
bool near(QColor actual, QRgb expected) {
  const QColor want(expected);
  return std::abs(actual.red() - want.red()) <= 24 && std::abs(actual.green() - want.green()) <= 24 &&
         std::abs(actual.blue() - want.blue()) <= 24;
}

QColor pixelAt(const QImage& image, QPointF position) {
  return image.pixelColor(static_cast<int>(std::floor(position.x())),
                          static_cast<int>(std::floor(position.y())));
}

}  // namespace

class TestMatchingStudio : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { useFreshTestSettings("test_matching_studio"); }

  // Right steps one phase: after each key the log has one row per solver step with the phases and counters
  // of the same solver stepped headless, the status bar shows its phase, weight and matched vertices, the
  // charts its weight and flips per phase, and the graph view its flips.
  void steppingMatchesTheSolversTrace() {
    MainWindow window;
    const matching::MatchingOptions chosen = options(matching::MatchingAlgorithm::Roma);
    matchingAlgorithm(window).setOptions(chosen);
    matchingAlgorithm(window).setObjective(matching::Objective::Maximise);  // Hovland's: more phases to step
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generatedGraph(matching::Distribution::Geometric, 40, 3)));
    QCOMPARE(window.problemKind(), ProblemKind::Matching);
    QVERIFY(graphView(window).isVisible());
    QVERIFY(!window.matrixView().isVisible());

    matching::MatchingOptions resolved = chosen;
    resolved.backend = lap::Backend::Sequential;
    resolved.seed = 3;
    resolved.objective = matching::Objective::Maximise;
    auto headless = matchingMachineFactory(matchingInstance(window).graph, resolved)();
    std::vector<StepRecord> expected;
    std::vector<matching::MatchingSnapshot> expectedState;
    forEachStep(*headless, [&](const StepRecord& record, const Snapshot& snapshot) {
      expected.push_back(record);
      expectedState.push_back(std::get<matching::MatchingSnapshot>(snapshot));
    });
    QVERIFY(expected.size() >= 4);
    QVERIFY(expected[1].counters[matching::kFlips] > 0);

    for (std::size_t steps = 1; steps <= 3; ++steps) {
      QTest::keyClick(&window, Qt::Key_Right);
      QVERIFY(waitForSteps<matching::MatchingSnapshot>(window, steps));
      views::StepLogModel& log = window.logModel();
      const QString difference = logDifference(log, std::span(expected).first(steps));
      QVERIFY2(difference.isEmpty(), qPrintable(difference));
      for (std::size_t k = 0; k < steps; ++k) {
        QCOMPARE(log.data(log.index(static_cast<int>(k), views::StepLogModel::ExplanationColumn)).toString(),
                 explainMatchingStep(expected[k], matching::Objective::Maximise));
      }
      const matching::MatchingSnapshot& state = expectedState[steps - 1];
      QCOMPARE(window.status().iteration, state.iteration);
      QCOMPARE(window.status().objective, state.weight);
      QCOMPARE(window.status().assigned, 40);
      QCOMPARE(label(window, "statusIteration"), QStringLiteral("phase %1").arg(state.iteration));
      QCOMPARE(label(window, "statusObjective"), QStringLiteral("weight %1").arg(state.weight, 0, 'g', 12));
      QCOMPARE(label(window, "statusN"), QStringLiteral("n = 40"));
      QCOMPARE(window.status().elapsedMs, tracedMilliseconds(window));
      QVERIFY(QTest::qWaitFor(
          [&] { return graphView(window).snapshot().step == static_cast<int64_t>(steps); }, kTimeoutMs));
      QCOMPARE(graphView(window).snapshot().flips.size(), state.flips.size());
    }

    window.charts().refreshNow();
    const QList<QPointF> weights = window.charts().gainPoints();
    QCOMPARE(weights.size(), 3);
    const QList<QPointF> flips = window.charts().levelPoints(0);
    QCOMPARE(flips.size(), 2);
    for (int k = 0; k < 3; ++k) {
      QCOMPARE(weights[k], QPointF(expected[k].iteration, expected[k].counters[matching::kWeight]));
    }
    for (int k = 0; k < 2; ++k) {
      QCOMPARE(flips[k], QPointF(k + 1, expected[k + 1].counters[matching::kFlips]));
    }
    matchingAlgorithm(window).setObjective(std::nullopt);  // the next window starts from the saved settings
  }

  // Run to end gives the weight of the same solver run headless on the same (padded) graph.
  void runToEndMatchesAHeadlessSolve() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const MatchingInstanceSource source = generatedGraph(matching::Distribution::Exponential, 61, 5);
    const matching::CompleteGraph given = matching::generateGraph(source.generator);
    const matching::PreparedGraph prepared(given);
    QVERIFY(prepared.isPadded());
    for (auto algorithm : {matching::MatchingAlgorithm::Greedy, matching::MatchingAlgorithm::Roma,
                           matching::MatchingAlgorithm::ParallelRoma1,
                           matching::MatchingAlgorithm::ParallelRoma2, matching::MatchingAlgorithm::Exact}) {
      matchingAlgorithm(window).setOptions(options(algorithm));
      QVERIFY(load(window, source));
      QCOMPARE(window.status().n, 62);
      QTest::keyClick(&window, Qt::Key_End, Qt::ControlModifier);
      QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
      QVERIFY(QTest::qWaitFor(
          [&] { return latestMatching(window) != nullptr && latestMatching(window)->done; }, kTimeoutMs));

      std::string notice;
      matching::MatchingOptions resolved = resolveMatchingBackend(options(algorithm), &notice);
      resolved.seed = source.generator.seed;
      auto solver = matching::makeMatchingSolver(prepared.even(), resolved);
      runToEnd(*solver);
      const double weight = solver->solution().weight;
      QCOMPARE(window.status().objective, weight);
      QCOMPARE(window.controller().trace().records().back().counters[matching::kWeight], weight);
      QCOMPARE(window.status().assigned, 62);
      QVERIFY(window.matrixView().isVisible());  // no points: the weight matrix is shown
    }
  }

  // The objective box says "by graph" at first: geometric graphs are solved for the least total weight, the
  // others for the greatest (the exact optimum of that sense, found by exhaustive search, in the status bar
  // and the log's explanation); choosing maximise or minimise applies to every generator. The tooltip states
  // the default.
  void objectiveDefaultsPerGenerator() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    MatchingAlgorithmPage& page = matchingAlgorithm(window);
    page.setOptions(options(matching::MatchingAlgorithm::Exact));
    auto* box = page.findChild<QComboBox*>(QStringLiteral("matchingObjective"));
    QVERIFY(box != nullptr);
    QVERIFY(box->toolTip().contains(QStringLiteral("minimise geometric graphs, maximise the others")));
    QCOMPARE(page.objective(), std::nullopt);
    const auto solveShown = [&](matching::Distribution distribution) {
      const MatchingInstanceSource source = generatedGraph(distribution, 10, 4);
      if (!load(window, source)) return std::nan("");
      QTest::keyClick(&window, Qt::Key_End, Qt::ControlModifier);
      if (!QTest::qWaitFor([&] { return latestMatching(window) != nullptr && latestMatching(window)->done; },
                           kTimeoutMs))
        return std::nan("");
      return window.status().objective;
    };
    const auto optimum = [](matching::Distribution distribution, matching::Objective objective) {
      const matching::CompleteGraph graph = matching::generateGraph({distribution, 10, 4});
      auto exact = matching::makeMatchingSolver(graph, [&] {
        matching::MatchingOptions o = options(matching::MatchingAlgorithm::Exact);
        o.backend = lap::Backend::Sequential;
        o.objective = objective;
        return o;
      }());
      runToEnd(*exact);
      return exact->solution().weight;
    };
    using matching::Distribution;
    using matching::Objective;
    for (Distribution distribution :
         {Distribution::Uniform, Distribution::Exponential, Distribution::Geometric}) {
      const Objective expected =
          distribution == Distribution::Geometric ? Objective::Minimise : Objective::Maximise;
      QCOMPARE(solveShown(distribution), optimum(distribution, expected));
      QCOMPARE(page.objectiveFor(*matchingInstance(window).graph), expected);
      const QString explanation =
          window.logModel()
              .data(window.logModel().index(0, views::StepLogModel::ExplanationColumn))
              .toString();
      QVERIFY2(explanation.contains(expected == Objective::Minimise ? QStringLiteral("minimum-weight")
                                                                    : QStringLiteral("maximum-weight")),
               qPrintable(explanation));
    }
    QVERIFY(optimum(Distribution::Geometric, Objective::Minimise) <
            optimum(Distribution::Geometric, Objective::Maximise));
    for (Objective chosen : {Objective::Maximise, Objective::Minimise}) {
      page.setObjective(chosen);
      QCOMPARE(box->currentText(),
               chosen == Objective::Minimise ? QStringLiteral("minimise") : QStringLiteral("maximise"));
      for (Distribution distribution : {Distribution::Uniform, Distribution::Geometric})
        QCOMPARE(solveShown(distribution), optimum(distribution, chosen));
    }
    page.setObjective(std::nullopt);
  }

  // The legend dock names the flipped edges only for ROMA, the one algorithm whose phases flip (greedy and
  // the exact solver drew them in the legend though they never draw one), and its title the objective.
  void legendNamesOnlyWhatTheAlgorithmDraws() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const views::GraphPens pens = views::graphPens(30);
    for (auto algorithm : {matching::MatchingAlgorithm::Greedy, matching::MatchingAlgorithm::Roma,
                           matching::MatchingAlgorithm::ParallelRoma1,
                           matching::MatchingAlgorithm::ParallelRoma2, matching::MatchingAlgorithm::Exact}) {
      matchingAlgorithm(window).setOptions(options(algorithm));
      QVERIFY(load(window, generatedGraph(matching::Distribution::Geometric, 30, 2)));
      const views::Legend& legend = window.legendDock().legend();
      const bool flips =
          algorithm != matching::MatchingAlgorithm::Greedy && algorithm != matching::MatchingAlgorithm::Exact;
      const auto drawnIn = [&](const QColor& colour) {
        return std::any_of(
            legend.entries.begin(), legend.entries.end(), [&](const views::LegendEntry& entry) {
              return std::find(entry.colours.begin(), entry.colours.end(), colour) != entry.colours.end();
            });
      };
      const QString name = QString::fromUtf8(matching::matchingAlgorithmName(algorithm).data());
      QVERIFY2(drawnIn(pens.matched.color()), qPrintable(name));
      QVERIFY2(drawnIn(pens.made.color()) == flips, qPrintable(name));
      QVERIFY2(drawnIn(pens.removed.color()) == flips, qPrintable(name));
      QVERIFY2(legend.title.contains(QStringLiteral("least total weight")), qPrintable(legend.title));
    }
  }

  // Four points where the neighbour start (0-1, 2-3) pairs the short sides of a tall rectangle: the first
  // ROMA phase must flip to a pair of long edges. The new edges are drawn in the highlight colour along their
  // whole length; the old ones dashed (some of their pixels in the old-edge colour, some background).
  void graphViewDrawsTheFlips() {
    const matching::CompleteGraph graph = matching::graphFromPoints({{0, 0}, {0.3, 0}, {0, 1}, {0.3, 1}});
    auto solver = matching::makeMatchingSolver(graph, options(matching::MatchingAlgorithm::Roma));
    Snapshot snapshot;
    solver->step();
    solver->step();
    solver->snapshot(snapshot);
    const auto& state = std::get<matching::MatchingSnapshot>(snapshot);
    QCOMPARE(state.flips.size(), std::size_t{1});
    const matching::MatchingFlip& flip = state.flips.front();

    views::GraphView view;
    view.resize(400, 400);
    view.setSnapshot(snapshot);
    QVERIFY(view.hasGraph());
    const QSize size(400, 400);
    const QImage image = view.renderImage(size);
    const views::GraphLayout layout(state.points, size);
    const auto along = [&](int32_t u, int32_t v, double t) {
      const QPointF a = layout.toPixel(state.points[static_cast<std::size_t>(u)]);
      const QPointF b = layout.toPixel(state.points[static_cast<std::size_t>(v)]);
      return a + (b - a) * t;
    };
    // The new edges cross in the middle of the rectangle; check them away from the crossing and the points.
    for (auto [u, v] : {std::pair{flip.u, flip.x}, std::pair{flip.mateU, flip.mateX}}) {
      QCOMPARE(state.mate[static_cast<std::size_t>(u)], v);
      for (double t : {0.15, 0.3, 0.7, 0.85}) {
        const QColor colour = pixelAt(image, along(u, v, t));
        QVERIFY2(
            near(colour, views::graph_style::kNewEdge),
            qPrintable(QStringLiteral("new edge %1-%2 at %3: %4").arg(u).arg(v).arg(t).arg(colour.name())));
      }
    }
    for (auto [u, v] : {std::pair{flip.u, flip.mateU}, std::pair{flip.x, flip.mateX}}) {
      QVERIFY(state.mate[static_cast<std::size_t>(u)] != v);
      int dashes = 0, gaps = 0;
      for (double t = 0.2; t <= 0.8; t += 0.01) {
        const QColor colour = pixelAt(image, along(u, v, t));
        if (near(colour, views::graph_style::kOldEdge)) ++dashes;
        if (near(colour, views::graph_style::kBackground)) ++gaps;
        QVERIFY(!near(colour, views::graph_style::kNewEdge) &&
                !near(colour, views::graph_style::kMatchedEdge));
      }
      QVERIFY2(
          dashes >= 10 && gaps >= 5,
          qPrintable(
              QStringLiteral("old edge %1-%2: %3 dash pixels, %4 gaps").arg(u).arg(v).arg(dashes).arg(gaps)));
    }
  }

  // The wheel zooms about the cursor: the point under it stays, the others move away from it; a double
  // click shows every point again.
  void graphViewZoomsAtTheCursor() {
    const std::vector<matching::Point> points{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0.25, 0.75}, {0.75, 0.5}};
    const matching::CompleteGraph graph = matching::graphFromPoints(points);
    auto solver = matching::makeMatchingSolver(graph, options(matching::MatchingAlgorithm::Greedy));
    runToEnd(*solver);
    Snapshot snapshot;
    solver->snapshot(snapshot);
    views::GraphView view;
    view.resize(400, 400);
    const QSize size = view.graphSize();  // the area above the legend
    view.setSnapshot(snapshot);
    const QImage whole = view.renderImage(size);
    const views::GraphLayout layout(points, size);
    const QPointF cursor = layout.toPixel(points[4]);
    QWheelEvent wheel(cursor, view.mapToGlobal(cursor), QPoint(), QPoint(0, 240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&view, &wheel);
    const QImage zoomed = view.renderImage(size);
    const QColor point(views::graph_style::kPoint);
    QCOMPARE(pixelAt(zoomed, cursor), point);
    QCOMPARE(pixelAt(whole, layout.toPixel(points[5])), point);
    QVERIFY(pixelAt(zoomed, layout.toPixel(points[5])) != point);
    QTest::mouseDClick(&view, Qt::LeftButton, Qt::NoModifier, QPoint(10, 10));
    QCOMPARE(view.renderImage(size), whole);
  }

  // The legend stands in a strip below the points: a point at the bottom left corner (where the legend box
  // covered it) shows on screen, as does every other.
  void graphLegendCoversNoPoint() {
    const std::vector<matching::Point> points{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0.05, 0.02}, {0.5, 0.5}};
    const matching::CompleteGraph graph = matching::graphFromPoints(points);
    auto solver = matching::makeMatchingSolver(graph, options(matching::MatchingAlgorithm::Roma));
    solver->step();
    solver->step();
    Snapshot snapshot;
    solver->snapshot(snapshot);
    views::GraphView view;
    view.resize(400, 300);
    view.setSnapshot(snapshot);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QImage shown = view.grab().toImage();
    const views::GraphLayout layout(points, view.graphSize());
    for (const matching::Point& point : points) {
      const QPointF pixel = layout.toPixel(point);
      QVERIFY2(pixelAt(shown, pixel) == QColor(views::graph_style::kPoint),
               qPrintable(QStringLiteral("point at %1,%2 is %3")
                              .arg(pixel.x())
                              .arg(pixel.y())
                              .arg(pixelAt(shown, pixel).name())));
    }
  }

  // A graph without points is shown as its weight matrix: both cells of every matched pair carry the
  // assignment's frame, no other cell does.
  void matrixMarksTheMatchedPairs() {
    views::MatrixView view;
    if (!view.rendererAvailable())
      QSKIP(qPrintable(QStringLiteral("no Vulkan device: ") + view.rendererProblem()));
    const MatchingInstance instance =
        loadMatchingInstance(generatedGraph(matching::Distribution::Uniform, 6, 2));
    QVERIFY(instance.weightMatrix != nullptr);
    auto solver = matchingMachineFactory(instance.graph, options(matching::MatchingAlgorithm::Exact))();
    runToEnd(*solver);
    Snapshot snapshot;
    solver->snapshot(snapshot);
    const auto& state = std::get<matching::MatchingSnapshot>(snapshot);

    const QSize size(400, 400);
    view.resize(size);
    view.setCosts(instance.weightMatrix);
    view.setSnapshot(snapshot);
    const QImage image = view.renderImage(size);
    const render::MatrixLayout layout = render::matrixLayout(size.width(), size.height());
    const render::MatrixCamera camera =
        view.navigation().scaledTo(QSizeF(layout.area.width, layout.area.height)).camera();
    const auto magenta =
        qRgb(render::style::kAssignment.r, render::style::kAssignment.g, render::style::kAssignment.b);
    for (int32_t row = 0; row < 6; ++row) {
      for (int32_t col = 0; col < 6; ++col) {
        const render::CellRect cell = render::cellRect(layout, camera, row, col);
        const bool framed = near(pixelAt(image, QPointF(cell.x0 + 1.5, cell.y0 + 1.5)), magenta);
        QVERIFY2(framed == (state.mate[static_cast<std::size_t>(row)] == col),
                 qPrintable(QStringLiteral("cell (%1,%2)").arg(row).arg(col)));
      }
      // The zero-weight diagonal carries no zero-slack dot (a third of the cell, white inside a black
      // outline); the probe sits inside the dot's square and outside the number drawn at the centre.
      QCOMPARE(instance.graph->weight(row, row), 0.0f);
      const render::CellRect diagonal = render::cellRect(layout, camera, row, row);
      const double inset = 0.8 * 0.5 * render::style::kZeroDotFraction * (diagonal.x1 - diagonal.x0);
      const QColor probe = pixelAt(image, QPointF(diagonal.centreX() + inset, diagonal.centreY() - inset));
      const auto white =
          qRgb(render::style::kZeroMark.r, render::style::kZeroMark.g, render::style::kZeroMark.b);
      QVERIFY2(!near(probe, white), qPrintable(QStringLiteral("zero dot on diagonal cell %1").arg(row)));
    }
  }

  // A uniform graph's weight matrix prints each weight in its cell once the cells are large enough (the
  // matrix view's own rule, as for a LAP): zoomed in, the middle of a cell holds text pixels far from the
  // cell's colour; at the whole-matrix zoom (10-pixel cells) every cell is plain.
  void weightMatrixPrintsTheWeightsZoomedIn() {
    views::MatrixView view;
    if (!view.rendererAvailable())
      QSKIP(qPrintable(QStringLiteral("no Vulkan device: ") + view.rendererProblem()));
    const MatchingInstance instance =
        loadMatchingInstance(generatedGraph(matching::Distribution::Uniform, 40, 7));
    QVERIFY(instance.weightMatrix != nullptr);
    const QSize size(480, 480);
    view.resize(size);
    view.setCosts(instance.weightMatrix);
    const render::MatrixLayout layout = render::matrixLayout(size.width(), size.height());
    const auto textPixelsIn = [&](const QImage& image, int32_t row, int32_t col) {
      const render::CellRect cell = render::cellRect(
          layout, view.navigation().scaledTo(QSizeF(layout.area.width, layout.area.height)).camera(), row,
          col);
      const QColor corner = pixelAt(image, QPointF(cell.x0 + 2.5, cell.y0 + 2.5));
      int count = 0;
      for (double x = cell.x0 + 2; x < cell.x1 - 2; x += 1) {
        const QColor c = pixelAt(image, QPointF(x, cell.centreY()));
        if (std::abs(c.lightness() - corner.lightness()) > 80) ++count;
      }
      return count;
    };
    const QImage whole = view.renderImage(size);
    for (int32_t k = 0; k < 40; k += 13) QCOMPARE(textPixelsIn(whole, k, (k + 5) % 40), 0);
    for (int k = 0; k < 12; ++k) view.navigation().zoomAt(QPointF(320, 140), 1.5);
    QVERIFY(view.navigation().cellPixels() >= 60);
    const QImage zoomed = view.renderImage(size);
    const render::MatrixCamera camera =
        view.navigation().scaledTo(QSizeF(layout.area.width, layout.area.height)).camera();
    const auto row = static_cast<int32_t>(camera.rowBegin + camera.rowsVisible / 2);
    const auto col = static_cast<int32_t>(camera.colBegin + camera.colsVisible / 2);
    QVERIFY2(row != col, "the zoom centres on the zero diagonal");
    QVERIFY2(textPixelsIn(zoomed, row, col) > 3,
             qPrintable(QStringLiteral("cell (%1,%2)").arg(row).arg(col)));
  }

  // Choosing weighted matching in the instance panel turns the algorithm panel to the matching options, and
  // Generate loads the chosen graph; the matrix export of a geometric graph is its graph picture.
  void panelsFollowTheProblemKind() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* problem = window.findChild<QComboBox*>(QStringLiteral("problem"));
    auto* matchingAlgorithm = window.findChild<QComboBox*>(QStringLiteral("matchingAlgorithm"));
    auto* variant = window.findChild<QComboBox*>(QStringLiteral("variant"));
    problem->setCurrentIndex(problem->findData(static_cast<int>(ProblemKind::Assignment)));
    QVERIFY(variant->isVisible() && !matchingAlgorithm->isVisible());
    problem->setCurrentIndex(problem->findData(static_cast<int>(ProblemKind::Matching)));
    QVERIFY(!variant->isVisible() && matchingAlgorithm->isVisible());

    auto* generator = window.findChild<QComboBox*>(QStringLiteral("graphGenerator"));
    generator->setCurrentIndex(generator->findData(static_cast<int>(matching::Distribution::Geometric)));
    window.findChild<QSpinBox*>(QStringLiteral("size"))->setValue(31);
    window.findChild<QSpinBox*>(QStringLiteral("seed"))->setValue(7);
    QSignalSpy ready(&window, &MainWindow::instanceReady);
    QTest::mouseClick(window.findChild<QPushButton*>(QStringLiteral("generate")), Qt::LeftButton);
    QVERIFY(ready.wait(kTimeoutMs));
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Ready; }, kTimeoutMs));
    QCOMPARE(window.problemKind(), ProblemKind::Matching);
    QCOMPARE(matchingInstance(window).description, QStringLiteral("geometric n=31 seed=7"));
    QCOMPARE(matchingInstance(window).givenVertices, 31);
    QCOMPARE(matchingInstance(window).n(), 32);
    QVERIFY(graphView(window).isVisible() && !treeView(window).isVisible());

    QTest::keyClick(&window, Qt::Key_Right);
    QVERIFY(waitForSteps<matching::MatchingSnapshot>(window, 1));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("graph.png"));
    window.exportMatrixPng(path, QSize(300, 200));
    const QImage exported(path);
    QCOMPARE(exported.size(), QSize(300, 200));
    QCOMPARE(exported.convertToFormat(QImage::Format_RGB32),
             views::paintMatchingGraph(graphView(window).snapshot(), QSize(300, 200)));
  }

  // The matrix toolbar's choices are off while a geometric graph's picture stands in for the matrix and on
  // for other graphs (weights, no slack) and LAP (cost or slack); the time and weight charts count phases for
  // matching, iterations for LAP; the Threads row follows the shown algorithm page's last row without the
  // other page's height between.
  void toolbarChartsAndPanelFollowTheProblemKind() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* matrixBar = window.findChild<QToolBar*>(QStringLiteral("matrixToolbar"));
    auto* quantity = window.findChild<QComboBox*>(QStringLiteral("matrixQuantity"));
    const auto slackOffered = [&] {
      return qobject_cast<QStandardItemModel*>(quantity->model())->item(1)->isEnabled();
    };
    auto* threads = window.findChild<QSpinBox*>(QStringLiteral("threads"));
    const auto gapAboveThreads = [&](const char* lastRow) {
      auto* above = window.findChild<QWidget*>(QString::fromLatin1(lastRow));
      return threads->mapTo(&window, QPoint()).y() - above->mapTo(&window, QPoint(0, above->height())).y();
    };
    const auto chartTitles = [&] {
      QStringList titles;  // "chart title: x axis title" of every shown chart, top to bottom
      for (QChartView* view : window.charts().findChildren<QChartView*>()) {
        if (!view->isVisible()) continue;
        titles << view->chart()->title() + QStringLiteral(": ") +
                      view->chart()->axes(Qt::Horizontal).first()->titleText();
      }
      return titles;
    };
    const QStringList lapTitles{QStringLiteral("Time per phase per iteration: iteration"),
                                QStringLiteral("Assignments gained per iteration: iteration"),
                                QStringLiteral("Frontier size per BFS level: level (whole solve)")};
    const QStringList matchingTitles{QStringLiteral("Time per phase: phase"),
                                     QStringLiteral("Matching weight after each phase: phase"),
                                     QStringLiteral("Flips per phase: phase")};

    QVERIFY(load(window, generated(8, 1)));
    QVERIFY(matrixBar->isEnabled());
    QCOMPARE(quantity->itemText(0), QStringLiteral("cost"));
    QVERIFY(slackOffered());
    quantity->setCurrentIndex(1);
    QCOMPARE(chartTitles(), lapTitles);
    const int lapGap = gapAboveThreads("backend");
    QVERIFY2(lapGap >= 0 && lapGap < threads->height(), qPrintable(QString::number(lapGap)));

    QVERIFY(load(window, generatedGraph(matching::Distribution::Geometric, 20, 2)));
    QVERIFY(!matrixBar->isEnabled());
    QVERIFY(!quantity->isEnabled());
    QVERIFY(!window.findChild<QComboBox*>(QStringLiteral("matrixColorMap"))->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(chartTitles(), matchingTitles, kTimeoutMs);
    const int matchingGap = gapAboveThreads("maxPhases");
    QVERIFY2(matchingGap >= 0 && matchingGap < threads->height(), qPrintable(QString::number(matchingGap)));

    QVERIFY(load(window, generatedGraph(matching::Distribution::Uniform, 20, 2)));
    QVERIFY(matrixBar->isEnabled() && window.matrixView().isVisible());
    QCOMPARE(quantity->currentText(), QStringLiteral("weight"));
    QVERIFY(!slackOffered());
    QTRY_COMPARE_WITH_TIMEOUT(chartTitles(), matchingTitles, kTimeoutMs);

    QVERIFY(load(window, generated(8, 1)));
    QVERIFY(matrixBar->isEnabled() && slackOffered());
    QCOMPARE(quantity->currentText(), QStringLiteral("cost"));
    QTRY_COMPARE_WITH_TIMEOUT(chartTitles(), lapTitles, kTimeoutMs);
  }

  // CUDA where it is usable; elsewhere the CPU, and the status bar says why.
  void cudaFallsBackToTheCpuWithANotice() {
    matching::MatchingOptions cuda = options(matching::MatchingAlgorithm::ParallelRoma2);
    cuda.backend = lap::Backend::Cuda;
    std::string notice;
    const matching::MatchingOptions resolved = resolveMatchingBackend(cuda, &notice);
    if (resolved.backend == lap::Backend::Cuda) QSKIP("a usable GPU: nothing falls back");
    QCOMPARE(resolved.backend, lap::Backend::Cpu);
    QVERIFY(!notice.empty());

    MainWindow window;
    matchingAlgorithm(window).setOptions(cuda);
    window.show();
    QVERIFY(load(window, generatedGraph(matching::Distribution::Geometric, 20, 1)));
    QVERIFY2(label(window, "statusMessage").contains(QString::fromStdString(notice)),
             qPrintable(label(window, "statusMessage")));
    QVERIFY(window.lastError().isEmpty());
    QTest::keyClick(&window, Qt::Key_End, Qt::ControlModifier);
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
  }

  // A malformed graph file names itself and the line (or the entry); the session before it goes on.
  void malformedGraphFilesAreReported() {
    QTemporaryDir dir;
    MainWindow window;
    matchingAlgorithm(window).setOptions(options(matching::MatchingAlgorithm::Roma));
    window.show();
    QVERIFY(load(window, generatedGraph(matching::Distribution::Uniform, 10, 1)));
    QTest::keyClick(&window, Qt::Key_Right);
    QVERIFY(waitForSteps<matching::MatchingSnapshot>(window, 1));

    const std::tuple<const char*, const char*, const char*> cases[] = {
        {"ragged.txt", "0 1 2\n1 0\n2 1 0\n", "ragged.txt:2"},
        {"asymmetric.txt", "0 1\n2 0\n", "asymmetric.txt:entry ("},
        {"broken.points", "0 0\n1 x\n", "broken.points:2"},
    };
    for (const auto& [name, content, expected] : cases) {
      const QString path = dir.filePath(QString::fromLatin1(name));
      {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Text));
        file.write(content);
      }
      QSignalSpy failed(&window, &MainWindow::instanceFailed);
      MatchingInstanceSource source;
      source.file = path;
      window.loadInstance(source);
      QVERIFY(failed.wait(kTimeoutMs));
      QVERIFY2(window.lastError().contains(QString::fromLatin1(expected)), qPrintable(window.lastError()));
      QVERIFY(!window.lastError().contains(QLatin1Char('\n')));
      QVERIFY(label(window, "statusMessage").contains(QString::fromLatin1(expected)));
      QCOMPARE(window.controller().state(), RunState::Ready);  // the previous session is untouched
      QCOMPARE(window.controller().trace().records().size(), std::size_t{1});
    }
    QTest::keyClick(&window, Qt::Key_End, Qt::ControlModifier);
    QVERIFY(QTest::qWaitFor([&] { return window.controller().state() == RunState::Finished; }, kTimeoutMs));
    QVERIFY(load(window, generatedGraph(matching::Distribution::Geometric, 12, 2)));
    QVERIFY(window.lastError().isEmpty());
  }
  // A graph within the history limit keeps every step, as an assignment problem does: Left walks back and
  // Right forward over the stored steps without stepping the solver, each showing the MatchingSnapshot
  // delivered when the step was taken (and the headless solver's): in the graph view with that phase's flips
  // drawn, as the highlighted log row and in the status bar. Learn mode hides the graph view with the rest of
  // the studio and leaves the history alone; the studio comes back on the same step.
  void historyShowsTheStoredMatchingSteps() {
    MainWindow window;
    const matching::MatchingOptions chosen = options(matching::MatchingAlgorithm::ParallelRoma2);
    matchingAlgorithm(window).setOptions(chosen);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const MatchingInstanceSource source = generatedGraph(matching::Distribution::Geometric, 20, 11);
    QVERIFY(source.generator.n <= kHistoryMaxSize);
    QVERIFY(load(window, source));
    QVERIFY(window.history().available());
    QVERIFY(graphView(window).isVisible());

    std::string notice;
    matching::MatchingOptions resolved = resolveMatchingBackend(chosen, &notice);
    resolved.seed = source.generator.seed;
    resolved.objective = matching::Objective::Minimise;  // the default for points
    auto headless = matchingMachineFactory(matchingInstance(window).graph, resolved)();
    Snapshot initial;
    headless->snapshot(initial);
    std::vector<matching::MatchingSnapshot> expected{std::get<matching::MatchingSnapshot>(initial)};
    forEachStep(*headless, [&](const StepRecord&, const Snapshot& snapshot) {
      expected.push_back(std::get<matching::MatchingSnapshot>(snapshot));
    });
    const int steps = static_cast<int>(expected.size()) - 1;
    QVERIFY(steps >= 3);  // the setup and at least two phases
    QVERIFY(std::any_of(expected.begin(), expected.end(),
                        [](const auto& state) { return !state.flips.empty(); }));

    std::vector<std::shared_ptr<const Snapshot>> delivered{window.controller().history().front()};
    for (int k = 1; k <= steps; ++k) {
      QTest::keyClick(&window, Qt::Key_Right);
      QVERIFY(waitForSteps<matching::MatchingSnapshot>(window, static_cast<std::size_t>(k)));
      QVERIFY(window.shownSnapshot() == window.controller().latestSnapshot());
      delivered.push_back(window.shownSnapshot());
      const QString difference =
          matchingDifference(*stateOf<matching::MatchingSnapshot>(window.shownSnapshot()),
                             expected[static_cast<std::size_t>(k)]);
      QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
    QCOMPARE(window.controller().state(), RunState::Finished);

    auto* log = window.findChild<QTableView*>(QStringLiteral("stepLog"));
    const QSize size(360, 360);
    const auto checkShown = [&](int k) {
      QCOMPARE(window.history().shownStep(), k);
      const matching::MatchingSnapshot& stored =
          *stateOf<matching::MatchingSnapshot>(delivered[static_cast<std::size_t>(k)]);
      const matching::MatchingSnapshot* shown = stateOf<matching::MatchingSnapshot>(window.shownSnapshot());
      QVERIFY(shown != nullptr);
      for (const matching::MatchingSnapshot* state : {shown, &graphView(window).snapshot()}) {
        const QString difference = matchingDifference(*state, stored);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
      }
      const QImage picture = graphView(window).renderImage(size);
      QCOMPARE(picture, views::paintMatchingGraph(stored, size));
      if (!stored.flips.empty()) {
        matching::MatchingSnapshot unflipped = stored;
        unflipped.flips.clear();
        QVERIFY(picture != views::paintMatchingGraph(unflipped, size));  // the phase's flips are drawn
      }
      const auto matched =
          std::count_if(stored.mate.begin(), stored.mate.end(), [](int32_t v) { return v >= 0; });
      QCOMPARE(window.status().assigned, static_cast<int32_t>(matched));
      QCOMPARE(label(window, "statusIteration"), QStringLiteral("phase %1").arg(stored.iteration));
      QCOMPARE(label(window, "statusObjective"), QStringLiteral("weight %1").arg(stored.weight, 0, 'g', 12));
      const QModelIndexList rows = log->selectionModel()->selectedRows();
      if (k == 0) {
        QVERIFY(rows.isEmpty());
      } else {
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.front().row(), k - 1);
      }
      QCOMPARE(window.controller().trace().records().size(), static_cast<std::size_t>(steps));  // not stepped
    };
    for (int k = steps - 1; k >= 0; --k) {
      QTest::keyClick(&window, Qt::Key_Left);
      checkShown(k);
    }
    for (int k = 1; k <= steps; ++k) {
      QTest::keyClick(&window, Qt::Key_Right);
      checkShown(k);
    }

    const int scrubbed = steps / 2;
    window.history().seek(scrubbed);
    checkShown(scrubbed);
    QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);
    QCOMPARE(window.mode(), WindowMode::Learn);
    QVERIFY(!graphView(window).isVisible());
    QVERIFY(!window.findChild<QToolBar*>(QStringLiteral("transportToolbar"))->isVisible());
    QTest::keyClick(&window, Qt::Key_Left);  // the lesson's key now
    QCOMPARE(window.history().shownStep(), scrubbed);
    QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
    QCOMPARE(window.mode(), WindowMode::Studio);
    QVERIFY(graphView(window).isVisible());
    checkShown(scrubbed);
  }
};

QTEST_MAIN(TestMatchingStudio)
#include "test_matching_studio.moc"

// The views' models and geometry: min/max decimation, the point ring, zoom and pan limits, the alternating
// forest derived from real solver snapshots, the live charts fed with real traces, the step log, and the
// matrix view's numbers and tooltips on the Vulkan renderer (skipped without a Vulkan device).
#include <QtTest/QtTest>
#include <algorithm>
#include <map>
#include <random>

#include "app/gui/problems/lap/lap_instance.h"
#include "gui_test_support.h"
#include "solver/lap/hungarian/hungarian.h"
#include "views/charts/min_max_decimation.h"
#include "views/charts/point_ring.h"
#include "views/charts/trace_charts.h"
#include "views/log/step_log_model.h"
#include "views/matrix/matrix_navigation.h"
#include "views/matrix/matrix_view.h"
#include "views/render/frame_data.h"
#include "views/render/matrix_renderer.h"
#include "views/render/matrix_style.h"
#include "views/tree/alternating_forest.h"
#include "views/tree/tree_view.h"

using namespace ms;
using namespace ms::studio::testing;
using ms::views::AlternatingForest;
using ms::views::ForestVertex;

namespace {

views::TraceChartsConfig lapCharts() {
  views::TraceChartsConfig config;
  config.gainCounter = "assigned";
  config.phaseCharts = {{"forward_level", {"frontier"}, {}, {}}};
  return config;
}

}  // namespace

class TestViews : public QObject {
  Q_OBJECT

 private slots:
  void decimationKeepsEveryColumnsExtremes() {
    std::mt19937_64 random(11);
    std::normal_distribution<double> noise(0, 1);
    std::vector<QPointF> points;
    for (int k = 0; k < 100000; ++k) points.emplace_back(k, noise(random) + (k == 4321 ? 50 : 0));
    const int columns = 200;
    const QList<QPointF> out = views::decimateMinMax(points, 0, 100000, columns);
    QVERIFY(out.size() <= 3 * columns);
    QVERIFY(std::is_sorted(out.begin(), out.end(), [](QPointF a, QPointF b) { return a.x() < b.x(); }));
    // Per column, the true extremes are among the output points of that column.
    std::map<int, std::pair<double, double>> truth, kept;
    const auto columnOf = [&](double x) { return static_cast<int>(std::floor(x * columns / 100000)); };
    for (const QPointF& p : points) {
      auto [it, fresh] = truth.try_emplace(columnOf(p.x()), p.y(), p.y());
      it->second = {std::min(it->second.first, p.y()), std::max(it->second.second, p.y())};
    }
    for (const QPointF& p : out) {
      auto [it, fresh] = kept.try_emplace(columnOf(p.x()), p.y(), p.y());
      it->second = {std::min(it->second.first, p.y()), std::max(it->second.second, p.y())};
    }
    QCOMPARE(kept, truth);
    QVERIFY(std::any_of(out.begin(), out.end(), [](QPointF p) { return p.x() == 4321; }));
  }

  void shortSeriesAreNotDecimated() {
    const std::vector<QPointF> points = {{0, 1}, {1, 5}, {2, -1}, {3, 2}};
    QCOMPARE(views::decimateMinMax(points, 0, 3, 1), QList<QPointF>(points.begin(), points.end()));
  }

  void pointRingKeepsTheNewestInOrder() {
    views::PointRing ring(4);
    for (int k = 0; k < 10; ++k) ring.push({static_cast<double>(k), 0});
    const std::vector<QPointF> kept = ring.ordered();
    QCOMPARE(kept.size(), std::size_t{4});
    for (int k = 0; k < 4; ++k) QCOMPARE(kept[static_cast<std::size_t>(k)].x(), 6.0 + k);
    ring.accumulate(9, 2.5);
    ring.accumulate(10, 1);
    ring.accumulate(10, 1);
    QCOMPARE(ring.ordered().back(), QPointF(10, 2));
    QCOMPARE(ring.ordered()[2], QPointF(9, 2.5));
  }

  // From the whole matrix (centred) down to one cell filling the shorter side; the cell under the cursor
  // stays under it; panning never leaves the matrix.
  void navigationLimits() {
    views::MatrixNavigation nav;
    nav.reset(100, 100, QSizeF(800, 600));
    QCOMPARE(nav.cellPixels(), 6.0);
    render::MatrixCamera camera = nav.camera();
    QCOMPARE(camera.rowBegin, 0.0);
    QCOMPARE(camera.rowsVisible, 100.0);
    QCOMPARE(camera.colBegin + camera.colsVisible / 2, 50.0);  // centred

    const QPointF cursor(413, 217);
    for (int k = 0; k < 5; ++k) {
      const render::MatrixCamera before = nav.camera();
      nav.zoomAt(cursor, 1.5);
      const render::MatrixCamera after = nav.camera();
      const double colBefore = before.colBegin + cursor.x() * before.colsVisible / 800;
      const double colAfter = after.colBegin + cursor.x() * after.colsVisible / 800;
      QVERIFY(std::abs(colBefore - colAfter) < 1e-9);
    }
    for (int k = 0; k < 100; ++k) nav.zoomAt(cursor, 2);
    QCOMPARE(nav.cellPixels(), 600.0);
    QCOMPARE(nav.camera().rowsVisible, 1.0);
    nav.panBy(QPointF(-1e9, -1e9));
    camera = nav.camera();
    QCOMPARE(camera.rowBegin + camera.rowsVisible, 100.0);
    QCOMPARE(camera.colBegin + camera.colsVisible, 100.0);
    for (int k = 0; k < 100; ++k) nav.zoomAt(cursor, 0.5);
    QCOMPARE(nav.cellPixels(), 6.0);
    QCOMPARE(nav.camera().rowsVisible, 100.0);
  }

  // An export at another size shows the same centre and at least the same cells.
  void navigationScalesForExport() {
    views::MatrixNavigation nav;
    nav.reset(500, 500, QSizeF(800, 600));
    nav.zoomAt(QPointF(300, 200), 8);
    const render::MatrixCamera screen = nav.camera();
    const render::MatrixCamera exported = nav.scaledTo(QSizeF(1600, 1200)).camera();
    QVERIFY(std::abs((screen.colBegin + screen.colsVisible / 2) -
                     (exported.colBegin + exported.colsVisible / 2)) < 1e-9);
    QVERIFY(std::abs(screen.rowsVisible - exported.rowsVisible) < 1e-9);
    QVERIFY(std::abs(screen.colsVisible - exported.colsVisible) < 1e-9);
  }

  // The forest agrees with the predecessor arrays at every step of both variants: alternating layers,
  // parents one level up in the same tree, free rows as roots during a search, path vertices marked after
  // the reverse pass, frontier rows marked.
  void forestFollowsThePredecessors() {
    int deepForests = 0, pathsChecked = 0;
    for (auto algorithm : {lap::LapAlgorithm::Classical, lap::LapAlgorithm::Tree}) {
      for (uint64_t seed = 1; seed <= 6; ++seed) {
        const int32_t n = seed % 2 == 0 ? 30 : 64;
        const auto costs = uniformInstance(n, seed, seed % 3 == 0 ? lap::CostRange::TenN : lap::CostRange::N);
        auto machine = studio::lapMachineFactory(costs, sequential(algorithm))();
        forEachStep(*machine, [&](const StepRecord& record, const Snapshot& snapshot) {
          const auto& s = std::get<lap::LapSnapshot>(snapshot);
          const AlternatingForest forest = views::buildForest(s, 0);
          std::vector<int> rowPosition(static_cast<std::size_t>(n), -1);
          int total = 0;
          for (const auto& perTree : forest.countPerDepth) {
            for (int count : perTree) total += count;
          }
          QCOMPARE(total, static_cast<int>(forest.vertices.size()));
          for (std::size_t k = 0; k < forest.vertices.size(); ++k) {
            const ForestVertex& v = forest.vertices[k];
            QCOMPARE(v.isColumn, v.depth % 2 == 1);
            if (!v.isColumn) rowPosition[static_cast<std::size_t>(v.index)] = static_cast<int>(k);
            if (v.depth == 0) {
              QCOMPARE(v.parent, -1);
              continue;
            }
            QVERIFY(v.parent >= 0);
            const ForestVertex& parent = forest.vertices[static_cast<std::size_t>(v.parent)];
            QCOMPARE(parent.depth, v.depth - 1);
            QCOMPARE(parent.tree, v.tree);
            if (v.isColumn) {
              QCOMPARE(s.colPredecessor[static_cast<std::size_t>(v.index)], parent.index);
            } else {
              QCOMPARE(s.rowPredecessor[static_cast<std::size_t>(v.index)], parent.index);
            }
          }
          if (forest.depthCount >= 3) ++deepForests;
          const bool searching = !s.done && record.phase != "setup" && record.phase != "initial_reduction";
          for (int32_t r = 0; r < n && searching; ++r) {
            const int position = rowPosition[static_cast<std::size_t>(r)];
            if (s.rowAssignment[static_cast<std::size_t>(r)] == -1) {
              QVERIFY(position >= 0);
              QCOMPARE(forest.vertices[static_cast<std::size_t>(position)].depth, 0);
            }
            if (s.rowPredecessor[static_cast<std::size_t>(r)] != -1) QVERIFY(position >= 0);
          }
          int frontierDepth = -1;
          for (int32_t r : s.frontier) {
            const int position = rowPosition[static_cast<std::size_t>(r)];
            if (position < 0) continue;
            QVERIFY(forest.vertices[static_cast<std::size_t>(position)].inFrontier);
            frontierDepth =
                std::max(frontierDepth, forest.vertices[static_cast<std::size_t>(position)].depth);
          }
          QCOMPARE(forest.frontierDepth, frontierDepth);
          if (record.phase == "forward_level" || record.phase == "optimality_check") {
            QVERIFY(std::none_of(forest.vertices.begin(), forest.vertices.end(),
                                 [](const ForestVertex& v) { return v.path >= 0; }));
          }
          if (record.phase == "reverse_pass") {
            for (const auto& path : s.augmentingPaths) {
              for (std::size_t k = 0; k < path.size(); ++k) {
                const bool column = k % 2 == 1;
                const auto it = std::find_if(
                    forest.vertices.begin(), forest.vertices.end(),
                    [&](const ForestVertex& v) { return v.isColumn == column && v.index == path[k]; });
                QVERIFY2(it != forest.vertices.end(), "a path vertex is missing from the forest");
                QCOMPARE(it->path, static_cast<int32_t>(&path - s.augmentingPaths.data()));
                ++pathsChecked;
              }
            }
          }
        });
      }
    }
    QVERIFY(deepForests > 0);
    QVERIFY(pathsChecked > 0);
  }

  // The tree view's header against the solve, at every step of classical and tree solves (augmentations
  // included): as many trees as rows the last optimality check found unassigned, and, while the paths of the
  // latest reverse pass are current, as many augmenting paths as that pass counted (what the step log says).
  // Every number and noun agrees ("1 tree", "2 trees").
  void treeViewHeaderFollowsEveryStep() {
    int augmentationsChecked = 0;
    for (auto algorithm : {lap::LapAlgorithm::Classical, lap::LapAlgorithm::Tree}) {
      for (uint64_t seed = 1; seed <= 4; ++seed) {
        const int32_t n = seed % 2 == 0 ? 6 : 60;
        const auto costs = uniformInstance(n, seed);
        auto machine = studio::lapMachineFactory(costs, sequential(algorithm))();
        views::TreeView view;
        int freeAtCheck = -1, pathsOfReverse = -1;
        forEachStep(*machine, [&](const StepRecord& record, const Snapshot& snapshot) {
          const auto& names = lap::kHungarianCounterNames;
          const auto counter = [&](std::string_view name) {
            return static_cast<int>(record.counters[static_cast<std::size_t>(
                std::find(names.begin(), names.end(), name) - names.begin())]);
          };
          if (record.phase == "optimality_check") freeAtCheck = n - counter("assigned");
          if (record.phase == "reverse_pass") pathsOfReverse = counter("paths");
          view.setSnapshot(snapshot);
          const QString header = view.headerText();
          const auto& s = std::get<lap::LapSnapshot>(snapshot);
          if (freeAtCheck < 0 || s.done) {
            QCOMPARE(view.forest().treeCount, 0);
            return;
          }
          const QString where =
              QStringLiteral("step %1 (%2): %3")
                  .arg(record.step)
                  .arg(QString::fromUtf8(record.phase.data(), static_cast<int>(record.phase.size())))
                  .arg(header);
          QVERIFY2(header.startsWith(
                       QStringLiteral("%1 %2,").arg(freeAtCheck).arg(freeAtCheck == 1 ? "tree" : "trees")),
                   qPrintable(where));
          const bool pathsCurrent = record.phase == "reverse_pass" || record.phase == "augment";
          if (pathsCurrent) {
            const QString paths = QStringLiteral("; %1 augmenting %2")
                                      .arg(pathsOfReverse)
                                      .arg(pathsOfReverse == 1 ? "path" : "paths");
            QVERIFY2(header.contains(paths), qPrintable(where));
            QCOMPARE(header.endsWith(QStringLiteral(" flipped")), record.phase == "augment");
            // Every vertex of every path is drawn, the flipped ones too.
            for (std::size_t p = 0; p < s.augmentingPaths.size(); ++p) {
              for (std::size_t k = 0; k < s.augmentingPaths[p].size(); ++k) {
                const bool column = k % 2 == 1;
                QVERIFY2(std::any_of(view.forest().vertices.begin(), view.forest().vertices.end(),
                                     [&](const ForestVertex& v) {
                                       return v.isColumn == column && v.index == s.augmentingPaths[p][k] &&
                                              v.path == static_cast<int32_t>(p);
                                     }),
                         qPrintable(where));
              }
            }
            if (record.phase == "augment") ++augmentationsChecked;
          } else {
            QVERIFY2(!header.contains(QStringLiteral("augmenting")), qPrintable(where));
          }
          for (const char* wrong :
               {" 1 trees", " 1 rows", " 1 columns", " 1 levels", " 1 augmenting paths"}) {
            QVERIFY2(!(QLatin1Char(' ') + header).contains(QLatin1String(wrong)), qPrintable(where));
          }
        });
      }
    }
    QVERIFY(augmentationsChecked > 0);
  }

  // Every vertex the tree view draws has a tooltip naming it (from 1), its tree and level, and its path.
  void treeViewVerticesHaveTooltips() {
    const auto costs = uniformInstance(12, 4);
    auto machine = studio::lapMachineFactory(costs, sequential(lap::LapAlgorithm::Tree))();
    views::TreeView view;
    view.resize(700, 500);
    int checked = 0;
    forEachStep(*machine, [&](const StepRecord& record, const Snapshot& snapshot) {
      if (record.phase != "reverse_pass" || checked > 0) return;
      view.setSnapshot(snapshot);
      view.grab();  // lays the vertices out
      QSet<QString> tips;
      for (int y = 0; y < 500; y += 2) {
        for (int x = 0; x < 700; x += 2) {
          const QString tip = view.describeVertex(QPoint(x, y));
          if (!tip.isEmpty()) tips.insert(tip.section(QLatin1Char('\n'), 0, 1));
        }
      }
      for (const ForestVertex& v : view.forest().vertices) {
        const QString name = QStringLiteral("%1 %2\ntree %3, level %4")
                                 .arg(v.isColumn ? "column" : "row")
                                 .arg(v.index + 1)
                                 .arg(v.tree + 1)
                                 .arg(v.depth + 1);
        QVERIFY2(
            std::any_of(tips.begin(), tips.end(), [&](const QString& tip) { return tip.startsWith(name); }),
            qPrintable(name));
        ++checked;
      }
    });
    QVERIFY(checked > 0);
  }

  // One colour per augmenting path in every view: the tree view draws the tree of path k in the colour the
  // matrix renderer gives path k (palette.h), after a reverse pass and after the augmentation, for every
  // path of the solve.
  void pathColoursAgreeBetweenMatrixAndTreeView() {
    int pathsCompared = 0;
    for (auto algorithm : {lap::LapAlgorithm::Classical, lap::LapAlgorithm::Tree}) {
      for (uint64_t seed = 1; seed <= 4; ++seed) {
        const int32_t n = seed % 2 == 0 ? 6 : 40;
        const auto costs = uniformInstance(n, seed);
        auto machine = studio::lapMachineFactory(costs, sequential(algorithm))();
        views::TreeView view;
        forEachStep(*machine, [&](const StepRecord& record, const Snapshot& snapshot) {
          if (record.phase != "reverse_pass" && record.phase != "augment") return;
          view.setSnapshot(snapshot);
          const auto& s = std::get<lap::LapSnapshot>(snapshot);
          // What the matrix renderer draws on each path's cells (frame_data.cpp's overlay quads).
          const render::MatrixOverlay overlay = render::overlayFromSnapshot(s);
          QCOMPARE(overlay.paths.size(), s.augmentingPaths.size());
          const render::MatrixLayout layout = render::matrixLayout(400, 400);
          const render::FrameData frame =
              render::buildFrameData(overlay, render::wholeMatrixCamera(n, n), layout, n, n, 1);
          for (std::size_t p = 0; p < s.augmentingPaths.size(); ++p) {
            const render::CellRect cell = render::cellRect(layout, render::wholeMatrixCamera(n, n),
                                                           s.augmentingPaths[p][0], s.augmentingPaths[p][1]);
            QColor matrixColour;
            for (const render::OverlayQuad& quad : frame.quads) {
              if (quad.x0 <= cell.centreX() && cell.centreX() <= quad.x1 && quad.y0 <= cell.centreY() &&
                  cell.centreY() <= quad.y1) {  // the last one drawn there: the path's square on the cell
                matrixColour = QColor(qRound(quad.colour[0] * 255), qRound(quad.colour[1] * 255),
                                      qRound(quad.colour[2] * 255));
              }
            }
            QVERIFY(matrixColour.isValid());
            const auto root = std::find_if(
                view.forest().vertices.begin(), view.forest().vertices.end(),
                [&](const ForestVertex& v) { return !v.isColumn && v.index == s.augmentingPaths[p][0]; });
            QVERIFY(root != view.forest().vertices.end());
            QCOMPARE(view.treeColour(root->tree).rgb(), matrixColour.rgb());
            ++pathsCompared;
          }
        });
      }
    }
    QVERIFY(pathsCompared > 10);
  }

  // Fed a real trace, the charts hold exactly the trace's numbers: time per phase per iteration sums to the
  // trace's time per phase, the gains add up to the assignments the iterations made, one level point per
  // forward level. Refreshes stay under ~30 a second while records stream in.
  void chartsHoldTheTrace() {
    const auto costs = uniformInstance(200, 5);
    auto machine = studio::lapMachineFactory(costs, sequential(lap::LapAlgorithm::Tree))();
    const Trace trace = runToEnd(*machine);
    views::TraceCharts charts;
    charts.resize(1200, 900);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.setConfig(lapCharts());
    charts.reset(trace.counterNames());
    const auto& records = trace.records();
    for (std::size_t first = 0; first < records.size(); first += 17) {
      charts.append(std::span<const StepRecord>(records).subspan(
          first, std::min<std::size_t>(17, records.size() - first)));
    }
    charts.refreshNow();

    std::map<std::string_view, double> msPerPhase;
    int forwardLevels = 0;
    double firstAssigned = -1;
    for (const StepRecord& r : records) {
      msPerPhase[r.phase] += static_cast<double>(r.wall_ns) / 1e6;
      if (r.phase == "forward_level") ++forwardLevels;
      if (firstAssigned < 0 && !std::isnan(r.counters[lap::kAssigned]))
        firstAssigned = r.counters[lap::kAssigned];
    }
    for (const auto& [phase, ms] : msPerPhase) {
      double sum = 0;
      for (const QPointF& p : charts.phaseTimePoints(phase)) sum += p.y();
      QVERIFY2(std::abs(sum - ms) <= 1e-9 * std::max(1.0, ms), phase.data());
    }
    double gained = 0;
    for (const QPointF& p : charts.gainPoints()) gained += p.y();
    QCOMPARE(gained, 200 - firstAssigned);
    QCOMPARE(charts.levelPoints().size(), forwardLevels);

    charts.reset(trace.counterNames());
    const int refreshesBefore = charts.refreshCount();
    QElapsedTimer clock;
    clock.start();
    std::size_t next = 0;
    while (clock.elapsed() < 500) {
      charts.append(std::span<const StepRecord>(records).subspan(next % records.size(), 1));
      ++next;
      QCoreApplication::processEvents();
    }
    const int refreshes = charts.refreshCount() - refreshesBefore;
    QVERIFY2(refreshes <= 500 / views::TraceCharts::kRefreshMs + 2, qPrintable(QString::number(refreshes)));
    QVERIFY(refreshes >= 2);
  }

  void logShowsRecordsAndExplanations() {
    const auto costs = uniformInstance(40, 2);
    auto machine = studio::lapMachineFactory(costs, sequential(lap::LapAlgorithm::Classical))();
    const Trace trace = runToEnd(*machine);
    views::StepLogModel model;
    model.setExplainer([](const StepRecord& r) { return studio::explainLapStep(r, 40); });
    model.setTrace(&trace);
    QCOMPARE(model.rowCount(), static_cast<int>(trace.records().size()));
    for (int row = 0; row < model.rowCount(); ++row) {
      const StepRecord& r = trace.records()[static_cast<std::size_t>(row)];
      QCOMPARE(model.data(model.index(row, views::StepLogModel::PhaseColumn)).toString().toStdString(),
               std::string(r.phase));
      QVERIFY(!model.data(model.index(row, views::StepLogModel::ExplanationColumn)).toString().isEmpty());
      if (r.phase == "optimality_check") {
        const QString counters = model.data(model.index(row, views::StepLogModel::CountersColumn)).toString();
        QVERIFY(counters.contains(QStringLiteral("assigned=%1").arg(r.counters[lap::kAssigned])));
      }
    }
    QVERIFY(model.explanation(trace.records().back()).contains(QStringLiteral("optimal")));
  }

  // A series of one point shows it as a marker (a line needs two); a long series is drawn as a line.
  void shortSeriesShowTheirPoints() {
    std::vector<StepRecord> records;
    const auto add = [&](int32_t iteration, std::string_view phase) {
      StepRecord r;
      r.step = static_cast<int64_t>(records.size());
      r.iteration = iteration;
      r.phase = phase;
      r.wall_ns = 1000 + r.step;
      records.push_back(r);
    };
    add(0, "setup");
    for (int32_t iteration = 1; iteration <= 2 * static_cast<int32_t>(views::TraceCharts::kMaxMarkedPoints);
         ++iteration) {
      add(iteration, "forward_level");
    }
    views::TraceCharts charts;
    charts.resize(1200, 900);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    charts.setConfig(lapCharts());
    const std::vector<std::string_view> noCounters;
    charts.reset(noCounters);
    charts.append(std::span<const StepRecord>(records).first(2));
    charts.refreshNow();
    QCOMPARE(charts.phaseTimePoints("forward_level").size(), 1);
    QVERIFY(charts.phaseTimeMarked("forward_level"));
    QVERIFY(charts.phaseTimeMarked("setup"));
    charts.append(std::span<const StepRecord>(records).subspan(2));
    charts.refreshNow();
    QVERIFY(charts.phaseTimePoints("forward_level").size() > views::TraceCharts::kMaxMarkedPoints);
    QVERIFY(!charts.phaseTimeMarked("forward_level"));
    QVERIFY(charts.phaseTimeMarked("setup"));
  }

  // Zoomed in, the widget's image carries the numbers on top of the renderer's; zoomed out it is the
  // renderer's image unchanged. The tooltip names the cell under the cursor with its cost.
  void matrixViewNumbersAndTooltip() {
    views::MatrixView view;
    if (!view.rendererAvailable())
      QSKIP(qPrintable(QStringLiteral("no Vulkan device: ") + view.rendererProblem()));
    const auto costs = uniformInstance(40, 9);
    view.resize(640, 480);
    view.setCosts(costs);
    std::string whyNot;
    auto renderer = render::MatrixRenderer::create(&whyNot);
    QVERIFY(renderer != nullptr);
    renderer->setCosts(*costs);
    const QSize size(640, 480);
    const auto raw = [&] {
      const render::MatrixCamera camera = view.navigation()
                                              .scaledTo(QSizeF(render::matrixLayout(640, 480).area.width,
                                                               render::matrixLayout(640, 480).area.height))
                                              .camera();
      const render::RgbaImage image =
          renderer->render(camera, {}, render::MatrixQuantity::Cost, render::ColorMap::Viridis, 640, 480);
      return QImage(image.pixels.data(), image.width, image.height, QImage::Format_RGBA8888).copy();
    };
    // The whole matrix exported wider than it is: the matrix with its dual bars is centred, the bars right
    // next to its cells (not at the image's edge with background between), the cells as the renderer draws
    // them.
    Snapshot solved;
    auto machine = studio::lapMachineFactory(costs, sequential(lap::LapAlgorithm::Tree))();
    forEachStep(*machine, [&](const StepRecord&, const Snapshot& snapshot) { solved = snapshot; });
    view.setSnapshot(solved);
    const QImage whole = view.renderImage(size).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(whole.size(), size);
    const render::MatrixLayout layout = render::matrixLayout(640, 480);
    const double cellSide = static_cast<double>(layout.area.height) / 40;
    const int spare = (640 - layout.margin - static_cast<int>(std::ceil(40 * cellSide))) / 2;
    const QRgb background =
        qRgb(render::style::kBackground.r, render::style::kBackground.g, render::style::kBackground.b);
    int firstPainted = -1;
    for (int y = layout.area.y; y < 480; y += 7) {
      for (int x = 0; x < 640; ++x) {
        if (whole.pixel(x, y) != background) {
          firstPainted = firstPainted < 0 ? x : std::min(firstPainted, x);
          break;
        }
      }
    }
    QVERIFY2(firstPainted >= spare - 1 && firstPainted < spare + layout.margin,
             qPrintable(QStringLiteral("first bar pixel at x = %1, cells from x = %2")
                            .arg(firstPainted)
                            .arg(spare + layout.margin)));
    view.setSnapshot(Snapshot{lap::LapSnapshot{}});
    const QImage plain = view.renderImage(size).convertToFormat(QImage::Format_RGBA8888);
    const QImage rawWhole = raw();
    for (int row : {0, 17, 39}) {
      const render::CellRect cell = render::cellRect(layout, render::wholeMatrixCamera(40, 40), row, 0);
      const render::CellRect rawCell = render::cellRect(
          layout, view.navigation().scaledTo(QSizeF(layout.area.width, layout.area.height)).camera(), row, 0);
      QCOMPARE(plain.pixel(spare + layout.margin + static_cast<int>(cellSide / 2),
                           static_cast<int>(cell.centreY())),
               rawWhole.pixel(static_cast<int>(rawCell.centreX()), static_cast<int>(rawCell.centreY())));
    }

    for (int k = 0; k < 12; ++k) view.navigation().zoomAt(QPointF(300, 200), 1.5);
    QVERIFY(view.navigation().cellPixels() >= 40);
    const QImage zoomed = view.renderImage(size).convertToFormat(QImage::Format_RGBA8888);
    QVERIFY(zoomed != raw());

    const auto tooltipAt = [&](int row, int col) {
      const render::MatrixLayout layout = render::matrixLayout(view.width(), view.height());
      const render::CellRect cell = render::cellRect(layout, view.navigation().camera(), row, col);
      return view.describeCell(QPoint(static_cast<int>(cell.centreX()), static_cast<int>(cell.centreY())));
    };
    const auto& matrix = std::get<lap::CostMatrix<int32_t>>(*costs);
    const render::MatrixCamera camera = view.navigation().camera();
    const int row = static_cast<int>(camera.rowBegin + camera.rowsVisible / 2);
    const int col = static_cast<int>(camera.colBegin + camera.colsVisible / 2);
    const QString zoomedTip = tooltipAt(row, col);
    QVERIFY2(
        zoomedTip.startsWith(
            QStringLiteral("row %1, column %2\ncost %3").arg(row + 1).arg(col + 1).arg(matrix(row, col))),
        qPrintable(zoomedTip));
    view.navigation().reset(
        40, 40,
        QSizeF(render::matrixLayout(640, 480).area.width, render::matrixLayout(640, 480).area.height));
    const QString tip = tooltipAt(17, 23);
    QVERIFY2(tip.startsWith(QStringLiteral("row 18, column 24\ncost %1").arg(matrix(17, 23))),
             qPrintable(tip));
    QVERIFY(!tip.contains(QStringLiteral("slack")));  // no duals before a snapshot
  }

  // Numbers are drawn in every visible cell or in none: zooming in on a checkerboard of 0.5 and 0.123456,
  // there is a zoom where "0.5" would fit and "0.123" not, and neither may then appear alone.
  void matrixViewNumbersAllOrNone() {
    views::MatrixView view;
    if (!view.rendererAvailable())
      QSKIP(qPrintable(QStringLiteral("no Vulkan device: ") + view.rendererProblem()));
    constexpr int32_t n = 40;
    lap::CostMatrix<double> checkerboard(n, n);
    for (int32_t i = 0; i < n; ++i) {
      for (int32_t j = 0; j < n; ++j) checkerboard(i, j) = (i + j) % 2 == 0 ? 0.5 : 0.123456;
    }
    const auto costs = std::make_shared<const lap::AnyCostMatrix>(std::move(checkerboard));
    const QSize size(640, 480);
    view.resize(size);
    view.setCosts(costs);
    std::string whyNot;
    auto renderer = render::MatrixRenderer::create(&whyNot);
    QVERIFY(renderer != nullptr);
    renderer->setCosts(*costs);
    const render::MatrixLayout layout = render::matrixLayout(size.width(), size.height());
    const QSizeF area(layout.area.width, layout.area.height);
    bool sawNone = false, sawAll = false;
    for (int k = 0; k < 40; ++k, view.navigation().zoomAt(QPointF(320, 240), 1.08)) {
      const render::MatrixCamera camera = view.navigation().scaledTo(area).camera();
      const render::RgbaImage raw = renderer->render(camera, {}, render::MatrixQuantity::Cost,
                                                     render::ColorMap::Viridis, size.width(), size.height());
      const QImage plain = QImage(raw.pixels.data(), raw.width, raw.height, QImage::Format_RGBA8888).copy();
      const QImage numbered = view.renderImage(size).convertToFormat(QImage::Format_RGBA8888);
      int withText[2] = {0, 0}, cells[2] = {0, 0};  // [0]: 0.5 cells, [1]: 0.123456 cells
      for (int32_t row = 0; row < n; ++row) {
        for (int32_t col = 0; col < n; ++col) {
          const render::CellRect cell = render::cellRect(layout, camera, row, col);
          const QPoint centre(static_cast<int>(cell.centreX()), static_cast<int>(cell.centreY()));
          // A number sits in the middle of its cell; look for it across the middle half.
          const int reach = std::max(3, static_cast<int>(0.25 * (cell.x1 - cell.x0)));
          const QRect inner(layout.area.x + reach, layout.area.y + reach, layout.area.width - 2 * reach,
                            layout.area.height - 2 * reach);
          if (!inner.contains(centre)) continue;
          bool text = false;
          for (int dy = -reach; dy <= reach && !text; ++dy) {
            for (int dx = -reach; dx <= reach && !text; ++dx) {
              text = numbered.pixel(centre + QPoint(dx, dy)) != plain.pixel(centre + QPoint(dx, dy));
            }
          }
          const int kind = (row + col) % 2;
          ++cells[kind];
          withText[kind] += text ? 1 : 0;
        }
      }
      const QString where = QStringLiteral("zoom step %1: %2/%3 cells of 0.5 and %4/%5 of 0.123456 numbered")
                                .arg(k)
                                .arg(withText[0])
                                .arg(cells[0])
                                .arg(withText[1])
                                .arg(cells[1]);
      const bool none = withText[0] == 0 && withText[1] == 0;
      const bool all = withText[0] == cells[0] && withText[1] == cells[1];
      QVERIFY2(none || all, qPrintable(where));
      sawNone = sawNone || none;
      sawAll = sawAll || (all && cells[0] > 0);
    }
    QVERIFY(sawNone && sawAll);
  }
};

QTEST_MAIN(TestViews)
#include "test_views.moc"

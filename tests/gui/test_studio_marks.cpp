// What the studio tells a person about its marks: the legend dock names the marks of each problem kind and
// algorithm in the colours the views draw them, follows the colour map, and goes into matrix PNGs when
// asked; every control has a tooltip; the Help menu has a quick start, the shortcuts and an About box; the
// counters a person reads count from 1.
#include <QtTest/QtTest>

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLineEdit>
#include <QMenuBar>
#include <QSlider>
#include <map>
#include <set>
#include <string>

#include "app/gui/help_menu.h"
#include "app/gui/legend_dock.h"
#include "app/gui/problems/hypergraph/hypergraph_session.h"
#include "app/gui/problems/matching/matching_session.h"
#include "views/graph/graph_painter.h"
#include "views/matrix/matrix_view.h"
#include "views/palette.h"
#include "views/pseudocode/pseudocode_view.h"
#include "views/render/matrix_style.h"
#include "window_test_support.h"

using namespace ms;
using namespace ms::studio;
using namespace ms::studio::testing;

namespace {

QColor qColour(render::Rgb8 colour) {
  return QColor(colour.r, colour.g, colour.b);
}

// The legend's entries that show `colour`.
int entriesWith(const views::Legend& legend, const QColor& colour) {
  int count = 0;
  for (const views::LegendEntry& entry : legend.entries) {
    count += std::count(entry.colours.begin(), entry.colours.end(), colour) > 0 ? 1 : 0;
  }
  return count;
}

bool hasMark(const views::Legend& legend, views::LegendMark mark, const QColor& colour) {
  return std::any_of(legend.entries.begin(), legend.entries.end(), [&](const views::LegendEntry& entry) {
    return entry.mark == mark && std::count(entry.colours.begin(), entry.colours.end(), colour) > 0;
  });
}

bool mentions(const views::Legend& legend, const QString& words) {
  return std::any_of(legend.entries.begin(), legend.entries.end(),
                     [&](const views::LegendEntry& entry) { return entry.text.contains(words); });
}

// The visible controls of `window` without a tooltip, by class and object name or text.
QStringList controlsWithoutTooltip(const QWidget& window) {
  QStringList missing;
  for (QWidget* widget : window.findChildren<QWidget*>()) {
    const bool control =
        qobject_cast<QAbstractButton*>(widget) || qobject_cast<QComboBox*>(widget) ||
        qobject_cast<QAbstractSpinBox*>(widget) || qobject_cast<QSlider*>(widget) ||
        (qobject_cast<QLineEdit*>(widget) && !qobject_cast<QAbstractSpinBox*>(widget->parent()) &&
         !qobject_cast<QComboBox*>(widget->parent()));
    if (!control || !widget->isVisibleTo(&window) || !widget->toolTip().isEmpty()) continue;
    if (widget->objectName().startsWith(QLatin1String("qt_"))) continue;  // Qt's own (dock title buttons)
    const auto* button = qobject_cast<QAbstractButton*>(widget);
    missing << QStringLiteral("%1 '%2'").arg(QString::fromLatin1(widget->metaObject()->className()),
                                             button ? button->text() : widget->objectName());
  }
  return missing;
}

}  // namespace

class TestStudioMarks : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { useFreshTestSettings("test_studio_marks"); }

  // The legend dock is on by default and names, for each LAP algorithm, the marks its matrix view draws in
  // their colours: the zero-slack dot, the cover tint, the assignment frame, one square per path colour and
  // the dual bars for the Hungarian; the taken mark for greedy and random; the bid mark and the prices for
  // the auction. A new colour map changes the cell-colour ramp.
  void legendFollowsTheAssignmentAlgorithm() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.legendDock().isVisible());
    for (auto algorithm : {lap::LapAlgorithm::Tree, lap::LapAlgorithm::Classical, lap::LapAlgorithm::Greedy,
                           lap::LapAlgorithm::Random, lap::LapAlgorithm::Auction}) {
      lapAlgorithm(window).setOptions({algorithm, lap::Backend::Sequential, 1});
      QVERIFY(load(window, generated(12, 3)));
      const views::Legend& legend = window.legendDock().legend();
      const QString name = QString::fromUtf8(lap::algorithmName(algorithm).data());
      QVERIFY2(legend.title.contains(name), qPrintable(legend.title));
      QVERIFY(legend.note.contains(QStringLiteral("from 1")));
      QCOMPARE(entriesWith(legend, qColour(render::style::kAssignment)), 1);
      const bool hungarian =
          algorithm == lap::LapAlgorithm::Tree || algorithm == lap::LapAlgorithm::Classical;
      QCOMPARE(hasMark(legend, views::LegendMark::Dot, qColour(render::style::kZeroMark)), hungarian);
      QVERIFY(hasMark(legend, views::LegendMark::Tint, qColour(render::style::kCoverTint)));
      QCOMPARE(mentions(legend, QStringLiteral("augmenting path")), hungarian);
      QCOMPARE(mentions(legend, QStringLiteral("tree view")), hungarian);
      for (std::size_t path = 0; path < palette::kQualitative.size() && hungarian; ++path)
        QVERIFY(entriesWith(legend, qColour(palette::pathColour(path))) > 0);
      QCOMPARE(entriesWith(legend, qColour(render::style::kDualNegative)) > 0, hungarian);
      const bool taken = algorithm == lap::LapAlgorithm::Greedy || algorithm == lap::LapAlgorithm::Random;
      QCOMPARE(entriesWith(legend, qColour(render::style::kTakenMark)) > 0, taken);
      QCOMPARE(mentions(legend, QStringLiteral("bid on")), algorithm == lap::LapAlgorithm::Auction);
      QCOMPARE(mentions(legend, QStringLiteral("price")), algorithm == lap::LapAlgorithm::Auction);
    }
    auto* colours = window.findChild<QComboBox*>(QStringLiteral("matrixColorMap"));
    const std::vector<QColor> before = window.legendDock().legend().entries.front().colours;
    colours->setCurrentIndex(colours->currentIndex() == 0 ? 1 : 0);
    QVERIFY(window.legendDock().legend().entries.front().colours != before);
    QCOMPARE(window.legendDock().legend().entries.front().colours.front(),
             qColour(render::colorAt(render::colorTable(window.matrixView().colorMap()), 0)));
  }

  // Weighted matching: the graph view's pens for a geometric graph, the weight matrix's frame otherwise;
  // hypergraphs: the warp lanes' colours and both bar colours, each with one meaning per kind of run.
  void legendFollowsTheKind() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    MatchingInstanceSource geometric;
    geometric.generator = {matching::Distribution::Geometric, 30, 2};
    QVERIFY(load(window, geometric));
    const views::GraphPens pens = views::graphPens(30);
    views::Legend legend = window.legendDock().legend();
    QVERIFY(entriesWith(legend, pens.matched.color()) > 0);
    QVERIFY(entriesWith(legend, pens.made.color()) > 0);
    QVERIFY(entriesWith(legend, pens.removed.color()) > 0);
    MatchingInstanceSource uniform;
    uniform.generator = {matching::Distribution::Uniform, 30, 2};
    QVERIFY(load(window, uniform));
    legend = window.legendDock().legend();
    QCOMPARE(entriesWith(legend, qColour(render::style::kAssignment)), 1);
    QCOMPARE(entriesWith(legend, pens.made.color()), 0);

    HypergraphInstanceSource hypergraph;
    hypergraph.n = 40;
    hypergraph.seed = 1;
    QVERIFY(load(window, hypergraph));
    legend = window.legendDock().legend();
    QVERIFY(legend.title.contains(QStringLiteral("Hypergraph")));
    QVERIFY(entriesWith(legend, qColour(laneColour(0))) > 0);
    QCOMPARE(entriesWith(legend, qColour(render::style::kDualPositive)), 1);
    QCOMPARE(entriesWith(legend, qColour(render::style::kDualNegative)), 1);
  }

  // A bipartition stepped a level per step: the status bar and the caption name the same level at every
  // step, through the contractions and back up; orange bars (side 1) appear only once partitioned; a coarse
  // level refined after compaction names its hyperedges as contracted.
  void hypergraphCaptionAndStatusAgreeOnTheLevel() {
    MainWindow window;
    hypergraph::HypergraphOptions options;
    options.algorithm = hypergraph::HypergraphAlgorithm::Bipartition;
    options.backend = lap::Backend::Sequential;
    options.nodesPerStep = 0;
    window.session<HypergraphSession>().algorithmPage().setOptions(options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    HypergraphInstanceSource source;
    source.n = 80;
    source.seed = 2;
    QVERIFY(load(window, source));
    int levelsSeen = 0, partitionedSteps = 0, compactedSteps = 0;
    for (std::size_t step = 1; window.controller().state() == RunState::Ready && step < 200; ++step) {
      window.controller().stepPhase();
      QVERIFY(waitForSteps<hypergraph::HypergraphSnapshot>(window, step));
      QTest::qWait(1);
      const auto* shown = stateOf<hypergraph::HypergraphSnapshot>(window.shownSnapshot());
      QVERIFY(shown != nullptr);
      const QString caption = window.matrixView().caption();
      QVERIFY2(caption.startsWith(QStringLiteral("level %1:").arg(shown->level)), qPrintable(caption));
      QCOMPARE(window.status().iteration, shown->level);
      levelsSeen = std::max(levelsSeen, shown->level);
      // A coarse level refined with fewer hyperedges than it was contracted with says so.
      const auto level = static_cast<std::size_t>(shown->level);
      const bool compacted =
          level < shown->levels.size() && shown->levels[level].edges > shown->graph->edgeCount();
      if (compacted) {
        QVERIFY2(caption.contains(QStringLiteral("(%1 as contracted").arg(shown->levels[level].edges)),
                 qPrintable(caption));
        ++compactedSteps;
      } else {
        QVERIFY2(!caption.contains(QStringLiteral("as contracted")), qPrintable(caption));
      }
      const auto& bars = window.matrixView().overlay().colDual;
      const bool orange = std::any_of(bars.begin(), bars.end(), [](double bar) { return bar < 0; });
      QCOMPARE(orange, !shown->partition.empty() &&
                           std::count(shown->partition.begin(), shown->partition.end(), 0) > 0);
      if (!shown->partition.empty()) {
        ++partitionedSteps;
        // The cut hyperedges are the lighter rows, and the columns stand grouped by side.
        const IncidenceRaster& raster = window.session<HypergraphSession>().raster();
        const hypergraph::Hypergraph& graph = *shown->graph;
        const auto& covered = window.matrixView().overlay().rowCovered;
        for (int32_t e = 0; e < graph.edgeCount() && raster.edgesPerCell == 1; ++e) {
          std::set<uint8_t> sides;
          for (const int32_t v : graph.pins(e)) sides.insert(shown->partition[static_cast<std::size_t>(v)]);
          QCOMPARE(covered[static_cast<std::size_t>(e)] != 0, sides.size() == 2);
        }
        std::vector<int> sideOfColumn(static_cast<std::size_t>(graph.nodeCount()), -1);
        for (int32_t v = 0; v < graph.nodeCount() && raster.nodesPerCell == 1; ++v)
          sideOfColumn[static_cast<std::size_t>(raster.colOf(v))] =
              shown->partition[static_cast<std::size_t>(v)];
        QVERIFY(std::is_sorted(sideOfColumn.begin(), sideOfColumn.end()));
      }
    }
    QVERIFY(levelsSeen >= 1);
    QVERIFY(partitionedSteps > 0);
    QVERIFY(compactedSteps > 0);
  }

  // Matrix PNGs carry the legend in a column at their right only when asked.
  void matrixPngCarriesTheLegendWhenAsked() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(10, 1)));
    if (!window.matrixView().rendererAvailable()) QSKIP("no Vulkan device");
    QTemporaryDir dir;
    const QString plain = dir.filePath(QStringLiteral("plain.png")),
                  with = dir.filePath(QStringLiteral("with.png"));
    window.legendDock().setInExports(false);
    window.exportMatrixPng(plain, QSize(640, 480));
    window.legendDock().setInExports(true);
    window.exportMatrixPng(with, QSize(640, 480));
    QCOMPARE(QImage(plain).size(), QSize(640, 480));
    const QImage withLegend(with);
    QCOMPARE(withLegend.height(), 480);
    QVERIFY(withLegend.width() > 640);
    QCOMPARE(withLegend.copy(0, 0, 640, 480).convertToFormat(QImage::Format_RGB32),
             QImage(plain).convertToFormat(QImage::Format_RGB32));
  }

  // Every visible button, box, spin box, slider and text field of each kind's window has a tooltip.
  void everyControlHasATooltip() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(10, 1)));
    QStringList missing = controlsWithoutTooltip(window);
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("LAP: ") + missing.join(QStringLiteral(", "))));
    MatchingInstanceSource graph;
    graph.generator = {matching::Distribution::Geometric, 20, 2};
    QVERIFY(load(window, graph));
    missing = controlsWithoutTooltip(window);
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("matching: ") + missing.join(QStringLiteral(", "))));
    HypergraphInstanceSource hypergraph;
    hypergraph.n = 30;
    QVERIFY(load(window, hypergraph));
    missing = controlsWithoutTooltip(window);
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("hypergraph: ") + missing.join(QStringLiteral(", "))));
  }

  // Indices from 1 everywhere a person reads them: greedy's latest take names one row and column in the
  // matrix caption, the log's explanation and the log's counters (which printed the solver's 0-based
  // "row=" and "col=" before), and the log's step, the History position and the pseudocode's "step" agree.
  void countersCountFromOne() {
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Greedy));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(6, 2)));
    constexpr int kSteps = 3;
    for (int k = 0; k < kSteps; ++k) window.controller().stepPhase();
    QVERIFY(waitForSteps<lap::LapSnapshot>(window, kSteps));
    const auto* state = stateOf<lap::LapSnapshot>(window.shownSnapshot());
    QVERIFY(state != nullptr && state->approximation.takenRow >= 0);
    const int row = state->approximation.takenRow + 1;
    const int col = state->approximation.takenCol + 1;
    const views::StepLogModel& log = window.logModel();
    const auto cell = [&](int column, int role = Qt::DisplayRole) {
      return log.data(log.index(kSteps - 1, column), role).toString();
    };
    const QString counters = QStringLiteral("row=%1 col=%2").arg(row).arg(col);
    QVERIFY2(cell(views::StepLogModel::CountersColumn).contains(counters),
             qPrintable(cell(views::StepLogModel::CountersColumn)));
    QVERIFY2(cell(views::StepLogModel::CountersColumn, Qt::ToolTipRole).contains(counters),
             qPrintable(cell(views::StepLogModel::CountersColumn, Qt::ToolTipRole)));
    QVERIFY2(cell(views::StepLogModel::ExplanationColumn)
                 .contains(QStringLiteral("row %1 column %2").arg(row).arg(col)),
             qPrintable(cell(views::StepLogModel::ExplanationColumn)));
    QVERIFY2(window.matrixView().caption().contains(QStringLiteral("row %1, column %2").arg(row).arg(col)),
             qPrintable(window.matrixView().caption()));
    QCOMPARE(cell(views::StepLogModel::StepColumn), QString::number(kSteps));
    QCOMPARE(label(window, "historyPosition"), QStringLiteral("%1/%1 steps").arg(kSteps));
    const auto* pseudocode = window.findChild<views::PseudocodeView*>(QStringLiteral("studioPseudocode"));
    QVERIFY(pseudocode != nullptr);
    std::map<std::string, std::string> variables(pseudocode->variables().begin(),
                                                 pseudocode->variables().end());
    QCOMPARE(QString::fromStdString(variables["step"]), QString::number(kSteps));
    QCOMPARE(QString::fromStdString(variables["row"]), QString::number(row));
    QCOMPARE(QString::fromStdString(variables["col"]), QString::number(col));
  }

  // Help: a quick start (F1), the shortcuts as the actions have them, and an About box naming the versions
  // and the GPU (or why there is none).
  void helpMenuHasQuickStartShortcutsAndAbout() {
    MainWindow window;
    QStringList menus;
    for (QAction* action : window.menuBar()->actions()) menus << action->text().remove(QLatin1Char('&'));
    QVERIFY2(menus.contains(QStringLiteral("Help")), qPrintable(menus.join(QLatin1Char(' '))));
    for (const char* name : {"actionQuickStart", "actionShortcuts", "actionAbout"})
      QVERIFY2(window.findChild<QAction*>(QLatin1String(name)) != nullptr, name);
    QCOMPARE(window.findChild<QAction*>(QStringLiteral("actionQuickStart"))->shortcut(),
             QKeySequence(Qt::Key_F1));
    const QString shortcuts = shortcutList(window);
    for (const char* name : {"actionStep", "actionBack", "actionRunPause", "actionExport", "actionLearnMode",
                             "actionRaceMode", "actionRaceStep"}) {
      const QAction* action = window.findChild<QAction*>(QLatin1String(name));
      QVERIFY(action != nullptr);
      QVERIFY2(shortcuts.contains(action->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped()) &&
                   shortcuts.contains(action->text().toHtmlEscaped()),
               name);
    }
    const QString about =
        aboutText(window.matrixView().rendererDevice(), window.matrixView().rendererProblem());
    QVERIFY(about.contains(QString::fromLatin1(qVersion())));
    QVERIFY(about.contains(QStringLiteral("Eigen")));
    QVERIFY(about.contains(QStringLiteral("CUDA GPU")));
    QVERIFY(about.contains(QStringLiteral("Vulkan")));
  }
};

QTEST_MAIN(TestStudioMarks)
#include "test_studio_marks.moc"

// The studio's layout on the screen it runs on (ctest runs this suite on an offscreen screen of 1280 x 800
// and again on one of 1920 x 1080): a first launch opens a window that fits the screen, and for each problem
// kind every toolbar action is shown (none behind the overflow), the window keeps its size, every dock lies
// inside the window, no chart text is cut short ("0....", a legend entry ending in "..."), no two series of a
// chart share a colour and the step log shows a useful number of rows.
#include <QChart>
#include <QDockWidget>
#include <QHeaderView>
#include <QLineSeries>
#include <QScreen>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
#include <QtTest/QtTest>
#include <map>

#include "app/gui/main_window.h"
#include "app/gui/problems/hypergraph/hypergraph_session.h"
#include "views/charts/trace_charts.h"
#include "window_test_support.h"

using namespace ms;
using namespace ms::studio;
using namespace ms::studio::testing;

namespace {

constexpr int kMinLogRows = 6;

InstanceSource sourceOf(ProblemKind kind) {
  switch (kind) {
    case ProblemKind::Assignment:
      return generated(16, 3);
    case ProblemKind::Matching: {
      MatchingInstanceSource source;
      source.generator = {matching::Distribution::Geometric, 40, 1};
      return source;
    }
    case ProblemKind::Hypergraph: {
      HypergraphInstanceSource source;
      source.n = 48;
      source.seed = 5;
      return source;
    }
  }
  return {};
}

// The first toolbar action the toolbar does not show in full (behind its overflow button), else empty.
QString hiddenToolbarAction(const MainWindow& window) {
  for (QToolBar* bar : window.findChildren<QToolBar*>()) {
    if (!bar->isVisible()) continue;
    for (QAction* action : bar->actions()) {
      if (action->isSeparator() || !action->isVisible()) continue;
      const QWidget* widget = bar->widgetForAction(action);
      QString name = action->text();
      if (const auto* label = qobject_cast<const QLabel*>(widget); name.isEmpty() && label != nullptr)
        name = label->text();
      if (name.isEmpty() && widget != nullptr) name = widget->objectName();
      if (widget == nullptr || !widget->isVisible()) return name + QStringLiteral(" (hidden)");
      if (!bar->rect().contains(widget->geometry())) {
        return QStringLiteral("%1 at %2 outside %3")
            .arg(name, rectText(widget->geometry()), rectText(bar->rect()));
      }
    }
  }
  return {};
}

// The first shown dock (or the status bar) that is not wholly inside the window, else empty.
QString widgetOutsideWindow(const MainWindow& window) {
  const QRect inside = window.rect();
  for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
    // A dock tabified behind another is reached by its tab; Qt parks its geometry outside the window.
    const bool behindTab = !window.tabifiedDockWidgets(dock).isEmpty() && dock->visibleRegion().isEmpty();
    if (dock->isVisible() && !dock->isFloating() && !behindTab && !inside.contains(dock->geometry()))
      return QStringLiteral("%1 at %2").arg(dock->objectName(), rectText(dock->geometry()));
  }
  if (!inside.contains(window.statusBar()->geometry()))
    return QStringLiteral("status bar at %1").arg(rectText(window.statusBar()->geometry()));
  return {};
}

// The first text of a shown chart (title, axis label, legend entry) that Qt Charts shortened, else empty.
QString shortenedChartText(const MainWindow& window) {
  for (QChart* chart : const_cast<MainWindow&>(window).charts().shownCharts()) {
    if (const QString text = shortenedText(*chart); !text.isEmpty())
      return QStringLiteral("'%1' in '%2'").arg(text, chart->title());
  }
  return {};
}

// The first chart with two series of one colour, else empty (Qt's theme has five colours: a sixth phase took
// the first one's).
QString sharedSeriesColour(const MainWindow& window) {
  for (QChart* chart : const_cast<MainWindow&>(window).charts().shownCharts()) {
    std::map<QRgb, QString> seriesOfColour;
    for (QAbstractSeries* series : chart->series()) {
      const auto* line = qobject_cast<QLineSeries*>(series);
      if (line == nullptr) continue;
      const auto [entry, added] = seriesOfColour.emplace(line->color().rgb(), line->name());
      if (!added) {
        return QStringLiteral("'%1' and '%2' share a colour in '%3'")
            .arg(entry->second, line->name(), chart->title());
      }
    }
  }
  return {};
}

}  // namespace

class TestStudioLayout : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { useFreshTestSettings("test_studio_layout"); }

  void layoutFitsTheScreen_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("assignment") << static_cast<int>(ProblemKind::Assignment);
    QTest::newRow("weighted matching") << static_cast<int>(ProblemKind::Matching);
    QTest::newRow("hypergraph") << static_cast<int>(ProblemKind::Hypergraph);
  }

  void layoutFitsTheScreen() {
    QFETCH(int, kind);
    QSettings().clear();  // a first launch each time
    const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Tree));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(screen.contains(window.frameGeometry()),
             qPrintable(QStringLiteral("first launch: window %1 on screen %2")
                            .arg(rectText(window.frameGeometry()), rectText(screen))));

    QVERIFY(load(window, sourceOf(static_cast<ProblemKind>(kind))));
    for (int step = 0; step < 8; ++step) window.controller().stepPhase();
    QVERIFY(QTest::qWaitFor(
        [&] {
          return window.controller().trace().records().size() >= 3 &&
                 window.controller().state() != RunState::Busy;
        },
        kTimeoutMs));
    window.charts().refreshNow();
    QTest::qWait(100);
    // the layout settles after the kind's views and charts change

    QVERIFY2(screen.contains(window.frameGeometry()),
             qPrintable(QStringLiteral("window %1 on screen %2 (minimum %3x%4)")
                            .arg(rectText(window.frameGeometry()), rectText(screen))
                            .arg(window.minimumSizeHint().width())
                            .arg(window.minimumSizeHint().height())));
    const auto* log = window.findChild<QTableView*>(QStringLiteral("stepLog"));
    const int rows = log->viewport()->height() / log->verticalHeader()->defaultSectionSize();
    QStringList problems;
    for (const QString& problem :
         {hiddenToolbarAction(window), widgetOutsideWindow(window), shortenedChartText(window),
          sharedSeriesColour(window),
          rows >= kMinLogRows ? QString() : QStringLiteral("the step log shows %1 rows").arg(rows)}) {
      if (!problem.isEmpty()) problems << problem;
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
  }
};

QTEST_MAIN(TestStudioLayout)
#include "test_studio_layout.moc"

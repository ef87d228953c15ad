// Learn mode inside the studio window: the mode switch puts the lesson panel in place of the studio's views,
// docks and toolbars, the lesson steps there with its own keys while the solver stays put, switching back
// restores the studio's layout and transport, and the mode survives a restart.
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QStatusBar>
#include <QToolBar>
#include <QtTest/QtTest>

#include "app/gui/algorithm_panel.h"
#include "app/gui/main_window.h"
#include "solver/pseudocode/algorithm_pseudocode.h"
#include "views/matrix/matrix_view.h"
#include "views/pseudocode/pseudocode_view.h"
#include "views/teaching/learn_panel.h"
#include "window_test_support.h"

using namespace ms;
using namespace ms::studio;
using namespace ms::studio::testing;

namespace {

QStringList visibleDocks(MainWindow& window) {
  QStringList names;
  for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
    if (dock->isVisible()) names << dock->objectName();
  }
  names.sort();
  return names;
}

QString narration(MainWindow& window) {
  return window.learnPanel().findChild<QLabel*>(QStringLiteral("narrationLabel"))->text();
}

}  // namespace

class TestLearnMode : public QObject {
  Q_OBJECT

 private slots:
  void init() { useFreshTestSettings("test_learn_mode"); }

  // Ctrl+2 shows the lesson panel alone (docks and studio toolbars hidden, studio keys off); Right and Left
  // there move the lesson and its narration, not the solver; Ctrl+1 brings back the same docks and the
  // matrix view, and Right steps the solver again.
  void learnModeReplacesTheStudio() {
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Tree));
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(load(window, generated(8, 1)));
    window.findChild<QDockWidget*>(QStringLiteral("chartsDock"))->hide();  // a layout of the person's own
    const QStringList studioDocks = visibleDocks(window);
    QVERIFY(studioDocks.contains(QStringLiteral("logDock")));
    QVERIFY(!window.learnPanel().isVisible());

    QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);
    QCOMPARE(window.mode(), WindowMode::Learn);
    QVERIFY(window.learnPanel().isVisible());
    QVERIFY(!window.matrixView().isVisible());
    QVERIFY(visibleDocks(window).isEmpty());
    QVERIFY(!window.findChild<QDockWidget*>(QStringLiteral("logDock"))->toggleViewAction()->isEnabled());
    QVERIFY(!window.findChild<QToolBar*>(QStringLiteral("transportToolbar"))->isVisible());
    QVERIFY(window.findChild<QToolBar*>(QStringLiteral("modeToolbar"))->isVisible());
    QVERIFY(!window.findChild<QAction*>(QStringLiteral("actionStep"))->isEnabled());
    QVERIFY(!window.statusBar()->isVisible());

    QTest::mouseClick(window.learnPanel().findChild<QPushButton*>(QStringLiteral("startButton")),
                      Qt::LeftButton);
    const lap::teaching::MunkresLesson* lesson = window.learnPanel().lesson();
    QVERIFY(lesson != nullptr);
    QCOMPARE(lesson->cursor(), 0);
    const QString first = QString::fromStdString(lesson->current().narration);
    QCOMPARE(narration(window), first);

    // The keys go where a person's would: to the focus, which the switch put in the panel.
    QWidget* focus = QApplication::focusWidget();
    QVERIFY(focus == &window.learnPanel() || window.learnPanel().isAncestorOf(focus));
    QTest::keyClick(focus, Qt::Key_Right);
    QCOMPARE(lesson->cursor(), 1);
    QCOMPARE(narration(window), QString::fromStdString(lesson->current().narration));
    QVERIFY(narration(window) != first);
    QTest::keyClick(focus, Qt::Key_Left);
    QCOMPARE(lesson->cursor(), 0);
    QCOMPARE(narration(window), first);
    QVERIFY(window.controller().trace().records().empty());  // the studio's solver did not move

    QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
    QCOMPARE(window.mode(), WindowMode::Studio);
    QVERIFY(!window.learnPanel().isVisible());
    QVERIFY(window.matrixView().isVisible());
    QCOMPARE(visibleDocks(window), studioDocks);
    QVERIFY(window.findChild<QToolBar*>(QStringLiteral("transportToolbar"))->isVisible());
    QVERIFY(window.statusBar()->isVisible());
    QTest::keyClick(&window, Qt::Key_Right);
    QVERIFY(QTest::qWaitFor([&] { return window.controller().trace().records().size() == 1; }, kTimeoutMs));
  }

  // The studio's Pseudocode dock follows a solve: the tree variant's listing, the line of each step's phase
  // highlighted, the step's counters as variables.
  void pseudocodeDockFollowsTheSolve() {
    MainWindow window;
    lapAlgorithm(window).setOptions(sequential(lap::LapAlgorithm::Tree));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(load(window, generated(8, 3)));
    auto* view = window.findChild<views::PseudocodeView*>(QStringLiteral("studioPseudocode"));
    QVERIFY(view != nullptr);
    const PseudocodeListing* listing = algorithmPseudocode("tree");
    for (int k = 1; k <= 6; ++k) {
      window.controller().stepPhase();
      QVERIFY(QTest::qWaitFor([&] { return window.controller().trace().records().size() == std::size_t(k); },
                              kTimeoutMs));
      const StepRecord& record = window.controller().trace().records().back();
      QCOMPARE(view->currentLine(), listing->lineOf(record.phase));
      QVERIFY(view->currentLine() >= 0);
      QCOMPARE(view->variables()[2].second, std::string(record.phase));
    }
  }

  // Closed in Learn mode, the window opens in Learn mode; the studio then comes back with the layout it had
  // before the switch.
  void learnModeIsRemembered() {
    QStringList studioDocks;
    {
      MainWindow window;
      window.show();
      QVERIFY(QTest::qWaitForWindowExposed(&window));
      window.findChild<QDockWidget*>(QStringLiteral("instanceDock"))->hide();
      studioDocks = visibleDocks(window);
      window.setMode(WindowMode::Learn);
      window.close();
    }
    MainWindow restored;
    restored.show();
    QVERIFY(QTest::qWaitForWindowExposed(&restored));
    QCOMPARE(restored.mode(), WindowMode::Learn);
    QVERIFY(restored.learnPanel().isVisible());
    QVERIFY(restored.findChild<QAction*>(QStringLiteral("actionLearnMode"))->isChecked());
    QVERIFY(visibleDocks(restored).isEmpty());
    restored.setMode(WindowMode::Studio);
    QCOMPARE(visibleDocks(restored), studioDocks);
    QVERIFY(!studioDocks.contains(QStringLiteral("instanceDock")));
  }
};

QTEST_MAIN(TestLearnMode)
#include "test_learn_mode.moc"

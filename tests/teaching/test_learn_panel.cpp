// The Learn panel (offscreen): the drawing shows covers, stars, primes and the path where the layout puts
// them; the exercise mode works through clicks and typing; back/forward; editing; lesson export.
#include <QCheckBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/teaching/lesson_test_support.h"
#include "views/teaching/learn_panel.h"
#include "views/teaching/lesson_canvas.h"
#include "views/teaching/lesson_export.h"
#include "views/teaching/lesson_painter.h"

using namespace ms::lap::teaching;
using namespace ms::lap::teaching::test;
using ms::views::LessonColors;
using ms::views::LessonLayout;

namespace {

bool near(QColor actual, QColor expected, int tolerance = 12) {
  return std::abs(actual.red() - expected.red()) <= tolerance &&
         std::abs(actual.green() - expected.green()) <= tolerance &&
         std::abs(actual.blue() - expected.blue()) <= tolerance;
}

// A translucent colour painted over white.
QColor overWhite(QColor color) {
  const double a = color.alphaF();
  const auto mix = [a](int c) { return int(std::lround(c * a + 255 * (1 - a))); };
  return QColor(mix(color.red()), mix(color.green()), mix(color.blue()));
}

QString describe(QColor c) {
  return QString("rgb(%1,%2,%3)").arg(c.red()).arg(c.green()).arg(c.blue());
}

template <class T>
T* child(QWidget& parent, const char* name) {
  T* found = parent.findChild<T*>(name);
  if (found == nullptr) qFatal("no child named %s", name);
  return found;
}

}  // namespace

class TestLearnPanel : public QObject {
  Q_OBJECT

 private slots:
  // Pilgrim frame 21 (find the path): rows 1 and 2 covered; stars (1,2) (2,1); primes (1,3) (2,2) (3,1);
  // path (3,1) -> (2,1) -> (2,2) -> (1,2) -> (1,3). Checked at two sizes.
  void drawingPutsMarksWhereTheLayoutSays() {
    const MunkresLesson lesson = walkedLesson("01-pilgrim-3x3.txt");
    const LessonFrame& frame = lesson.frames()[21];
    QCOMPARE(frame.kind, StepKind::FindPath);
    for (const int side : {300, 800}) {
      QImage image(side, side, QImage::Format_RGB32);
      image.fill(Qt::white);
      const LessonLayout layout(QRectF(0, 0, side, side), frame.state.n);
      {
        QPainter painter(&image);
        ms::views::paintLessonFrame(painter, layout, frame);
      }
      const double cell = layout.cellSize();
      const auto pixel = [&](QPointF p) { return image.pixelColor(p.toPoint()); };
      const QPointF c11 = layout.cellRect(at1(1, 1)).center(), c33 = layout.cellRect(at1(3, 3)).center();
      // Right of the number in (1,1): row 1's covering line; same place in (3,3): nothing (row 3 uncovered).
      QVERIFY2(near(pixel(c11 + QPointF(0.4 * cell, 0)), overWhite(LessonColors::coverLine())),
               qPrintable(describe(pixel(c11 + QPointF(0.4 * cell, 0)))));
      QVERIFY(near(pixel(c33 + QPointF(0.4 * cell, 0)), Qt::white));
      // Left edge of the ring of the starred (1,2) and of the primed (3,1).
      const QPointF ringStar = layout.cellRect(at1(1, 2)).center() - QPointF(0.27 * cell, 0);
      const QPointF ringPrime = layout.cellRect(at1(3, 1)).center() - QPointF(0.27 * cell, 0);
      QVERIFY2(near(pixel(ringStar), LessonColors::star(), 30), qPrintable(describe(pixel(ringStar))));
      QVERIFY2(near(pixel(ringPrime), LessonColors::prime(), 30), qPrintable(describe(pixel(ringPrime))));
      // The path's arrow from (3,1) to (2,1) crosses the border between rows 2 and 3 in column 1.
      const QPointF border(c11.x(), layout.cellRect(at1(3, 1)).top());
      QVERIFY2(near(pixel(border), LessonColors::path(), 30), qPrintable(describe(pixel(border))));
      // No path between (3,3) and (2,3).
      QVERIFY(!near(pixel(QPointF(c33.x(), layout.cellRect(at1(3, 3)).top())), LessonColors::path(), 30));
    }
  }

  void exportWritesOnePngPerStepAndTranscript() {
    ms::views::LearnPanel panel;
    panel.loadProblem(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    QVERIFY(panel.startLesson());
    QTemporaryDir dir;
    const std::filesystem::path folder = std::filesystem::path(dir.path().toStdString()) / "lesson";
    QCOMPARE(panel.exportLesson(folder, QSize(640, 480)), 25);
    const QDir out(QString::fromStdString(folder.string()));
    QCOMPARE(out.entryList(QDir::Files | QDir::Hidden).size(), 26);  // no temporary files left behind
    for (int k = 0; k < 25; ++k) {
      const QImage slide(QString::fromStdString((folder / ms::views::slideFileName(k)).string()));
      QCOMPARE(slide.size(), QSize(640, 480));
    }
    QFile transcript(out.filePath("transcript.txt"));
    QVERIFY(transcript.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(transcript.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 26);
    QVERIFY(lines[0].startsWith("Lesson: Pilgrim's 3 x 3 (costs i x j) (R. A. Pilgrim"));
    QCOMPARE(lines[4],
             QString("Step 3. Reduce a row. The smallest entry of row 3 is 3 (row 3, column 1); subtract "
                     "it from every entry of row 3. Every row now has a zero; next, the columns in the "
                     "same way."));
    QVERIFY(lines[25].startsWith("Step 24. The optimal assignment."));
  }

  void exerciseThroughClicksAndTyping() {
    ms::views::LearnPanel panel;
    panel.resize(700, 900);
    panel.loadProblem(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    QVERIFY(panel.startLesson());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    child<QCheckBox>(panel, "exerciseMode")->setChecked(true);
    auto* value = child<QLineEdit>(panel, "valueInput");
    auto* check = child<QPushButton>(panel, "checkButton");
    auto* verdict = child<QLabel>(panel, "verdictLabel");
    auto* score = child<QLabel>(panel, "scoreLabel");
    QCOMPARE(child<QLabel>(panel, "instructionLabel")->text(), QString("Type the smallest entry of row 1."));

    value->setText("2");
    QTest::mouseClick(check, Qt::LeftButton);
    QVERIFY2(verdict->text().contains("2 is in row 1 (at row 1, column 2), but row 1 has a smaller entry."),
             qPrintable(verdict->text()));
    QVERIFY(verdict->text().contains("Hint: Read row 1"));
    QCOMPARE(panel.lesson()->cursor(), 0);
    QCOMPARE(score->text(), QString("Score: 0 right, 1 wrong, 0 hints"));
    value->setText("1");
    QTest::mouseClick(check, Qt::LeftButton);
    QCOMPARE(panel.lesson()->cursor(), 1);
    QCOMPARE(score->text(), QString("Score: 1 right, 1 wrong, 0 hints"));

    // Scrub to frame 8 (column 1 covered) and prime (1,3), the second of the two uncovered zeros, by clicking
    // it.
    child<QPushButton>(panel, "lastButton")->click();
    child<QSlider>(panel, "scrubber")->setValue(8);
    QCOMPARE(panel.lesson()->cursor(), 8);
    ms::views::LessonCanvas* canvas = panel.canvas();
    const LessonLayout layout = canvas->layout();
    QTest::mouseClick(canvas, Qt::LeftButton, {}, layout.cellRect(at1(1, 3)).center().toPoint());
    QTest::mouseClick(check, Qt::LeftButton);
    QVERIFY2(verdict->text().contains("Right: the zero at row 1, column 3 is uncovered."),
             qPrintable(verdict->text()));
    QCOMPARE(panel.lesson()->cursor(), 9);
    QCOMPARE(marked(panel.lesson()->current().state, Mark::Prime), (std::vector<Cell>{at1(1, 3)}));
    QCOMPARE(panel.lesson()->frames().size(), std::size_t(10));  // the stored future from (1,2) was dropped

    // Next: the star of row 1 is still (1,1): cover row 1 and uncover column 1, by clicking the two headers.
    QCOMPARE(panel.lesson()->current().state.next, StepKind::CoverPrimedRow);
    QTest::mouseClick(canvas, Qt::LeftButton, {}, layout.columnHeader(0).center().toPoint());
    QTest::mouseClick(check, Qt::LeftButton);
    QVERIFY2(verdict->text().contains("Row 1 holds the new primed zero"), qPrintable(verdict->text()));
    QTest::mouseClick(canvas, Qt::LeftButton, {}, layout.rowHeader(0).center().toPoint());
    // The proposal is drawn before it is checked: row 1's line in the proposal colour, column 1's line gone.
    const QImage proposed = canvas->grab().toImage();
    const QPointF c11 = layout.cellRect(at1(1, 1)).center(), c21 = layout.cellRect(at1(2, 1)).center();
    const QColor onRow = proposed.pixelColor((c11 + QPointF(0.4 * layout.cellSize(), 0)).toPoint());
    QVERIFY2(near(onRow, overWhite(LessonColors::draftCoverLine())), qPrintable(describe(onRow)));
    QVERIFY(near(proposed.pixelColor((c21 + QPointF(0, 0.4 * layout.cellSize())).toPoint()), Qt::white));
    QTest::mouseClick(check, Qt::LeftButton);
    QVERIFY2(verdict->text().contains("Right: row 1 covered, column 1 uncovered."),
             qPrintable(verdict->text()));
    QCOMPARE(coveredRows(panel.lesson()->current().state), lines1({1}));
    QVERIFY(coveredColumns(panel.lesson()->current().state).empty());

    QTest::mouseClick(child<QPushButton>(panel, "hintButton"), Qt::LeftButton);
    QCOMPARE(panel.score(), (Score{3, 2, 1}));
  }

  void backThenForwardShowsTheSameFrame() {
    ms::views::LearnPanel panel;
    panel.loadProblem(readLessonFile(lessonPath("03-winston-machineco.txt")));
    QVERIFY(panel.startLesson());
    auto* forward = child<QPushButton>(panel, "forwardButton");
    auto* back = child<QPushButton>(panel, "backButton");
    auto* narration = child<QLabel>(panel, "narrationLabel");
    for (int k = 0; k < 14; ++k) forward->click();
    const QString at14 = narration->text();
    const LessonFrame frame14 = panel.lesson()->current();
    for (int k = 0; k < 5; ++k) back->click();
    QCOMPARE(panel.lesson()->cursor(), 9);
    for (int k = 0; k < 5; ++k) forward->click();
    QCOMPARE(narration->text(), at14);
    QCOMPARE(panel.lesson()->current(), frame14);
    QCOMPARE(child<QSlider>(panel, "scrubber")->value(), 14);
  }

  void editedCellsStartTheLesson() {
    ms::views::LearnPanel panel;
    panel.loadProblem(readLessonFile(lessonPath("02-taha-three-children.txt")));
    auto* table = child<QTableWidget>(panel, "editorTable");
    static_cast<QSpinBox*>(table->cellWidget(0, 0))->setValue(1);
    QVERIFY(panel.startLesson());
    QCOMPARE(panel.lesson()->problem().original(0, 0), int64_t(1));
    QVERIFY(QString::fromStdString(panel.lesson()->problem().title).endsWith("(edited)"));

    child<QSpinBox>(panel, "editorRows")->setValue(2);
    child<QSpinBox>(panel, "editorColumns")->setValue(2);
    QVERIFY(!panel.startLesson());
    QVERIFY(child<QLabel>(panel, "editorMessage")
                ->text()
                .contains("3 x 3 to 10 x 10 matrices (this one is 2 x 2)"));
  }
};

QTEST_MAIN(TestLearnPanel)
#include "test_learn_panel.moc"

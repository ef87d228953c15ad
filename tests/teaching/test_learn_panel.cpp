// The Learn panel (offscreen): the drawing shows covers, stars, primes and the path where the layout puts
// them; the exercise mode works through clicks and typing; back/forward; editing; lesson export.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <fstream>

#include "solver/lap/teaching/lesson_pseudocode.h"
#include "solver/lap/teaching/question_bank.h"
#include "tests/teaching/colour_vision.h"
#include "tests/teaching/lesson_test_support.h"
#include "views/pseudocode/pseudocode_view.h"
#include "views/teaching/bank_dialog.h"
#include "views/teaching/bipartite_view.h"
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

// The frame painted on a white image, as the canvas and the slides paint it.
QImage painted(const LessonFrame& frame, const LessonLayout& layout, QSize size = {600, 600}) {
  QImage image(size, QImage::Format_RGB32);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    ms::views::paintLessonFrame(painter, layout, frame);
  }
  return image;
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
      const LessonLayout layout(QRectF(0, 0, side, side), frame.state.n);
      const QImage image = painted(frame, layout, QSize(side, side));
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
    // 25 slides, the one-page sheet and the transcript; no temporary files left behind.
    QCOMPARE(out.entryList(QDir::Files | QDir::Hidden).size(), 27);
    QCOMPARE(QImage(out.filePath("sheet.png")).size(), QSize(1240, 1754));
    for (int k = 0; k < 25; ++k) {
      const QImage slide(QString::fromStdString((folder / ms::views::slideFileName(k)).string()));
      QCOMPARE(slide.size(), QSize(640, 480));
    }
    QFile transcript(out.filePath("transcript.txt"));
    QVERIFY(transcript.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(transcript.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 32);  // title, method, matrix heading and 3 rows, 25 steps, total
    QVERIFY(lines[0].startsWith("Lesson: Pilgrim's 3 x 3 (costs i x j) (R. A. Pilgrim"));
    QCOMPARE(lines[1], QString("Method: star-and-prime (Munkres)"));
    QCOMPARE(lines[2], QString("Matrix (minimise cost, 3 x 3):"));
    QCOMPARE(lines[5], QString("  3 6 9"));
    QCOMPARE(lines[6 + 3],
             QString("Step 3. Reduce a row. The smallest entry of row 3 is 3 (row 3, column 1); subtract "
                     "it from every entry of row 3. Every row now has a zero; next, the columns in the "
                     "same way."));
    QVERIFY(lines[6 + 24].startsWith("Step 24. The assignment."));
    QCOMPARE(lines.last(), QString("total: 10"));
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
    QCOMPARE(score->text(), QString("Score (first answers): 0 right, 1 wrong, 0 skipped, 0 hints"));
    value->setText("1");
    QTest::mouseClick(check, Qt::LeftButton);
    QCOMPARE(panel.lesson()->cursor(), 1);
    // The step's first answer was wrong: the right one after it does not change the score.
    QCOMPARE(score->text(), QString("Score (first answers): 0 right, 1 wrong, 0 skipped, 0 hints"));

    // Scrub to frame 8 (column 1 covered): steps 2 to 8 were passed without an answer, so they are skipped.
    // Then prime (1,3), the second of the two uncovered zeros, by clicking it.
    child<QSlider>(panel, "scrubber")->setValue(8);
    QCOMPARE(score->text(), QString("Score (first answers): 0 right, 1 wrong, 7 skipped, 0 hints"));
    QCOMPARE(panel.lesson()->cursor(), 8);
    ms::views::LessonCanvas* canvas = panel.canvas();
    const LessonLayout layout = canvas->layout();
    QTest::mouseClick(canvas, Qt::LeftButton, {}, layout.cellRect(at1(1, 3)).center().toPoint());
    QTest::mouseClick(check, Qt::LeftButton);
    QVERIFY2(verdict->text().contains("Right: the zero at row 1, column 3 is uncovered."),
             qPrintable(verdict->text()));
    QCOMPARE(panel.lesson()->cursor(), 9);
    QCOMPARE(marked(panel.lesson()->current().state, Mark::Prime), (std::vector<Cell>{at1(1, 3)}));
    // The stored future from (1,2) was replaced by the one from (1,3), computed to the end at once.
    QCOMPARE(panel.lesson()->frames().back().kind, StepKind::Result);
    QCOMPARE(panel.lesson()->frames().back().stepValue, int64_t(10));

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
    QCOMPARE(panel.score(), (Score{1, 2, 1, 7}));  // step 9 right at once, step 10 wrong first
  }

  // The lesson kind chooser: the tree and ROMA lessons start from the Method box, show the solver's
  // pseudocode, and their exercises work through clicks and typing like the textbook ones.
  void solverLessonsFromTheMethodChooser() {
    ms::views::LearnPanel panel;
    panel.resize(1280, 800);
    panel.loadProblem(readLessonFile(lessonPath("03-winston-machineco.txt")));
    auto* method = child<QComboBox>(panel, "methodChoice");
    method->setCurrentIndex(method->findText("Alternating trees (Date & Nagi)"));
    QVERIFY(panel.startLesson());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCOMPARE(panel.lesson()->problem().method, LessonMethod::Tree);
    QCOMPARE(panel.pseudocode()->currentLine(), -1);
    child<QCheckBox>(panel, "exerciseMode")->setChecked(true);
    auto* check = child<QPushButton>(panel, "checkButton");
    auto* verdict = child<QLabel>(panel, "verdictLabel");
    // Winston's matrix: the first check leaves rows 1-4 as roots; level 1 reaches columns 1-4, all
    // unassigned, so no row joins. Click the four column headers.
    panel.showStep(2);
    QCOMPARE(panel.lesson()->current().state.next, StepKind::TreeLevel);
    const LessonLayout layout = panel.canvas()->layout();
    for (int j = 0; j < 3; ++j)
      QTest::mouseClick(panel.canvas(), Qt::LeftButton, {}, layout.columnHeader(j).center().toPoint());
    QTest::mouseClick(check, Qt::LeftButton);
    QVERIFY2(verdict->text().contains("Column 4 is uncovered and has slack 0 from a tree row"),
             qPrintable(verdict->text()));
    QTest::mouseClick(panel.canvas(), Qt::LeftButton, {}, layout.columnHeader(3).center().toPoint());
    QTest::mouseClick(check, Qt::LeftButton);
    QCOMPARE(panel.lesson()->cursor(), 3);
    // Step 9 is the common dual update: theta 1, typed.
    panel.showStep(8);
    QCOMPARE(panel.lesson()->current().state.next, StepKind::TreeDualUpdate);
    child<QLineEdit>(panel, "valueInput")->setText("1");
    QTest::mouseClick(check, Qt::LeftButton);
    QVERIFY2(verdict->text().contains("Right: theta = 1"), qPrintable(verdict->text()));
    QCOMPARE(panel.lesson()->frames().back().stepValue, int64_t(15));

    method->setCurrentIndex(method->findText("ROMA 4-cycle flips (Hovland)"));
    QVERIFY(panel.startLesson());
    QCOMPARE(panel.lesson()->problem().method, LessonMethod::Roma);
    panel.showStep(1);
    QCOMPARE(panel.pseudocode()->currentLine(), 0);  // "M := an initial perfect matching"
    const auto& frames = panel.lesson()->frames();
    const auto flip = std::find_if(frames.begin(), frames.end(),
                                   [](const LessonFrame& f) { return f.state.next == StepKind::RomaFlip; });
    panel.showStep(flip->index);
    QVERIFY2(child<QLabel>(panel, "instructionLabel")->text().startsWith("Next, rows"),
             qPrintable(child<QLabel>(panel, "instructionLabel")->text()));
    child<QLineEdit>(panel, "valueInput")->setText(QString::number(flip->state.upcoming.value));
    QTest::mouseClick(check, Qt::LeftButton);
    QCOMPARE(panel.lesson()->cursor(), flip->index + 1);
    QCOMPARE(panel.score().correct, 1);
  }

  // "New from bank...": the dialog's method, size, seed and question open question k of the printed bank
  // (bankQuestion), with its method chosen.
  void newFromBankOpensTheSheetsQuestion() {
    ms::views::LearnPanel panel;
    panel.resize(1280, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTimer::singleShot(0, &panel, [&] {
      auto* dialog = panel.findChild<ms::views::BankDialog*>("bankDialog");
      QVERIFY(dialog != nullptr);
      dialog->choose(LessonMethod::Tree, 6, 17, 4);
      dialog->accept();
    });
    QTest::mouseClick(child<QPushButton>(panel, "bankButton"), Qt::LeftButton);
    QVERIFY(panel.startLesson());
    const LessonProblem expected = bankQuestion(LessonMethod::Tree, 6, 17, 4);
    QVERIFY(panel.lesson()->problem().original.eigen() == expected.original.eigen());
    QCOMPARE(panel.lesson()->problem().method, LessonMethod::Tree);
    QCOMPARE(child<QComboBox>(panel, "examples")->currentText(), QString::fromStdString(expected.title));
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
    table->item(0, 0)->setText("1");
    QVERIFY(panel.startLesson());
    QCOMPARE(panel.lesson()->problem().original(0, 0), int64_t(1));
    QVERIFY(QString::fromStdString(panel.lesson()->problem().title).endsWith("(edited)"));

    child<QSpinBox>(panel, "editorRows")->setValue(1);
    child<QSpinBox>(panel, "editorColumns")->setValue(1);
    QVERIFY(!panel.startLesson());
    QVERIFY(child<QLabel>(panel, "editorMessage")
                ->text()
                .contains("2 x 2 to 10 x 10 matrices (this one is 1 x 1)"));
  }

  // Item 4: the editor takes "inf" (a forbidden pair) and names the cell of anything else it cannot read; a
  // matrix no assignment can avoid the forbidden pairs of is refused with the reason. Item 5: its cells are
  // compact.
  void editorTakesInfAndHasCompactCells() {
    ms::views::LearnPanel panel;
    panel.resize(1280, 800);
    panel.loadProblem(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* table = child<QTableWidget>(panel, "editorTable");
    QVERIFY2(table->columnWidth(0) <= 60 && table->rowHeight(0) <= 30,
             qPrintable(QString("%1 x %2").arg(table->columnWidth(0)).arg(table->rowHeight(0))));
    QVERIFY(table->width() < 400 && table->height() < 200);
    table->item(0, 2)->setText("inf");
    table->item(2, 0)->setText("INF");
    QVERIFY(panel.startLesson());
    QVERIFY(isForbiddenEntry(panel.lesson()->problem().original(0, 2)));
    // 1 2 inf / 2 4 6 / inf 6 9: the assignments avoiding the two forbidden pairs cost 14, 13 and 13.
    QCOMPARE(panel.lesson()->frames().back().stepValue, int64_t(13));
    child<QPushButton>(panel, "editButton")->click();
    table->item(1, 1)->setText("x");
    QVERIFY(!panel.startLesson());
    QVERIFY2(child<QLabel>(panel, "editorMessage")
                 ->text()
                 .contains("row 2, column 2: 'x' is neither an integer nor inf"),
             qPrintable(child<QLabel>(panel, "editorMessage")->text()));
    table->item(1, 1)->setText("4");
    for (int i = 0; i < 3; ++i) table->item(i, 0)->setText("inf");
    QVERIFY(!panel.startLesson());
    QVERIFY(child<QLabel>(panel, "editorMessage")
                ->text()
                .contains("no assignment avoids the forbidden (inf) entries"));
  }

  // Item 1: every pair of colours a lesson draws stays apart for normal vision and the three dichromacies.
  void tintsStayDistinctInEveryVision() {
    const std::vector<std::pair<const char*, QColor>> tints = {
        {"background", Qt::white},
        {"cover line", LessonColors::coverLine()},
        {"proposed line", LessonColors::draftCoverLine()},
        {"points at", LessonColors::highlightCell()},
        {"lowered", LessonColors::loweredCell()},
        {"raised", LessonColors::raisedCell()},
        {"dummy", LessonColors::dummyCell()}};
    for (const ms::test::Vision& vision : ms::test::kVisions) {
      for (std::size_t a = 0; a < tints.size(); ++a) {
        for (std::size_t b = a + 1; b < tints.size(); ++b) {
          const double d = ms::test::differenceSeen(tints[a].second, tints[b].second, vision);
          QVERIFY2(d >= 15,
                   qPrintable(QString("%1 / %2 under %3: CIE76 %4")
                                  .arg(tints[a].first, tints[b].first,
                                       QString::fromUtf8(vision.name.data(), qsizetype(vision.name.size())))
                                  .arg(d)));
        }
      }
    }
  }

  // Item 1: Pilgrim frame 17 adds 1 to the covered row 1 and subtracts it from the uncovered columns 2 and 3.
  // The cells drawn show what changed: (1,1) raised, (3,3) lowered, (2,1) unchanged; covered and changed
  // are no longer one tint.
  void tintsShowWhatTheStepChanged() {
    const MunkresLesson lesson = walkedLesson("01-pilgrim-3x3.txt");
    const LessonFrame& frame = lesson.frames()[17];
    QCOMPARE(frame.kind, StepKind::Adjust);
    const LessonLayout layout(QRectF(0, 0, 600, 600), frame.state.n);
    const QImage image = painted(frame, layout);
    const auto corner = [&](Cell c) {
      return image.pixelColor((layout.cellRect(c).topLeft() + QPointF(4, 4)).toPoint());
    };
    QVERIFY2(near(corner(at1(1, 1)), LessonColors::raisedCell()), qPrintable(describe(corner(at1(1, 1)))));
    QVERIFY2(near(corner(at1(3, 3)), LessonColors::loweredCell()), qPrintable(describe(corner(at1(3, 3)))));
    QVERIFY2(near(corner(at1(2, 1)), Qt::white), qPrintable(describe(corner(at1(2, 1)))));
    QVERIFY2(near(corner(at1(2, 2)), LessonColors::highlightCell()), qPrintable(describe(corner(at1(2, 2)))));
  }

  // Item 1: covering lines hide neither the R/C labels nor the digits they cross (Pilgrim frame 16: row 1
  // and column 1 covered).
  void coverLinesLeaveLabelsAndDigitsVisible() {
    const MunkresLesson lesson = walkedLesson("01-pilgrim-3x3.txt");
    const LessonFrame& frame = lesson.frames()[16];
    QCOMPARE(coveredRows(frame.state), lines1({1}));
    const LessonLayout layout(QRectF(0, 0, 600, 600), frame.state.n);
    const QImage image = painted(frame, layout);
    const auto lineColoured = [&](QRectF box) {
      int count = 0;
      for (int y = int(box.top()); y <= int(box.bottom()); ++y) {
        for (int x = int(box.left()); x <= int(box.right()); ++x)
          count += near(image.pixelColor(x, y), LessonColors::coverLine(), 20);
      }
      return count;
    };
    const double cell = layout.cellSize();
    const auto around = [&](QPointF centre, double w, double h) {
      return QRectF(centre - QPointF(w * cell / 2, h * cell / 2), QSizeF(w * cell, h * cell));
    };
    QCOMPARE(lineColoured(around(layout.rowHeader(0).center(), 0.4, 0.3)), 0);         // "R1"
    QCOMPARE(lineColoured(around(layout.columnHeader(0).center(), 0.4, 0.3)), 0);      // "C1"
    QCOMPARE(lineColoured(around(layout.cellRect(at1(1, 3)).center(), 0.2, 0.3)), 0);  // a digit on row 1
    QCOMPARE(lineColoured(around(layout.cellRect(at1(3, 1)).center(), 0.2, 0.3)), 0);  // a digit on column 1
    QVERIFY(lineColoured(around(layout.cellRect(at1(1, 3)).center() + QPointF(0.35 * cell, 0), 0.1, 0.1)) >
            0);
  }

  // Item 1: the legend is on screen beside the matrix, naming every colour.
  void legendIsOnScreen() {
    ms::views::LearnPanel panel;
    panel.resize(1280, 800);
    panel.loadProblem(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    QVERIFY(panel.startLesson());
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* legend = child<QLabel>(panel, "legend");
    QVERIFY(legend->isVisible());
    for (const ms::views::LegendEntry& entry : ms::views::lessonLegend()) {
      QVERIFY2(legend->text().contains(entry.text.toHtmlEscaped()), qPrintable(entry.text));
      QVERIFY(legend->text().contains(entry.color.name()));
    }
  }

  // Item 2: the list decides the lesson: choosing an example is enough for Start to run it.
  void listSelectionDecidesTheLesson() {
    ms::views::LearnPanel panel;
    auto* examples = child<QComboBox>(panel, "examples");
    for (const int index : {2, 0, 4, 1}) {
      examples->setCurrentIndex(index);
      QVERIFY(panel.startLesson());
      QCOMPARE(QString::fromStdString(panel.lesson()->problem().title), examples->currentText());
      QVERIFY(child<QLabel>(panel, "headingLabel")->text().startsWith(examples->currentText()));
    }
    // A file opened from elsewhere joins the list, selected, so the list never contradicts the lesson.
    QTemporaryDir dir;
    const std::string own = dir.filePath("own.txt").toStdString();
    std::ofstream(own) << "# title: My own\n1 2\n3 4\n";
    QVERIFY(panel.openLessonFile(own));
    QCOMPARE(examples->currentText(), QString("My own"));
    QVERIFY(panel.startLesson());
    QCOMPARE(panel.lesson()->problem().title, std::string("My own"));
    // So does a problem handed over by a program (the studio, --generate), and it can be chosen again.
    LessonProblem handed = randomLessonProblem(4, 99);
    handed.title = "Handed over";
    panel.loadProblem(handed);
    QCOMPARE(examples->currentText(), QString("Handed over"));
    examples->setCurrentIndex(examples->findText("My own"));
    examples->setCurrentIndex(examples->findText("Handed over"));
    QVERIFY(panel.startLesson());
    QCOMPARE(panel.lesson()->problem().title, std::string("Handed over"));
    examples->setCurrentIndex(examples->count() - 2);  // random integers: size and seed decide
    const QList<QSpinBox*> spins = panel.findChildren<QSpinBox*>();
    QSpinBox* seed =
        *std::find_if(spins.begin(), spins.end(), [](QSpinBox* b) { return b->prefix() == "seed "; });
    seed->setValue(17);
    QVERIFY(panel.startLesson());
    const auto& original = panel.lesson()->problem().original;
    const LessonProblem expected = randomLessonProblem(5, 17);
    QVERIFY(std::equal(original.data(), original.data() + original.size(), expected.original.data()));
  }

  // Item 2: a failed open keeps the lesson in progress, its score and the page, and says why.
  void failedOpenKeepsTheLesson() {
    ms::views::LearnPanel panel;
    panel.loadProblem(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    QVERIFY(panel.startLesson());
    panel.setExerciseMode(true);
    child<QLineEdit>(panel, "valueInput")->setText("2");
    child<QPushButton>(panel, "checkButton")->click();
    const auto* lesson = panel.lesson();
    const Score score = panel.score();
    QTemporaryDir dir;
    const std::string bad = dir.filePath("bad.txt").toStdString();
    std::ofstream(bad) << "1 2\n3\n";
    QVERIFY(!panel.openLessonFile(bad));
    QCOMPARE(panel.lesson(), lesson);
    QCOMPARE(panel.lesson()->cursor(), 0);
    QCOMPARE(panel.score(), score);
    QVERIFY(panel.canvas()->isVisibleTo(&panel));
    QVERIFY(child<QLabel>(panel, "editorMessage")->text().startsWith(QString::fromStdString(bad)));
    QVERIFY(child<QLabel>(panel, "editorMessage")->isVisibleTo(&panel));
  }

  // Item 5: nothing below the matrix moves when a verdict appears, grows or clears, or the narration
  // changes length, so repeated clicks on ">" land on it.
  void layoutStaysPutWhenVerdictsComeAndGo() {
    ms::views::LearnPanel panel;
    panel.resize(1280, 800);
    panel.loadProblem(readLessonFile(lessonPath("03-winston-machineco.txt")));
    QVERIFY(panel.startLesson());
    panel.setExerciseMode(true);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* forward = child<QPushButton>(panel, "forwardButton");
    auto* check = child<QPushButton>(panel, "checkButton");
    const auto where = [&] {
      return std::make_pair(forward->mapTo(&panel, QPoint()), check->mapTo(&panel, QPoint()));
    };
    const auto start = where();
    child<QLineEdit>(panel, "valueInput")->setText("14");
    check->click();
    QVERIFY(!child<QLabel>(panel, "verdictLabel")->text().isEmpty());
    QApplication::processEvents();
    QCOMPARE(where(), start);
    for (int k = 0; k < 12; ++k) {
      QTest::mouseClick(forward, Qt::LeftButton);
      QApplication::processEvents();
      QCOMPARE(where(), start);
    }
    QCOMPARE(panel.lesson()->cursor(), 12);
  }

  // Item 5: Left and Right in the answer box step the lesson; they do not move the text cursor.
  void answerBoxPassesLeftAndRight() {
    ms::views::LearnPanel panel;
    panel.loadProblem(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    QVERIFY(panel.startLesson());
    panel.setExerciseMode(true);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* value = child<QLineEdit>(panel, "valueInput");
    value->setFocus();
    QTest::keyClicks(value, "12");
    QTest::keyClick(value, Qt::Key_Right);
    QCOMPARE(panel.lesson()->cursor(), 1);
    QTest::keyClick(value, Qt::Key_Left);
    QCOMPARE(panel.lesson()->cursor(), 0);
    QVERIFY(value->text().isEmpty());  // each step starts with an empty answer
  }

  // Item 3: the adjustment is done by the learner, cell by cell, in a table that takes the graph's place
  // (so nothing else moves); each wrong cell is listed.
  void adjustmentTypedCellByCell() {
    ms::views::LearnPanel panel;
    panel.resize(1280, 800);
    LessonProblem problem = readLessonFile(lessonPath("03-winston-machineco.txt"));
    problem.method = LessonMethod::Lines;
    panel.loadProblem(problem);
    QVERIFY(panel.startLesson());
    panel.showStep(9);
    panel.setExerciseMode(true);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* table = child<QTableWidget>(panel, "matrixInput");
    QVERIFY(table->isVisible() && !panel.graph()->isVisible());
    const std::vector<int64_t> after = panel.lesson()->frames()[10].state.values;
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) table->item(i, j)->setText(QString::number(after[std::size_t(i * 4 + j)]));
    }
    table->item(1, 3)->setText("1");  // (2,4) left as it was
    table->item(0, 0)->setText("9");  // the crossing (1,1) left as it was
    child<QPushButton>(panel, "checkButton")->click();
    const QString verdict = child<QLabel>(panel, "verdictLabel")->text();
    QVERIFY2(verdict.contains("2 mistakes:") && verdict.contains("Row 1, column 1: 9 should be 10") &&
                 verdict.contains("Row 2, column 4: 1 should be 0"),
             qPrintable(verdict));
    QCOMPARE(panel.lesson()->cursor(), 9);
    if (const QByteArray shot = qgetenv("MATCHSCOPE_EXERCISE_SCREENSHOT"); !shot.isEmpty())
      panel.grab().save(QString::fromLocal8Bit(shot));  // docs/images/learn-exercise.png
    table->item(1, 3)->setText("0");
    table->item(0, 0)->setText("10");
    child<QPushButton>(panel, "checkButton")->click();
    QCOMPARE(panel.lesson()->cursor(), 10);
    QVERIFY(!table->isVisible() && panel.graph()->isVisible());  // the next step is drawing lines again
  }

  // Item 3: the end of an exercise shows a summary: the score and the result.
  void summaryAtTheEnd() {
    ms::views::LearnPanel panel;
    panel.loadProblem(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    QVERIFY(panel.startLesson());
    panel.setExerciseMode(true);
    child<QLineEdit>(panel, "valueInput")->setText("1");
    child<QPushButton>(panel, "checkButton")->click();
    child<QPushButton>(panel, "lastButton")->click();
    QVERIFY(panel.lesson()->finished());
    const QString verdict = child<QLabel>(panel, "verdictLabel")->text();
    QVERIFY2(
        verdict.contains("Lesson finished. 1 of 23 steps right at the first answer, 0 wrong, 22 skipped, 0 "
                         "hints."),
        qPrintable(verdict));
    QVERIFY(verdict.contains("Total cost: 10."));
  }

  // Item 5: the counter and the scrubber show the lesson's length from the start.
  void counterShowsTheLessonLength() {
    ms::views::LearnPanel panel;
    panel.loadProblem(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    QVERIFY(panel.startLesson());
    auto* scrubber = child<QSlider>(panel, "scrubber");
    QCOMPARE(scrubber->maximum(), 24);
    QCOMPARE(scrubber->value(), 0);
    QVERIFY(panel.findChildren<QLabel*>().end() !=
            std::find_if(panel.findChildren<QLabel*>().begin(), panel.findChildren<QLabel*>().end(),
                         [](QLabel* l) { return l->text() == "0 / 24"; }));
  }

  // The pseudocode panel beside the matrix highlights the line of the step shown, at every frame of every
  // lesson kind, and lists the frame's variables.
  void pseudocodeFollowsEveryFrame() {
    for (const LessonMethod method :
         {LessonMethod::Stars, LessonMethod::Lines, LessonMethod::Tree, LessonMethod::Roma}) {
      ms::views::LearnPanel panel;
      panel.resize(1280, 800);
      LessonProblem problem = readLessonFile(lessonPath("03-winston-machineco.txt"));
      problem.method = method;
      panel.loadProblem(problem);
      QVERIFY(panel.startLesson());
      panel.show();
      QVERIFY(QTest::qWaitForWindowExposed(&panel));
      ms::views::PseudocodeView* view = panel.pseudocode();
      QVERIFY(view->isVisible());
      const int last = int(panel.lesson()->frames().size()) - 1;
      for (int k = 1; k <= last; ++k) {
        child<QPushButton>(panel, "forwardButton")->click();
        const LessonFrame& frame = panel.lesson()->current();
        QCOMPARE(view->currentLine(), lessonLine(frame));
        QVERIFY(view->currentLine() >= 0);
        QCOMPARE(view->variables(), lessonVariables(frame));
        const QImage shot = view->grab().toImage();
        const QRect line = view->lineRect(view->currentLine());
        QVERIFY2(near(shot.pixelColor(line.right() - 4, line.center().y()),
                      ms::views::PseudocodeView::currentLineColor()),
                 qPrintable(QString("frame %1").arg(k)));
        if (view->currentLine() > 0) {
          const QRect above = view->lineRect(view->currentLine() - 1);
          QVERIFY(!near(shot.pixelColor(above.right() - 4, above.center().y()),
                        ms::views::PseudocodeView::currentLineColor()));
        }
      }
    }
  }

  // The bipartite graph beside the matrix: an edge per zero, the stars drawn as the matching, duals at the
  // vertices; clicking a vertex selects its row or column in the matrix, clicking a cell selects its edge.
  void bipartiteGraphFollowsTheMatrix() {
    ms::views::LearnPanel panel;
    panel.resize(1280, 800);
    panel.loadProblem(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    QVERIFY(panel.startLesson());
    panel.showStep(16);  // stars (1,2) (2,1); row 1 and column 1 covered; duals u = 0 2 3, v = 0 1 1
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    ms::views::BipartiteView* graph = panel.graph();
    QVERIFY(graph->isVisible());
    const QImage shot = graph->grab().toImage();
    const auto mid = [&](Cell c) {
      return ((graph->rowVertex(c.row) + graph->columnVertex(c.col)) / 2).toPoint();
    };
    QVERIFY2(near(shot.pixelColor(mid(at1(1, 2))), LessonColors::star(), 40),
             qPrintable(describe(shot.pixelColor(mid(at1(1, 2))))));
    // (1,1) is a zero but not starred: a thin grey edge. (2,2) is 1: no edge, white.
    QVERIFY(!near(shot.pixelColor(mid(at1(1, 1))), LessonColors::star(), 40));
    const QPoint noEdge =
        (graph->rowVertex(1) + (graph->columnVertex(1) - graph->rowVertex(1)) * 0.2).toPoint();
    QVERIFY2(near(shot.pixelColor(noEdge), Qt::white), qPrintable(describe(shot.pixelColor(noEdge))));
    // Row 1 is covered: its vertex is filled in the covering-line colour.
    const QPoint r1 = (graph->rowVertex(0) + QPointF(0, graph->vertexRadius() * 0.6)).toPoint();
    QVERIFY2(near(shot.pixelColor(r1), LessonColors::coverLine(), 30),
             qPrintable(describe(shot.pixelColor(r1))));

    QTest::mouseClick(graph, Qt::LeftButton, {}, graph->rowVertex(1).toPoint());
    QCOMPARE(panel.canvas()->selection(), ms::views::LessonSelection::ofRow(1));
    QTest::mouseClick(graph, Qt::LeftButton, {}, graph->columnVertex(2).toPoint());
    QCOMPARE(panel.canvas()->selection(), ms::views::LessonSelection::ofColumn(2));
    QTest::mouseClick(graph, Qt::LeftButton, {}, mid(at1(2, 1)));
    QCOMPARE(panel.canvas()->selection(), ms::views::LessonSelection::ofCell(1, 0));
    const LessonLayout layout = panel.canvas()->layout();
    QTest::mouseClick(panel.canvas(), Qt::LeftButton, {}, layout.cellRect(at1(3, 3)).center().toPoint());
    QCOMPARE(graph->selection(), ms::views::LessonSelection::ofCell(2, 2));
    QTest::mouseClick(panel.canvas(), Qt::LeftButton, {}, layout.rowHeader(0).center().toPoint());
    QCOMPARE(graph->selection(), ms::views::LessonSelection::ofRow(0));
    QTest::mouseClick(panel.canvas(), Qt::LeftButton, {}, layout.rowHeader(0).center().toPoint());
    QCOMPARE(graph->selection(), ms::views::LessonSelection{});  // a second click clears
  }

  // Item 3: the exported transcript holds the matrix, every answer with its verdict, the score and the total.
  void transcriptHoldsAnswersAndScore() {
    ms::views::LearnPanel panel;
    panel.loadProblem(readLessonFile(lessonPath("01-pilgrim-3x3.txt")));
    QVERIFY(panel.startLesson());
    panel.setExerciseMode(true);
    auto* value = child<QLineEdit>(panel, "valueInput");
    value->setText("2");
    child<QPushButton>(panel, "checkButton")->click();
    value->setText("1");
    child<QPushButton>(panel, "checkButton")->click();
    child<QPushButton>(panel, "forwardButton")->click();  // step 2 skipped
    QTemporaryDir dir;
    const std::filesystem::path folder = std::filesystem::path(dir.path().toStdString()) / "quiz";
    panel.exportLesson(folder, QSize(320, 240));
    QFile file(QString::fromStdString((folder / "transcript.txt").string()));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QVERIFY(text.contains("Answers:\nStep 1 (Reduce a row): 2 - wrong. 2 is in row 1"));
    QVERIFY(text.contains("Step 1 (Reduce a row): 1 - right (not counted: not the step's first answer)."));
    QVERIFY(text.contains("Step 2 (Reduce a row): skipped\n"));
    QVERIFY(text.contains("Score: 0 of 2 steps right at the first answer, 1 wrong, 1 skipped, 0 hints\n"));
    QVERIFY(text.endsWith("\ntotal: 10\n"));
    // The printable sheet lists the answers in their verdicts' colours: one wrong (red), one right (green).
    const QImage sheet(QString::fromStdString((folder / "sheet.png").string()));
    QCOMPARE(sheet.size(), QSize(1240, 1754));
    int red = 0, green = 0;
    for (int y = 0; y < sheet.height(); y += 2) {
      for (int x = 0; x < sheet.width(); x += 2) {
        red += near(sheet.pixelColor(x, y), QColor(176, 0, 32), 10);
        green += near(sheet.pixelColor(x, y), QColor(27, 127, 59), 10);
      }
    }
    QVERIFY2(red > 20 && green > 20, qPrintable(QString("%1 red, %2 green").arg(red).arg(green)));
  }
};

QTEST_MAIN(TestLearnPanel)
#include "test_learn_panel.moc"

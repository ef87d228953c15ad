#include "views/teaching/quiz_sheet.h"

#include <QCoreApplication>
#include <QPainter>

#include "solver/lap/teaching/munkres_method.h"
#include "solver/lap/teaching/narration_text.h"
#include "views/teaching/lesson_painter.h"

namespace ms::views {

namespace teaching = lap::teaching;

namespace {

QString tr(const char* text) {
  return QCoreApplication::translate("QuizSheet", text);
}

// Draws wrapped text from the top of `area`, returns the height used.
double paragraph(QPainter& painter, const QRectF& area, const QString& text, int flags = Qt::TextWordWrap) {
  const QRectF used = painter.boundingRect(area, Qt::AlignLeft | Qt::AlignTop | flags, text);
  painter.drawText(area, Qt::AlignLeft | Qt::AlignTop | flags, text);
  return used.height();
}

}  // namespace

QImage renderQuizSheet(const teaching::LessonProblem& problem,
                       const std::vector<teaching::LessonFrame>& frames,
                       const teaching::ExerciseChecker* quiz) {
  QImage image(kQuizSheetSize, QImage::Format_RGB32);
  image.fill(Qt::white);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  const double margin = 90;
  const double width = kQuizSheetSize.width() - 2 * margin;
  double y = margin;
  QFont font = painter.font();
  font.setPixelSize(34);
  font.setBold(true);
  painter.setFont(font);
  painter.setPen(QColor(20, 20, 20));
  y += paragraph(painter, QRectF(margin, y, width, 100), QString::fromStdString(problem.title)) + 8;
  font.setPixelSize(20);
  font.setBold(false);
  painter.setFont(font);
  painter.setPen(QColor(80, 80, 80));
  y += paragraph(painter, QRectF(margin, y, width, 80),
                 tr("Source: %1. Method: %2. Goal: %3.")
                     .arg(QString::fromStdString(problem.source),
                          QString::fromUtf8(teaching::lessonMethodName(problem.method).data()),
                          problem.maximize ? tr("maximise profit") : tr("minimise cost"))) +
       20;

  // The matrix as given and the final frame side by side.
  const double panel = (width - 40) / 2;
  painter.setPen(QColor(20, 20, 20));
  painter.drawText(QRectF(margin, y, panel, 28), tr("The problem"));
  painter.drawText(QRectF(margin + panel + 40, y, panel, 28), problem.method == teaching::LessonMethod::Roma
                                                                  ? tr("ROMA's assignment (starred)")
                                                                  : tr("The optimal assignment (starred)"));
  y += 30;
  paintLessonFrame(painter, LessonLayout(QRectF(margin, y, panel, panel), frames.front().state.n),
                   frames.front());
  paintLessonFrame(painter, LessonLayout(QRectF(margin + panel + 40, y, panel, panel), frames.back().state.n),
                   frames.back());
  y += panel + 16;
  y +=
      paragraph(painter, QRectF(margin, y, width, 200), QString::fromStdString(frames.back().narration)) + 24;

  if (quiz != nullptr && !quiz->log().empty()) {
    font.setBold(true);
    painter.setFont(font);
    y += paragraph(painter, QRectF(margin, y, width, 40),
                   tr("Score: %1").arg(QString::fromStdString(teaching::scoreSummary(quiz->score())))) +
         10;
    font.setBold(false);
    font.setPixelSize(16);
    painter.setFont(font);
    const double bottom = kQuizSheetSize.height() - margin;
    for (const teaching::QuizEntry& entry : quiz->log()) {
      QString line = tr("Step %1 (%2): ")
                         .arg(entry.step)
                         .arg(QString::fromUtf8(teaching::stepTitle(entry.stepKind).data()));
      switch (entry.kind) {
        case teaching::QuizEntry::Kind::Answer:
          painter.setPen(entry.correct ? QColor(27, 127, 59) : QColor(176, 0, 32));
          line += QString::fromStdString(entry.answer) + " - " + (entry.correct ? tr("right") : tr("wrong")) +
                  (entry.counted ? "" : tr(" (not counted)")) + ". " + QString::fromStdString(entry.verdict);
          break;
        case teaching::QuizEntry::Kind::Hint:
          painter.setPen(QColor(90, 90, 90));
          line += tr("hint: ") + QString::fromStdString(entry.verdict);
          break;
        case teaching::QuizEntry::Kind::Skip:
          painter.setPen(QColor(90, 90, 90));
          line += tr("skipped");
          break;
      }
      const double height =
          painter.boundingRect(QRectF(margin, y, width, 400), Qt::TextWordWrap, line).height();
      if (y + height > bottom) {
        painter.setPen(QColor(90, 90, 90));
        painter.drawText(QRectF(margin, y, width, 30), tr("... (the full list is in transcript.txt)"));
        break;
      }
      y += paragraph(painter, QRectF(margin, y, width, height + 4), line) + 6;
    }
  }
  return image;
}

}  // namespace ms::views

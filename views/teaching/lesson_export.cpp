#include "views/teaching/lesson_export.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QPainter>
#include <cstdio>
#include <ostream>
#include <stdexcept>

#include "solver/core/atomic_file.h"
#include "solver/lap/teaching/lesson_transcript.h"
#include "solver/lap/teaching/munkres_method.h"
#include "views/teaching/bank_sheet.h"
#include "views/teaching/lesson_painter.h"
#include "views/teaching/quiz_sheet.h"

namespace ms::views {

namespace {

QString tr(const char* text) {
  return QCoreApplication::translate("LessonExport", text);
}

void writePng(const QImage& image, const std::filesystem::path& path) {
  QByteArray png;
  QBuffer buffer(&png);
  buffer.open(QIODevice::WriteOnly);
  if (!image.save(&buffer, "PNG")) throw std::runtime_error(path.string() + ": PNG encoding failed");
  writeFileAtomically(path, [&](std::ostream& out) { out.write(png.constData(), png.size()); });
}

}  // namespace

double paintLegendEntry(QPainter& painter, const LegendEntry& entry, QPointF left, double swatch) {
  double x = left.x();
  if (entry.shape != LegendEntry::Shape::Text) {
    const QRectF box(x, left.y() - swatch / 2, swatch, swatch);
    if (entry.shape == LegendEntry::Shape::Swatch) {
      painter.fillRect(box, entry.color);
      painter.setPen(QColor(150, 150, 150));
      painter.drawRect(box);
    } else {
      painter.fillRect(box.adjusted(0, swatch * 0.3, 0, -swatch * 0.3), entry.color);
    }
    x += swatch * 1.4;
  }
  painter.setPen(entry.shape == LegendEntry::Shape::Text ? entry.color : QColor(40, 40, 40));
  const double width = painter.fontMetrics().horizontalAdvance(entry.text);
  painter.drawText(QRectF(x, left.y() - swatch, width + 2, swatch * 2), Qt::AlignLeft | Qt::AlignVCenter,
                   entry.text);
  return x + width - left.x();
}

QImage renderLessonSlide(const lap::teaching::LessonProblem& problem, const lap::teaching::LessonFrame& frame,
                         int32_t lastIndex, QSize size) {
  QImage image(size, QImage::Format_RGB32);
  image.fill(Qt::white);
  QPainter painter(&image);
  const double margin = size.width() * 0.03;
  const QRectF page = QRectF(QPointF(0, 0), QSizeF(size)).adjusted(margin, margin, -margin, -margin);

  // Two heading lines: the lesson, then the step in bold.
  QFont font = painter.font();
  font.setPixelSize(std::max(9, size.height() / 44));
  painter.setFont(font);
  painter.setPen(QColor(90, 90, 90));
  const QRectF titleRect(page.left(), page.top(), page.width(), font.pixelSize() * 1.5);
  painter.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                   painter.fontMetrics().elidedText(QString::fromStdString(problem.title), Qt::ElideRight,
                                                    static_cast<int>(titleRect.width())));
  font.setPixelSize(std::max(10, size.height() / 34));
  font.setBold(true);
  painter.setFont(font);
  painter.setPen(QColor(20, 20, 20));
  const QString heading =
      tr("Step %1 of %2: ").arg(frame.index).arg(lastIndex) +
      QString::fromUtf8(lap::teaching::stepTitle(frame.kind).data(),
                        static_cast<qsizetype>(lap::teaching::stepTitle(frame.kind).size()));
  const QRectF headingRect(page.left(), titleRect.bottom(), page.width(), font.pixelSize() * 1.6);
  painter.drawText(headingRect, Qt::AlignLeft | Qt::AlignVCenter, heading);

  font.setBold(false);
  font.setPixelSize(std::max(9, size.height() / 44));
  painter.setFont(font);
  const double narrationHeight = page.height() * 0.2;
  const QRectF narrationRect(page.left(), page.bottom() - narrationHeight, page.width(), narrationHeight);
  painter.drawText(narrationRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   QString::fromStdString(frame.narration));

  // The legend under the matrix, wrapped to as many lines as it needs.
  const double lineHeight = font.pixelSize() * 1.6, swatch = font.pixelSize() * 0.9;
  const std::vector<LegendEntry> legend = lessonLegend();
  std::vector<std::vector<const LegendEntry*>> legendLines(1);
  double used = 0;
  for (const LegendEntry& entry : legend) {
    const double width =
        swatch * 1.4 + painter.fontMetrics().horizontalAdvance(entry.text) + font.pixelSize() * 1.5;
    if (used + width > page.width() && !legendLines.back().empty()) {
      legendLines.emplace_back();
      used = 0;
    }
    legendLines.back().push_back(&entry);
    used += width;
  }
  const QRectF legendRect(page.left(),
                          narrationRect.top() - lineHeight * static_cast<double>(legendLines.size()),
                          page.width(), lineHeight * static_cast<double>(legendLines.size()));
  for (std::size_t line = 0; line < legendLines.size(); ++line) {
    double x = legendRect.left();
    const double y = legendRect.top() + lineHeight * static_cast<double>(line);
    for (const LegendEntry* entry : legendLines[line]) {
      x += paintLegendEntry(painter, *entry, QPointF(x, y + lineHeight / 2), swatch) + font.pixelSize() * 1.5;
    }
  }
  painter.setPen(QColor(20, 20, 20));

  const QRectF matrixArea(page.left(), headingRect.bottom(), page.width(),
                          legendRect.top() - headingRect.bottom());
  paintLessonFrame(painter, LessonLayout(matrixArea, frame.state.n), frame);
  return image;
}

std::string slideFileName(int32_t index) {
  char name[32];
  std::snprintf(name, sizeof name, "step_%03d.png", index);
  return name;
}

int32_t exportLesson(const lap::teaching::LessonProblem& problem,
                     const std::vector<lap::teaching::LessonFrame>& frames,
                     const std::filesystem::path& folder, QSize slideSize,
                     const lap::teaching::ExerciseChecker* quiz) {
  std::filesystem::create_directories(folder);
  const int32_t lastIndex = frames.empty() ? 0 : frames.back().index;
  for (const lap::teaching::LessonFrame& frame : frames) {
    writePng(renderLessonSlide(problem, frame, lastIndex, slideSize), folder / slideFileName(frame.index));
  }
  if (!frames.empty() && frames.back().kind == lap::teaching::StepKind::Result)
    writePng(renderQuizSheet(problem, frames, quiz), folder / "sheet.png");
  lap::teaching::writeLessonTranscript(folder / "transcript.txt", problem, frames, quiz);
  return static_cast<int32_t>(frames.size());
}

std::vector<lap::teaching::BankEntry> exportQuestionBank(const lap::teaching::BankSpec& spec,
                                                         const std::filesystem::path& folder) {
  const std::vector<lap::teaching::BankEntry> bank = lap::teaching::questionBank(spec);
  std::filesystem::create_directories(folder);
  const auto writePages = [&](const std::vector<QImage>& pages, const char* stem) {
    for (std::size_t k = 0; k < pages.size(); ++k) {
      const std::string number = std::to_string(k + 1);
      writePng(pages[k], folder / (std::string(stem) + "-" + (k + 1 < 10 ? "0" : "") + number + ".png"));
    }
  };
  writePages(renderBankQuestions(spec, bank), "questions");
  writePages(renderBankAnswers(spec, bank), "answers");
  const auto writeText = [&](const std::string& text, const char* name) {
    writeFileAtomically(folder / name, [&](std::ostream& out) { out << text; });
  };
  writeText(lap::teaching::bankQuestionsText(spec, bank), "questions.txt");
  writeText(lap::teaching::bankAnswerKeyText(spec, bank), "answers.txt");
  return bank;
}

}  // namespace ms::views

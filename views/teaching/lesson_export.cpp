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
#include "views/teaching/lesson_painter.h"

namespace ms::views {

namespace {

QString tr(const char* text) {
  return QCoreApplication::translate("LessonExport", text);
}

}  // namespace

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

  // A legend line under the matrix, in the colours of the marks it explains.
  const double legendHeight = font.pixelSize() * 1.8;
  const QRectF legendRect(page.left(), narrationRect.top() - legendHeight, page.width(), legendHeight);
  const std::pair<QString, QColor> legend[] = {
      {tr("0* starred zero"), LessonColors::star()},
      {QString("0") + QChar(0x2032) + " " + tr("primed zero"), LessonColors::prime()},
      {tr("thick line: covered row or column"), LessonColors::coverLine()},
      {tr("arrows: alternating path"), LessonColors::path()}};
  double x = legendRect.left();
  for (const auto& [text, color] : legend) {
    painter.setPen(QColor(color.red(), color.green(), color.blue()));
    const QRectF where(x, legendRect.top(), legendRect.width(), legendRect.height());
    painter.drawText(where, Qt::AlignLeft | Qt::AlignVCenter, text);
    x += painter.fontMetrics().horizontalAdvance(text) + font.pixelSize() * 2;
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
                     const std::filesystem::path& folder, QSize slideSize) {
  std::filesystem::create_directories(folder);
  const int32_t lastIndex = frames.empty() ? 0 : frames.back().index;
  for (const lap::teaching::LessonFrame& frame : frames) {
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    const std::filesystem::path path = folder / slideFileName(frame.index);
    if (!renderLessonSlide(problem, frame, lastIndex, slideSize).save(&buffer, "PNG")) {
      throw std::runtime_error(path.string() + ": PNG encoding failed");
    }
    writeFileAtomically(path, [&](std::ostream& out) { out.write(png.constData(), png.size()); });
  }
  lap::teaching::writeLessonTranscript(folder / "transcript.txt", problem, frames);
  return static_cast<int32_t>(frames.size());
}

}  // namespace ms::views

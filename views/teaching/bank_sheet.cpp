#include "views/teaching/bank_sheet.h"

#include <QCoreApplication>
#include <QPainter>
#include <algorithm>
#include <functional>

#include "solver/lap/teaching/munkres_method.h"
#include "solver/lap/teaching/narration_text.h"
#include "views/teaching/lesson_painter.h"
#include "views/teaching/quiz_sheet.h"

namespace ms::views {

namespace teaching = lap::teaching;

namespace {

QString tr(const char* text) {
  return QCoreApplication::translate("BankSheet", text);
}

constexpr double kMargin = 90;
constexpr double kCaption = 34;     // a question's caption above its matrix
constexpr double kCellPixels = 42;  // matrix cells stay at least this large, headers included
constexpr double kHeadingHeight = 110;

// Pages of questions in two columns; `panel` draws question k into its square and returns the caption.
std::vector<QImage> renderPages(const teaching::BankSpec& spec, const QString& heading, int32_t count,
                                const std::function<QString(QPainter&, int32_t, const QRectF&)>& panel) {
  const double width = kQuizSheetSize.width() - 2 * kMargin;
  const double column = (width - 40) / 2;
  const double square = std::min(column, (spec.n + 1.5) * kCellPixels);
  const double rowHeight = kCaption + square + 24;
  const int perColumn =
      std::max(1, static_cast<int>((kQuizSheetSize.height() - 2 * kMargin - kHeadingHeight) / rowHeight));
  const int perPage = 2 * perColumn;
  std::vector<QImage> pages;
  for (int32_t first = 0; first < count; first += perPage) {
    QImage image(kQuizSheetSize, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    QFont font = painter.font();
    font.setPixelSize(30);
    font.setBold(true);
    painter.setFont(font);
    painter.setPen(QColor(20, 20, 20));
    painter.drawText(QRectF(kMargin, kMargin, width, 44), Qt::AlignLeft | Qt::AlignTop, heading);
    font.setPixelSize(18);
    font.setBold(false);
    painter.setFont(font);
    painter.setPen(QColor(80, 80, 80));
    painter.drawText(
        QRectF(kMargin, kMargin + 46, width, 30), Qt::AlignLeft | Qt::AlignTop,
        QString::fromStdString(teaching::bankTitle(spec)) +
            tr(". Page %1 of %2.").arg(first / perPage + 1).arg((count + perPage - 1) / perPage));
    for (int32_t k = first; k < std::min(count, first + perPage); ++k) {
      const int slot = k - first;
      const double x = kMargin + (slot % 2) * (column + 40);
      const double y = kMargin + kHeadingHeight + (slot / 2) * rowHeight;
      const QRectF area(x, y + kCaption, square, square);
      painter.save();
      const QString caption = panel(painter, k, area);
      painter.restore();
      painter.setPen(QColor(20, 20, 20));
      QFont captionFont = font;
      captionFont.setPixelSize(20);
      captionFont.setBold(true);
      painter.setFont(captionFont);
      painter.drawText(QRectF(x, y, column, kCaption), Qt::AlignLeft | Qt::AlignVCenter, caption);
      painter.setFont(font);
    }
    painter.end();
    pages.push_back(std::move(image));
  }
  return pages;
}

}  // namespace

std::vector<QImage> renderBankQuestions(const teaching::BankSpec& spec,
                                        const std::vector<teaching::BankEntry>& bank) {
  return renderPages(spec, tr("Questions: minimise the total cost"), static_cast<int32_t>(bank.size()),
                     [&](QPainter& painter, int32_t k, const QRectF& area) {
                       const teaching::LessonFrame start = teaching::startFrame(bank[std::size_t(k)].problem);
                       paintLessonFrame(painter, LessonLayout(area, start.state.n), start);
                       return tr("Question %1").arg(k + 1);
                     });
}

std::vector<QImage> renderBankAnswers(const teaching::BankSpec& spec,
                                      const std::vector<teaching::BankEntry>& bank) {
  return renderPages(spec, tr("Answer key"), static_cast<int32_t>(bank.size()),
                     [&](QPainter& painter, int32_t k, const QRectF& area) {
                       const teaching::LessonFrame& result = bank[std::size_t(k)].result;
                       paintLessonFrame(painter, LessonLayout(area, result.state.n), result);
                       return tr("Question %1: total %2")
                           .arg(k + 1)
                           .arg(QString::fromStdString(teaching::number(result.stepValue)));
                     });
}

}  // namespace ms::views

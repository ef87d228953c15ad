#include "views/pseudocode/pseudocode_view.h"

#include <QFontDatabase>
#include <QPainter>

namespace ms::views {

PseudocodeView::PseudocodeView(QWidget* parent) : QWidget(parent) {
  QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  mono.setPointSizeF(font().pointSizeF() * 0.95);
  setFont(mono);
  setAutoFillBackground(true);
  QPalette colours = palette();
  colours.setColor(QPalette::Window, QColor(250, 250, 247));
  setPalette(colours);
}

void PseudocodeView::setListing(const PseudocodeListing* listing) {
  listing_ = listing != nullptr ? *listing : PseudocodeListing{};
  current_ = -1;
  variables_.clear();
  updateGeometry();
  update();
}

void PseudocodeView::setCurrentLine(int32_t line) {
  current_ = line >= 0 && line < static_cast<int32_t>(listing_.lines.size()) ? line : -1;
  update();
}

void PseudocodeView::setVariables(PseudocodeVariables variables) {
  variables_ = std::move(variables);
  updateGeometry();
  update();
}

int PseudocodeView::lineHeight() const {
  return fontMetrics().lineSpacing() + 2;
}

int PseudocodeView::titleHeight() const {
  return lineHeight() + 6;
}

QRect PseudocodeView::lineRect(int32_t line) const {
  return QRect(4, titleHeight() + line * lineHeight(), width() - 8, lineHeight());
}

QSize PseudocodeView::sizeHint() const {
  int widest = fontMetrics().horizontalAdvance(QString::fromStdString(listing_.title));
  for (const std::string& line : listing_.lines)
    widest = std::max(widest, fontMetrics().horizontalAdvance(QString::fromStdString(line)) + 36);
  const auto rows = static_cast<int>(listing_.lines.size() + variables_.size()) + 1;
  return {widest + 16, titleHeight() + rows * lineHeight() + 12};
}

void PseudocodeView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  QFont bold = font();
  bold.setBold(true);
  painter.setFont(bold);
  painter.setPen(QColor(40, 40, 40));
  painter.drawText(
      QRect(6, 2, width() - 12, titleHeight()), Qt::AlignLeft | Qt::AlignVCenter,
      fontMetrics().elidedText(QString::fromStdString(listing_.title), Qt::ElideRight, width() - 12));
  painter.setFont(font());
  const int numberWidth = fontMetrics().horizontalAdvance("00 ");
  for (int32_t k = 0; k < static_cast<int32_t>(listing_.lines.size()); ++k) {
    const QRect rect = lineRect(k);
    if (k == current_) {
      painter.fillRect(rect, currentLineColor());
      painter.fillRect(QRect(rect.left(), rect.top(), 3, rect.height()), QColor(213, 94, 0));
    }
    painter.setPen(QColor(150, 150, 150));
    painter.drawText(rect.adjusted(6, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, QString::number(k + 1));
    painter.setPen(QColor(25, 25, 25));
    painter.drawText(rect.adjusted(6 + numberWidth, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                     QString::fromStdString(listing_.lines[static_cast<std::size_t>(k)]));
  }
  // The live variables, as name = value under the listing.
  int y = lineRect(static_cast<int32_t>(listing_.lines.size())).top() + 6;
  painter.setPen(QColor(200, 200, 200));
  painter.drawLine(6, y - 3, width() - 6, y - 3);
  for (const auto& [name, value] : variables_) {
    const QRect rect(10, y, width() - 16, lineHeight());
    painter.setPen(QColor(0, 90, 181));
    const QString label = QString::fromStdString(name) + " = ";
    painter.drawText(rect, Qt::AlignLeft | Qt::AlignVCenter, label);
    painter.setPen(QColor(25, 25, 25));
    const int labelWidth = fontMetrics().horizontalAdvance(label);
    painter.drawText(
        rect.adjusted(labelWidth, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
        fontMetrics().elidedText(QString::fromStdString(value), Qt::ElideRight, rect.width() - labelWidth));
    y += lineHeight();
  }
}

}  // namespace ms::views

#include "views/legend/legend.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>

namespace ms::views {

namespace {

constexpr int kPadding = 6;
constexpr int kSwatch = 16;                  // side of one swatch
constexpr int kSwatchGap = 2;                // between swatches of one entry
constexpr int kMaxSwatches = 7;              // more colours than this cycle; the text says so
constexpr int kSwatchesWidth = 3 * kSwatch;  // an entry of several colours shares it (two rows past three)
constexpr int kEntryGap = 4;

int swatchColumn(const Legend& /*legend*/) {
  return kSwatchesWidth + 2 * kPadding;
}

QRect textRect(int width, int swatchColumnWidth) {
  return QRect(0, 0, std::max(width - swatchColumnWidth - kPadding, 40), 10000);
}

int entryHeight(const LegendEntry& entry, const QFontMetrics& metrics, int textWidth) {
  const int text = metrics.boundingRect(QRect(0, 0, textWidth, 10000), Qt::TextWordWrap, entry.text).height();
  const int swatches = entry.colours.size() > 3 && entry.mark != LegendMark::Gradient ? kSwatch + 8 : kSwatch;
  return std::max(text, swatches) + kEntryGap;
}

void paintSwatch(QPainter& painter, const QRect& box, LegendMark mark, const QColor& colour) {
  const QColor cell(90, 90, 90);  // a mid-grey cell under marks drawn on cells
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing);
  switch (mark) {
    case LegendMark::Fill:
      painter.fillRect(box, colour);
      break;
    case LegendMark::Tint: {
      painter.fillRect(box, cell);
      QColor tint = colour;
      tint.setAlphaF(0.45);
      painter.fillRect(box, tint);
      break;
    }
    case LegendMark::Frame:
      painter.fillRect(box, cell);
      painter.setPen(QPen(colour, 2.5));
      painter.drawRect(QRectF(box).adjusted(2, 2, -2, -2));
      break;
    case LegendMark::Dot:
      painter.fillRect(box, cell);
      painter.setPen(QPen(Qt::black, 1));
      painter.setBrush(colour);
      painter.drawEllipse(QRectF(box).center(), box.width() / 5.0, box.height() / 5.0);
      break;
    case LegendMark::Square:
      painter.fillRect(box, cell);
      painter.fillRect(QRectF(box).adjusted(box.width() / 5.0, box.height() / 5.0, -box.width() / 5.0,
                                            -box.height() / 5.0),
                       colour);
      break;
    case LegendMark::Line:
      painter.setPen(QPen(colour, 4, Qt::SolidLine, Qt::RoundCap));
      painter.drawLine(QPointF(box.left() + 2, box.center().y()), QPointF(box.right() - 2, box.center().y()));
      break;
    case LegendMark::Dashed:
      painter.setPen(QPen(colour, 2, Qt::DashLine));
      painter.drawLine(QPointF(box.left(), box.center().y()), QPointF(box.right(), box.center().y()));
      break;
    case LegendMark::Circle:
      painter.setPen(QPen(colour.darker(160), 1));
      painter.setBrush(colour);
      painter.drawEllipse(QRectF(box).adjusted(2, 2, -2, -2));
      break;
    case LegendMark::Ring:
      painter.setPen(QPen(colour, 2));
      painter.setBrush(Qt::NoBrush);
      painter.drawEllipse(QRectF(box).adjusted(2, 2, -2, -2));
      break;
    case LegendMark::Bar:
      painter.fillRect(QRect(box.left() + box.width() / 3, box.top() + 2, box.width() / 3, box.height() - 4),
                       colour);
      break;
    case LegendMark::Digits: {
      painter.fillRect(box, cell);
      QFont font = painter.font();
      font.setPixelSize(11);
      painter.setFont(font);
      painter.setPen(colour);
      painter.drawText(box, Qt::AlignCenter, QStringLiteral("12"));
      break;
    }
    case LegendMark::Gradient:
      break;  // whole entry (paintLegend)
  }
  painter.restore();
}

// Where the title, each entry and the note go in `width` pixels: entries fill columns of at least
// kColumnWidth, top to bottom and then left to right, the columns balanced.
struct LegendLayout {
  QRect title;
  std::vector<QRect> entries;
  QRect note;
  int height = 0;
};

LegendLayout layOut(const Legend& legend, int width, const QFont& font) {
  constexpr int kColumnWidth = 270;
  const QFontMetrics metrics(font);
  QFont bold = font;
  bold.setBold(true);
  LegendLayout layout;
  const int inner = std::max(width - 2 * kPadding, 40);
  layout.title = QRect(
      kPadding, kPadding, inner,
      QFontMetrics(bold).boundingRect(QRect(0, 0, inner, 10000), Qt::TextWordWrap, legend.title).height());
  const int top = layout.title.bottom() + 1 + kEntryGap;
  const int count = static_cast<int>(legend.entries.size());
  const int columns = std::clamp(width / kColumnWidth, 1, std::max(count, 1));
  const int columnWidth = width / columns;
  const int textWidth = textRect(columnWidth, swatchColumn(legend)).width();
  std::vector<int> heights;
  int total = 0;
  for (const LegendEntry& entry : legend.entries) {
    heights.push_back(entryHeight(entry, metrics, textWidth));
    total += heights.back();
  }
  const int target = (total + columns - 1) / columns;
  int column = 0, y = 0, tallest = 0;
  for (int k = 0; k < count; ++k) {
    if (y > 0 && y + heights[static_cast<std::size_t>(k)] / 2 > target && column + 1 < columns) {
      ++column;
      y = 0;
    }
    layout.entries.emplace_back(column * columnWidth, top + y, columnWidth,
                                heights[static_cast<std::size_t>(k)]);
    y += heights[static_cast<std::size_t>(k)];
    tallest = std::max(tallest, y);
  }
  const int noteHeight =
      legend.note.isEmpty()
          ? 0
          : metrics.boundingRect(QRect(0, 0, inner, 10000), Qt::TextWordWrap, legend.note).height();
  layout.note = QRect(kPadding, top + tallest, inner, noteHeight);
  layout.height = top + tallest + noteHeight + kPadding;
  return layout;
}

}  // namespace

int legendHeight(const Legend& legend, int width, const QFont& font) {
  return layOut(legend, width, font).height;
}

void paintLegend(QPainter& painter, const QRect& area, const Legend& legend, const QColor& text,
                 const QColor& background) {
  painter.save();
  painter.fillRect(area, background);
  painter.setClipRect(area);
  painter.translate(area.topLeft());
  const LegendLayout layout = layOut(legend, area.width(), painter.font());
  const QFontMetrics metrics(painter.font());
  const int swatches = swatchColumn(legend);
  QFont bold = painter.font();
  bold.setBold(true);
  painter.save();
  painter.setFont(bold);
  painter.setPen(text);
  painter.drawText(layout.title, Qt::TextWordWrap, legend.title);
  painter.restore();
  for (std::size_t e = 0; e < legend.entries.size(); ++e) {
    const LegendEntry& entry = legend.entries[e];
    const QRect box = layout.entries[e];
    const int x = box.left() + kPadding;
    const int swatchTop =
        box.top() + std::max(0, (std::min(box.height() - kEntryGap, metrics.height() + 2) - kSwatch) / 2);
    if (entry.mark == LegendMark::Gradient) {
      QLinearGradient ramp(x, 0, x + kSwatchesWidth, 0);
      for (std::size_t k = 0; k < entry.colours.size(); ++k)
        ramp.setColorAt(entry.colours.size() == 1 ? 0 : static_cast<double>(k) / (entry.colours.size() - 1),
                        entry.colours[k]);
      painter.fillRect(QRect(x, swatchTop, kSwatchesWidth, kSwatch), ramp);
    } else {
      // Up to three full swatches in a row; more colours share two rows of smaller ones.
      const int count = std::min(static_cast<int>(entry.colours.size()), kMaxSwatches);
      const int perRow = count <= 3 ? count : (count + 1) / 2;
      const int side = count <= 3 ? kSwatch : (kSwatchesWidth - (perRow - 1) * kSwatchGap) / perRow;
      for (int k = 0; k < count; ++k) {
        paintSwatch(painter,
                    QRect(x + (k % perRow) * (side + kSwatchGap),
                          swatchTop + (k / perRow) * (side + kSwatchGap), side, side),
                    entry.mark, entry.colours[static_cast<std::size_t>(k)]);
      }
    }
    painter.setPen(text);
    painter.drawText(QRect(box.left() + swatches, box.top(), box.width() - swatches - kPadding, box.height()),
                     Qt::TextWordWrap, entry.text);
  }
  if (!legend.note.isEmpty()) {
    QFont italic = painter.font();
    italic.setItalic(true);
    painter.setFont(italic);
    painter.setPen(text);
    painter.drawText(layout.note, Qt::TextWordWrap, legend.note);
  }
  painter.restore();
}

QImage imageWithLegend(const QImage& image, const Legend& legend) {
  if (image.isNull()) return image;
  const int width = std::clamp(image.width() / 3, 280, 480);
  QImage out(image.width() + width, image.height(), QImage::Format_RGB32);
  out.fill(Qt::white);
  QPainter painter(&out);
  painter.drawImage(0, 0, image);
  QFont font = painter.font();
  font.setPixelSize(12);
  painter.setFont(font);
  paintLegend(painter, QRect(image.width(), 0, width, image.height()), legend, Qt::black, Qt::white);
  return out;
}

LegendView::LegendView(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void LegendView::setLegend(Legend legend) {
  legend_ = std::move(legend);
  updateGeometry();
  update();
}

int LegendView::heightForWidth(int width) const {
  return legendHeight(legend_, width, font());
}

QSize LegendView::sizeHint() const {
  return {260, heightForWidth(260)};
}

void LegendView::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  paintLegend(painter, rect(), legend_, palette().text().color(), palette().base().color());
}

}  // namespace ms::views

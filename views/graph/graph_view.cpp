#include "views/graph/graph_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "views/graph/graph_painter.h"

namespace ms::views {

namespace {

constexpr double kWheelStep = 1.25;  // zoom factor per wheel notch
constexpr double kMaxZoom = 200;

}  // namespace

GraphView::GraphView(QWidget* parent) : QWidget(parent) {
  setMinimumSize(160, 160);
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void GraphView::setSnapshot(const Snapshot& snapshot) {
  const auto* matching = std::get_if<matching::MatchingSnapshot>(&snapshot);
  if (matching == nullptr || matching->points.empty()) return;
  snapshot_ = *matching;
  invalidate();
}

void GraphView::clear() {
  snapshot_ = matching::MatchingSnapshot{};
  zoom_ = 1;
  pan_ = QPointF();
  invalidate();
}

void GraphView::invalidate() {
  cache_ = QImage();
  update();
}

// Three rows of the legend, and its margins.
int GraphView::legendHeight() const {
  return 3 * (fontMetrics().height() + 2) + 12;
}

// The points are drawn above the legend's strip, so it never covers one.
QSize GraphView::graphSize() const {
  return QSize(width(), std::max(1, height() - legendHeight()));
}

QImage GraphView::renderImage(QSize size) const {
  const double scale = width() > 0 ? static_cast<double>(size.width()) / width() : 1;
  return paintMatchingGraph(snapshot_, size, zoom_, pan_ * scale);
}

void GraphView::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  if (!hasGraph()) {
    painter.fillRect(rect(), palette().window());
    painter.setPen(palette().text().color());
    painter.drawText(rect(), Qt::AlignCenter, tr("No geometric graph loaded."));
    return;
  }
  const double ratio = devicePixelRatioF();
  if (cache_.isNull()) {
    // Drawn at the screen's physical resolution so thin edges stay sharp on high-density displays.
    cache_ = paintMatchingGraph(snapshot_, (QSizeF(graphSize()) * ratio).toSize(), zoom_, pan_ * ratio);
    cache_.setDevicePixelRatio(ratio);
  }
  painter.fillRect(rect(), QColor(graph_style::kBackground));
  painter.drawImage(QPoint(0, 0), cache_);
  drawLegend(painter);
}

void GraphView::drawLegend(QPainter& painter) const {
  const GraphPens pens = graphPens(snapshot_.points.size());
  // The flips' entries only where the phase made some: the exact solver makes none ("phase 1's 0 flips").
  std::vector<std::pair<QPen, QString>> entries = {{pens.matched, tr("matched")}};
  if (!snapshot_.flips.empty()) {
    entries.emplace_back(
        pens.made, tr("made by phase %1's %2 flips").arg(snapshot_.iteration).arg(snapshot_.flips.size()));
    entries.emplace_back(pens.removed, tr("removed by them"));
  }
  const QFontMetrics metrics = painter.fontMetrics();
  const int lineHeight = metrics.height() + 2;
  const int sample = 24;
  int textWidth = 0;
  for (const auto& [pen, text] : entries) textWidth = std::max(textWidth, metrics.horizontalAdvance(text));
  const int rows = static_cast<int>(entries.size());
  const QRect box(6, height() - 6 - rows * lineHeight - 6, sample + textWidth + 18, rows * lineHeight + 6);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(QColor(200, 200, 200));
  painter.setBrush(QColor(255, 255, 255, 220));
  painter.drawRect(box);
  for (int k = 0; k < rows; ++k) {
    const auto& [pen, text] = entries[static_cast<std::size_t>(k)];
    const int y = box.top() + 3 + k * lineHeight + lineHeight / 2;
    painter.setPen(pen);
    painter.drawLine(box.left() + 6, y, box.left() + 6 + sample, y);
    painter.setPen(QColor(graph_style::kPoint));
    painter.drawText(QPoint(box.left() + 12 + sample, y + metrics.ascent() / 2 - 1), text);
  }
}

void GraphView::resizeEvent(QResizeEvent* /*event*/) {
  invalidate();
}

void GraphView::wheelEvent(QWheelEvent* event) {
  const double notches = event->angleDelta().y() / 120.0;
  if (notches == 0) return;
  const double zoom = std::clamp(zoom_ * std::pow(kWheelStep, notches), 1.0, kMaxZoom);
  // The point under the cursor stays there.
  const QPointF fromCentre =
      event->position() - QPointF(graphSize().width() / 2.0, graphSize().height() / 2.0);
  pan_ = fromCentre - (fromCentre - pan_) * (zoom / zoom_);
  zoom_ = zoom;
  invalidate();
  event->accept();
}

void GraphView::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  dragging_ = true;
  dragFrom_ = event->position();
  setCursor(Qt::ClosedHandCursor);
}

void GraphView::mouseMoveEvent(QMouseEvent* event) {
  if (!dragging_) return;
  pan_ += event->position() - dragFrom_;
  dragFrom_ = event->position();
  invalidate();
}

void GraphView::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  dragging_ = false;
  unsetCursor();
}

void GraphView::mouseDoubleClickEvent(QMouseEvent* /*event*/) {
  zoom_ = 1;
  pan_ = QPointF();
  invalidate();
}

}  // namespace ms::views

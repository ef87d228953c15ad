#include "views/graph/graph_painter.h"

#include <QPainter>
#include <algorithm>
#include <unordered_set>
#include <vector>

namespace ms::views {

namespace {

int64_t edgeKey(int32_t u, int32_t v) {
  return (static_cast<int64_t>(std::min(u, v)) << 32) | static_cast<uint32_t>(std::max(u, v));
}

bool matched(const matching::MatchingSnapshot& snapshot, int32_t u, int32_t v) {
  return u >= 0 && v >= 0 && static_cast<std::size_t>(u) < snapshot.mate.size() &&
         snapshot.mate[static_cast<std::size_t>(u)] == v;
}

// What the phase changed, net: a flip's new edge that a later flip of the same phase replaced is neither
// made nor removed in the end, so it is drawn as neither.
struct FlipEdges {
  std::vector<std::pair<int32_t, int32_t>> made, removed;
};

FlipEdges netFlipEdges(const matching::MatchingSnapshot& snapshot) {
  FlipEdges edges;
  std::unordered_set<int64_t> seen;
  const auto add = [&](std::vector<std::pair<int32_t, int32_t>>& list, int32_t u, int32_t v) {
    if (seen.insert(edgeKey(u, v)).second) list.emplace_back(u, v);
  };
  for (const matching::MatchingFlip& flip : snapshot.flips) {
    for (auto [u, v] : {std::pair{flip.u, flip.x}, std::pair{flip.mateU, flip.mateX}}) {
      if (matched(snapshot, u, v)) add(edges.made, u, v);
    }
    for (auto [u, v] : {std::pair{flip.u, flip.mateU}, std::pair{flip.x, flip.mateX}}) {
      if (!matched(snapshot, u, v)) add(edges.removed, u, v);
    }
  }
  return edges;
}

}  // namespace

GraphPens graphPens(std::size_t vertices) {
  const bool smooth = vertices <= static_cast<std::size_t>(graph_style::kMaxSmoothVertices);
  // Exactly one pixel would take Qt's slower cosmetic line path: 1.01 draws as fast as two.
  const auto pen = [](QRgb colour, double width, Qt::PenStyle style) {
    QPen out(QColor(colour), width, style);
    out.setCapStyle(Qt::FlatCap);
    return out;
  };
  GraphPens pens;
  pens.antialiased = smooth;
  pens.matched = pen(graph_style::kMatchedEdge, smooth ? 1.5 : 1.01, Qt::SolidLine);
  pens.made = pen(graph_style::kNewEdge, smooth ? 3 : 1.01, Qt::SolidLine);
  pens.removed = pen(graph_style::kOldEdge, smooth ? 2 : 1.01, smooth ? Qt::DashLine : Qt::SolidLine);
  pens.pointRadius = vertices <= 100 ? 4 : smooth ? 2.5 : 1.5;
  return pens;
}

GraphLayout::GraphLayout(std::span<const matching::Point> points, QSize size, double zoom, QPointF pan)
    : imageCentre_(size.width() / 2.0, size.height() / 2.0), pan_(pan) {
  if (points.empty()) return;
  double minX = points[0].x, maxX = minX, minY = points[0].y, maxY = minY;
  for (const matching::Point& p : points) {
    minX = std::min(minX, p.x), maxX = std::max(maxX, p.x);
    minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
  }
  boxCentre_ = QPointF((minX + maxX) / 2, (minY + maxY) / 2);
  const double usableWidth = std::max(1, size.width() - 2 * graph_style::kMarginPixels);
  const double usableHeight = std::max(1, size.height() - 2 * graph_style::kMarginPixels);
  const double spanX = std::max(maxX - minX, 1e-12), spanY = std::max(maxY - minY, 1e-12);
  scale_ = std::min(usableWidth / spanX, usableHeight / spanY) * zoom;
}

QPointF GraphLayout::toPixel(matching::Point point) const {
  return imageCentre_ + pan_ +
         QPointF((point.x - boxCentre_.x()) * scale_, -(point.y - boxCentre_.y()) * scale_);
}

QImage paintMatchingGraph(const matching::MatchingSnapshot& snapshot, QSize size, double zoom, QPointF pan) {
  QImage image(size, QImage::Format_RGB32);
  image.fill(graph_style::kBackground);
  const std::vector<matching::Point>& points = snapshot.points;
  if (points.empty() || size.isEmpty()) return image;
  const GraphLayout layout(points, size, zoom, pan);
  const auto real = [&](int32_t v) { return v >= 0 && static_cast<std::size_t>(v) < points.size(); };
  const auto line = [&](int32_t u, int32_t v) {
    return QLineF(layout.toPixel(points[static_cast<std::size_t>(u)]),
                  layout.toPixel(points[static_cast<std::size_t>(v)]));
  };
  const auto lines = [&](const std::vector<std::pair<int32_t, int32_t>>& edges) {
    std::vector<QLineF> out;
    for (auto [u, v] : edges) {
      if (real(u) && real(v)) out.push_back(line(u, v));
    }
    return out;
  };

  QPainter painter(&image);
  const GraphPens pens = graphPens(points.size());
  painter.setRenderHint(QPainter::Antialiasing, pens.antialiased);
  const FlipEdges flipped = netFlipEdges(snapshot);
  std::unordered_set<int64_t> made;
  for (auto [u, v] : flipped.made) made.insert(edgeKey(u, v));
  std::vector<std::pair<int32_t, int32_t>> steady;
  for (int32_t u = 0; u < static_cast<int32_t>(snapshot.mate.size()); ++u) {
    const int32_t v = snapshot.mate[static_cast<std::size_t>(u)];
    if (u < v && !made.contains(edgeKey(u, v))) steady.emplace_back(u, v);
  }
  const auto drawEdges = [&](const std::vector<std::pair<int32_t, int32_t>>& edges, const QPen& pen) {
    painter.setPen(pen);
    const std::vector<QLineF> segments = lines(edges);
    painter.drawLines(segments.data(), static_cast<int>(segments.size()));
  };
  drawEdges(steady, pens.matched);
  drawEdges(flipped.removed, pens.removed);
  drawEdges(flipped.made, pens.made);

  const double radius = pens.pointRadius;
  if (pens.antialiased) {
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(graph_style::kPoint));
    for (const matching::Point& p : points) painter.drawEllipse(layout.toPixel(p), radius, radius);
  } else {
    for (const matching::Point& p : points) {
      painter.fillRect(QRectF(layout.toPixel(p) - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius)),
                       QColor(graph_style::kPoint));
    }
  }
  if (points.size() <= static_cast<std::size_t>(graph_style::kMaxLabelledVertices)) {
    painter.setPen(QColor(graph_style::kPoint));
    for (std::size_t v = 0; v < points.size(); ++v) {
      painter.drawText(layout.toPixel(points[v]) + QPointF(radius + 2, -radius - 2), QString::number(v + 1));
    }
  }
  return image;
}

}  // namespace ms::views

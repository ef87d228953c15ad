#pragma once
// Draws a geometric graph's matching with QPainter: the points, the matched edges, and what the latest
// phase's flips changed (the edges they removed faded, and dashed while the graph is small; the edges they
// made wider in a colour of their own). Labels only while the vertices are few. Tests read the style to
// know what to expect.

#include <QColor>
#include <QImage>
#include <QPen>
#include <QPointF>
#include <QSize>
#include <span>

#include "solver/matching/matching_snapshot.h"

namespace ms::views {

namespace graph_style {

inline constexpr QRgb kBackground = qRgb(255, 255, 255);
inline constexpr QRgb kPoint = qRgb(40, 40, 40);
inline constexpr QRgb kMatchedEdge = qRgb(86, 140, 200);
inline constexpr QRgb kNewEdge = qRgb(213, 94, 0);     // made by a flip of the latest phase
inline constexpr QRgb kOldEdge = qRgb(150, 150, 150);  // removed by a flip of the latest phase (dashed)
inline constexpr int kMaxLabelledVertices = 40;        // more labels overlap and cost time
// Past this many vertices speed comes first (see graphPens).
inline constexpr int kMaxSmoothVertices = 500;
inline constexpr int kMarginPixels = 16;

}  // namespace graph_style

// How a graph of `vertices` points is drawn. Up to kMaxSmoothVertices: anti-aliased, the removed edges
// dashed, the new ones 3 pixels wide, the points as discs. Past it a few thousand long lines must still
// draw in tens of milliseconds: no anti-aliasing (about ten times faster), no dashes (the dasher costs as
// much again; the removed edges are told by their faded colour alone), thin lines and square points.
struct GraphPens {
  QPen matched, made, removed;
  bool antialiased = true;
  double pointRadius = 4;
};
GraphPens graphPens(std::size_t vertices);

// Where the points go in an image: the points' bounding box fitted into the image (same scale on both axes,
// y pointing up), then zoomed by `zoom` about the image centre and moved by `pan` pixels.
class GraphLayout {
 public:
  GraphLayout(std::span<const matching::Point> points, QSize size, double zoom = 1, QPointF pan = {});
  QPointF toPixel(matching::Point point) const;

 private:
  QPointF imageCentre_, boxCentre_, pan_;
  double scale_ = 1;
};

// The snapshot's real vertices (those with points) and the edges between them, drawn at `size` pixels.
QImage paintMatchingGraph(const matching::MatchingSnapshot& snapshot, QSize size, double zoom = 1,
                          QPointF pan = {});

}  // namespace ms::views

#pragma once
// The graph view of weighted matching on geometric graphs: the points, the matching, and the flips of the
// latest phase (see graph_painter.h), painted into a cached image that is redrawn only when the snapshot,
// the size or the zoom changes. Wheel zooms at the cursor, drag pans, double-click shows every point.

#include <QImage>
#include <QWidget>

#include "solver/core/snapshot.h"

namespace ms::views {

class GraphView : public QWidget {
  Q_OBJECT
 public:
  explicit GraphView(QWidget* parent = nullptr);

  // Takes the matching alternative of `snapshot` when it has points (other snapshots leave the view as is).
  void setSnapshot(const Snapshot& snapshot);
  void clear();  // before another graph: drops the picture and shows every point again
  bool hasGraph() const { return !snapshot_.points.empty(); }
  const matching::MatchingSnapshot& snapshot() const { return snapshot_; }

  // The current view (same zoom and pan, scaled to `size`) without the legend.
  QImage renderImage(QSize size) const;
  // On screen the graph takes the area above the legend: this size at the widget's top left.
  QSize graphSize() const;
  int legendHeight() const;

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;

 private:
  void invalidate();
  void drawLegend(QPainter& painter) const;

  matching::MatchingSnapshot snapshot_;
  QImage cache_;  // null when it must be redrawn
  double zoom_ = 1;
  QPointF pan_;  // in widget pixels
  QPointF dragFrom_;
  bool dragging_ = false;
};

}  // namespace ms::views

#pragma once
// The forward pass as a layered drawing: free rows (roots) on the left, then the columns and rows each BFS
// level reached, one colour per vertex-disjoint tree (palette.h: the tree of augmenting path k in path k's
// colour, as the matrix view draws the path), augmenting paths drawn thick, the rows the next level expands
// ringed. Rows, columns and levels are numbered from 1. Past a few hundred vertices it draws counts per
// level and tree instead.

#include <QWidget>

#include "solver/core/snapshot.h"
#include "views/tree/alternating_forest.h"

namespace ms::views {

class TreeView : public QWidget {
  Q_OBJECT
 public:
  // Beyond this many vertices the drawing summarises (counts per level and tree).
  static constexpr int kDetailLimit = 400;

  explicit TreeView(QWidget* parent = nullptr);

  void setZeroTolerance(double tolerance) { zeroTolerance_ = tolerance; }
  // Takes the LAP alternative of `snapshot` (other problem kinds clear the view).
  void setSnapshot(const Snapshot& snapshot);
  void clear();
  const AlternatingForest& forest() const { return forest_; }
  bool summarised() const { return static_cast<int>(forest_.vertices.size()) > kDetailLimit; }

  // The colour the view gives tree `tree` of the forest shown.
  QColor treeColour(int tree) const;
  // The header line: trees, rows, columns, levels, the level expanded and the augmenting paths.
  QString headerText() const;
  // Tooltip text for the vertex drawn at a widget position ("" where there is none).
  QString describeVertex(QPoint position) const;

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;

 private:
  void paintDetail(QPainter& painter, QRectF area) const;
  void paintSummary(QPainter& painter, QRectF area) const;
  void paintHeader(QPainter& painter, QRectF area) const;

  double zeroTolerance_ = 0;
  AlternatingForest forest_;
  mutable std::vector<QPointF> positions_;  // of forest_.vertices as last drawn (detail drawing only)
  mutable double radius_ = 0;
  bool hasSnapshot_ = false;
};

}  // namespace ms::views

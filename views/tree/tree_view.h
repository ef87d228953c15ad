#pragma once
// The forward pass as a layered drawing: free rows (roots) on the left, then the columns and rows each BFS
// level reached, one colour per vertex-disjoint tree, augmenting paths drawn thick, the rows the next level
// expands ringed. Past a few hundred vertices it draws counts per level and tree instead.

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

  static QColor treeColor(int tree);

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  void paintDetail(QPainter& painter, QRectF area) const;
  void paintSummary(QPainter& painter, QRectF area) const;
  void paintHeader(QPainter& painter, QRectF area) const;

  double zeroTolerance_ = 0;
  AlternatingForest forest_;
  int pathCount_ = 0;
  bool hasSnapshot_ = false;
};

}  // namespace ms::views

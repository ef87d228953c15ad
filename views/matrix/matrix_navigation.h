#pragma once
// Zoom and pan over a matrix with square cells, from the whole matrix down to one cell filling the
// viewport. The viewport is the renderer's matrix area (render::matrixLayout), positions are relative to
// its top-left corner; the renderer's cellAt/cellRect map cells and pixels. Pure geometry, no widgets.

#include <QPointF>
#include <QSizeF>

#include "views/render/matrix_layout.h"

namespace ms::views {

class MatrixNavigation {
 public:
  // Shows the whole matrix, centred.
  void reset(int rows, int cols, QSizeF viewport);
  void resize(QSizeF viewport);  // keeps the cell at the viewport's centre where it is
  // The same view on a viewport of another size (an export): same centre, cells scaled with the viewport.
  MatrixNavigation scaledTo(QSizeF viewport) const;

  // Multiplies the cell size by `factor` keeping the cell under `pixel` under it, within the limits.
  void zoomAt(QPointF pixel, double factor);
  void panBy(QPointF pixels);  // drag by `pixels`; the matrix never leaves the viewport entirely

  render::MatrixCamera camera() const;
  double cellPixels() const { return cellPx_; }
  double minCellPixels() const;  // the whole matrix fits
  double maxCellPixels() const;  // one cell fills the shorter side

 private:
  void clamp();

  int rows_ = 0, cols_ = 0;
  QSizeF viewport_{1, 1};
  double cellPx_ = 1;
  QPointF origin_;  // (column, row) at the viewport's top-left corner, in cells
};

}  // namespace ms::views

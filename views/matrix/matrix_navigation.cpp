#include "views/matrix/matrix_navigation.h"

#include <algorithm>
#include <cmath>

namespace ms::views {

void MatrixNavigation::reset(int rows, int cols, QSizeF viewport) {
  rows_ = std::max(rows, 0);
  cols_ = std::max(cols, 0);
  viewport_ = viewport.expandedTo(QSizeF(1, 1));
  cellPx_ = minCellPixels();
  origin_ = {0, 0};
  clamp();
}

void MatrixNavigation::resize(QSizeF viewport) {
  const bool showedAll = cellPx_ <= minCellPixels();
  const QPointF centreCell = origin_ + QPointF(viewport_.width() / 2, viewport_.height() / 2) / cellPx_;
  viewport_ = viewport.expandedTo(QSizeF(1, 1));
  // A view of the whole matrix stays a view of the whole matrix when the window grows.
  cellPx_ = showedAll ? minCellPixels() : std::clamp(cellPx_, minCellPixels(), maxCellPixels());
  origin_ = centreCell - QPointF(viewport_.width() / 2, viewport_.height() / 2) / cellPx_;
  clamp();
}

MatrixNavigation MatrixNavigation::scaledTo(QSizeF viewport) const {
  MatrixNavigation scaled = *this;
  const QPointF centreCell = origin_ + QPointF(viewport_.width() / 2, viewport_.height() / 2) / cellPx_;
  scaled.viewport_ = viewport.expandedTo(QSizeF(1, 1));
  const double factor =
      std::min(scaled.viewport_.width() / viewport_.width(), scaled.viewport_.height() / viewport_.height());
  scaled.cellPx_ = std::clamp(cellPx_ * factor, scaled.minCellPixels(), scaled.maxCellPixels());
  scaled.origin_ =
      centreCell - QPointF(scaled.viewport_.width() / 2, scaled.viewport_.height() / 2) / scaled.cellPx_;
  scaled.clamp();
  return scaled;
}

double MatrixNavigation::minCellPixels() const {
  if (rows_ == 0 || cols_ == 0) return 1;
  return std::min(viewport_.width() / cols_, viewport_.height() / rows_);
}

double MatrixNavigation::maxCellPixels() const {
  return std::max(minCellPixels(), std::min(viewport_.width(), viewport_.height()));
}

void MatrixNavigation::zoomAt(QPointF pixel, double factor) {
  const QPointF cellUnder = origin_ + pixel / cellPx_;
  cellPx_ = std::clamp(cellPx_ * factor, minCellPixels(), maxCellPixels());
  origin_ = cellUnder - pixel / cellPx_;
  clamp();
}

void MatrixNavigation::panBy(QPointF pixels) {
  origin_ -= pixels / cellPx_;
  clamp();
}

// Along each axis: when the matrix is narrower than the viewport it is centred, otherwise the view stays
// inside the matrix.
void MatrixNavigation::clamp() {
  const auto clampAxis = [](double origin, double visible, int cells) {
    if (visible >= cells) return (cells - visible) / 2;
    return std::clamp(origin, 0.0, cells - visible);
  };
  origin_.setX(clampAxis(origin_.x(), viewport_.width() / cellPx_, cols_));
  origin_.setY(clampAxis(origin_.y(), viewport_.height() / cellPx_, rows_));
}

render::MatrixCamera MatrixNavigation::camera() const {
  return {origin_.y(), origin_.x(), viewport_.height() / cellPx_, viewport_.width() / cellPx_};
}

}  // namespace ms::views

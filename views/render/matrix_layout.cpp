#include "views/render/matrix_layout.h"

#include <algorithm>
#include <cmath>

namespace ms::render {

MatrixCamera wholeMatrixCamera(int32_t rows, int32_t cols) {
  return {0.0, 0.0, static_cast<double>(std::max(rows, 1)), static_cast<double>(std::max(cols, 1))};
}

MatrixLayout matrixLayout(int width, int height) {
  const int shorter = std::max(std::min(width, height), 0);
  const int margin = std::min(std::clamp(static_cast<int>(std::lround(0.04 * shorter)), 6, 32), shorter / 4);
  MatrixLayout layout;
  layout.margin = margin;
  layout.area = {margin, margin, std::max(width - margin, 0), std::max(height - margin, 0)};
  return layout;
}

CellRect cellRect(const MatrixLayout& layout, const MatrixCamera& camera, int32_t row, int32_t col) {
  const double cellWidth = layout.area.width / camera.colsVisible;
  const double cellHeight = layout.area.height / camera.rowsVisible;
  CellRect rect;
  rect.x0 = layout.area.x + (col - camera.colBegin) * cellWidth;
  rect.y0 = layout.area.y + (row - camera.rowBegin) * cellHeight;
  rect.x1 = rect.x0 + cellWidth;
  rect.y1 = rect.y0 + cellHeight;
  return rect;
}

std::optional<CellIndex> cellAt(const MatrixLayout& layout, const MatrixCamera& camera, int32_t rows,
                                int32_t cols, double x, double y) {
  const double localX = x - layout.area.x;
  const double localY = y - layout.area.y;
  if (localX < 0 || localY < 0 || localX >= layout.area.width || localY >= layout.area.height)
    return std::nullopt;
  const double col = std::floor(camera.colBegin + localX * camera.colsVisible / layout.area.width);
  const double row = std::floor(camera.rowBegin + localY * camera.rowsVisible / layout.area.height);
  if (row < 0 || col < 0 || row >= rows || col >= cols) return std::nullopt;
  return CellIndex{static_cast<int32_t>(row), static_cast<int32_t>(col)};
}

}  // namespace ms::render

#pragma once
// Where the matrix view puts things in an image: the matrix area, the margins that hold the dual bars, and
// the mapping between pixels and cells. The renderer, the widget that shows it (hover, numbers in cells)
// and the tests all use these, so a pixel means the same cell everywhere.

#include <cstdint>
#include <optional>

namespace ms::render {

// The view rectangle in cells: rows [rowBegin, rowBegin + rowsVisible) fill the matrix area from top to
// bottom, columns [colBegin, colBegin + colsVisible) from left to right. Fractional values pan and zoom
// smoothly; the rectangle may extend past the matrix (background is drawn there).
struct MatrixCamera {
  double rowBegin = 0;
  double colBegin = 0;
  double rowsVisible = 1;
  double colsVisible = 1;
};

// The whole matrix, stretched over the matrix area.
MatrixCamera wholeMatrixCamera(int32_t rows, int32_t cols);

struct PixelRect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
};

struct MatrixLayout {
  int margin = 0;  // width of the left margin (row duals) and height of the top margin (column duals)
  PixelRect area;  // the cells: [margin, width) x [margin, height)
};

// Margins of 4% of the shorter side, between 6 and 32 pixels (and at most a quarter of the shorter side).
MatrixLayout matrixLayout(int width, int height);

// A cell's rectangle in pixel coordinates (x to the right, y down; pixel (i, j) spans [i, i+1) x [j, j+1)).
struct CellRect {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  double centreX() const { return 0.5 * (x0 + x1); }
  double centreY() const { return 0.5 * (y0 + y1); }
};
CellRect cellRect(const MatrixLayout& layout, const MatrixCamera& camera, int32_t row, int32_t col);

struct CellIndex {
  int32_t row = 0;
  int32_t col = 0;
};
// The cell under a point in pixel coordinates, if the point is in the matrix area and on the matrix.
std::optional<CellIndex> cellAt(const MatrixLayout& layout, const MatrixCamera& camera, int32_t rows,
                                int32_t cols, double x, double y);

}  // namespace ms::render

#include "views/render/frame_data.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "views/render/matrix_style.h"

namespace ms::render {

namespace {

// Floats carry 24 bits: below this relative size a computed slack is rounding noise.
constexpr double kFloatSlackResolution = 1.0 / (1 << 21);

template <class Vector>
void checkSize(const Vector& values, int32_t expected, const char* name) {
  if (!values.empty() && values.size() != static_cast<std::size_t>(expected)) {
    throw std::invalid_argument(std::string("matrix overlay: ") + name + " has " +
                                std::to_string(values.size()) + " entries for " + std::to_string(expected) +
                                " lines");
  }
}

double maxAbs(const std::vector<double>& values) {
  double largest = 0;
  for (double v : values) largest = std::max(largest, std::abs(v));
  return largest;
}

// What each pixel of one axis shows of that axis's lines. A pixel spans the lines it touches; when lines are
// wider than pixels, only the line under its centre (so a tint or a bar never bleeds into the next line).
struct AxisPixels {
  std::vector<PixelLine> lines;
  std::vector<float> bars;
};
AxisPixels axisPixels(const std::vector<double>& duals, const std::vector<uint8_t>& covered,
                      int32_t lineCount, double begin, double visible, int pixels) {
  AxisPixels axis{std::vector<PixelLine>(static_cast<std::size_t>(std::max(pixels, 0))),
                  std::vector<float>(static_cast<std::size_t>(std::max(pixels, 0)), 0.0f)};
  const double largest = maxAbs(duals);
  const double linesPerPixel = visible / std::max(pixels, 1);
  for (int p = 0; p < pixels; ++p) {
    const double centreCoordinate = begin + (p + 0.5) * linesPerPixel;
    const double centre = std::floor(centreCoordinate);
    double first = centre;
    double last = centre;
    if (linesPerPixel > 1.0) {
      const double low = begin + p * linesPerPixel;
      first = std::floor(low);
      last = std::ceil(low + linesPerPixel) - 1;
    }
    first = std::max(first, 0.0);
    last = std::min(last, lineCount - 1.0);
    if (first > last || centre < 0 || centre >= lineCount) continue;
    PixelLine& line = axis.lines[static_cast<std::size_t>(p)];
    line.index = static_cast<float>(centre);
    line.offset = static_cast<float>((centreCoordinate - centre - 0.5) / linesPerPixel);
    if (!duals.empty()) line.dual = static_cast<float>(duals[static_cast<std::size_t>(centre)]);
    double coveredCount = 0;
    double extreme = 0;
    for (double i = first; i <= last; ++i) {
      const auto index = static_cast<std::size_t>(i);
      if (!covered.empty() && covered[index] != 0) ++coveredCount;
      if (!duals.empty() && std::abs(duals[index]) > std::abs(extreme)) extreme = duals[index];
    }
    line.covered = static_cast<float>(coveredCount / (last - first + 1));
    if (largest > 0) axis.bars[static_cast<std::size_t>(p)] = static_cast<float>(extreme / largest);
  }
  return axis;
}

std::array<float, 4> toColour(Rgb8 c) {
  return {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f};
}

// Builds rectangles in pixels, clipped to a little beyond the matrix area so far-off cells stay in float
// range.
class QuadBuilder {
 public:
  QuadBuilder(std::vector<OverlayQuad>& quads, const PixelRect& area) : quads_(quads) {
    clipX0_ = area.x - 8.0;
    clipY0_ = area.y - 8.0;
    clipX1_ = area.x + area.width + 8.0;
    clipY1_ = area.y + area.height + 8.0;
  }
  void add(double x0, double y0, double x1, double y1, Rgb8 colour) {
    x0 = std::max(x0, clipX0_);
    y0 = std::max(y0, clipY0_);
    x1 = std::min(x1, clipX1_);
    y1 = std::min(y1, clipY1_);
    if (x0 >= x1 || y0 >= y1) return;
    quads_.push_back({static_cast<float>(x0), static_cast<float>(y0), static_cast<float>(x1),
                      static_cast<float>(y1), toColour(colour)});
  }
  // A square of the given side around a point, at least one pixel.
  void addSquare(double x, double y, double side, Rgb8 colour) {
    const double half = 0.5 * std::max(side, 1.0);
    add(x - half, y - half, x + half, y + half, colour);
  }

 private:
  std::vector<OverlayQuad>& quads_;
  double clipX0_, clipY0_, clipX1_, clipY1_;
};

void addAssignment(QuadBuilder& builder, const std::vector<int32_t>& assignment, const MatrixCamera& camera,
                   const MatrixLayout& layout, int32_t cols) {
  const double cellWidth = layout.area.width / camera.colsVisible;
  const double cellHeight = layout.area.height / camera.rowsVisible;
  const double side = std::min(cellWidth, cellHeight);
  const auto firstRow = static_cast<int32_t>(std::max(0.0, std::floor(camera.rowBegin)));
  const auto endRow = static_cast<int32_t>(
      std::min(static_cast<double>(assignment.size()), std::ceil(camera.rowBegin + camera.rowsVisible)));
  const double firstCol = std::floor(camera.colBegin);
  const double endCol = std::ceil(camera.colBegin + camera.colsVisible);
  for (int32_t row = firstRow; row < endRow; ++row) {
    const int32_t col = assignment[static_cast<std::size_t>(row)];
    if (col < 0 || col >= cols || col < firstCol || col >= endCol) continue;
    const CellRect cell = cellRect(layout, camera, row, col);
    if (side < style::kMinFrameCellPixels) {
      builder.add(cell.x0, cell.y0, cell.x1, cell.y1, style::kAssignment);
      builder.addSquare(cell.centreX(), cell.centreY(), 1.0, style::kAssignment);
      continue;
    }
    const double t = std::clamp(std::round(side / 10.0), 1.0, 4.0);
    builder.add(cell.x0, cell.y0, cell.x1, cell.y0 + t, style::kAssignment);
    builder.add(cell.x0, cell.y1 - t, cell.x1, cell.y1, style::kAssignment);
    builder.add(cell.x0, cell.y0 + t, cell.x0 + t, cell.y1 - t, style::kAssignment);
    builder.add(cell.x1 - t, cell.y0 + t, cell.x1, cell.y1 - t, style::kAssignment);
  }
}

// The cells of a path r0, c1, r1, c2, ..., ck in order: (r0,c1), (r1,c1), (r1,c2), ..., (r_{k-1},ck); it
// stops at the first index out of range (-1 ends an unfinished path).
std::vector<CellIndex> pathCells(const std::vector<int32_t>& path, int32_t rows, int32_t cols) {
  std::vector<CellIndex> cells;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const int32_t row = i % 2 == 0 ? path[i] : path[i + 1];
    const int32_t col = i % 2 == 0 ? path[i + 1] : path[i];
    if (row < 0 || row >= rows || col < 0 || col >= cols) break;
    cells.push_back({row, col});
  }
  return cells;
}

void addPaths(QuadBuilder& builder, const std::vector<std::vector<int32_t>>& paths,
              const MatrixCamera& camera, const MatrixLayout& layout, int32_t rows, int32_t cols) {
  const double side =
      std::min(layout.area.width / camera.colsVisible, layout.area.height / camera.rowsVisible);
  const double thickness = std::clamp(side / 5.0, 2.0, 8.0);
  const double nodeSide = std::max(2.0 * thickness, 0.4 * side);
  std::vector<std::vector<CellIndex>> cells;
  for (const auto& path : paths) cells.push_back(pathCells(path, rows, cols));
  // Lines first, then the squares on the cells, so every path cell shows its own path's colour.
  for (std::size_t p = 0; p < cells.size(); ++p) {
    for (std::size_t k = 1; k < cells[p].size(); ++k) {
      const CellRect a = cellRect(layout, camera, cells[p][k - 1].row, cells[p][k - 1].col);
      const CellRect b = cellRect(layout, camera, cells[p][k].row, cells[p][k].col);
      const double half = 0.5 * thickness;
      builder.add(std::min(a.centreX(), b.centreX()) - half, std::min(a.centreY(), b.centreY()) - half,
                  std::max(a.centreX(), b.centreX()) + half, std::max(a.centreY(), b.centreY()) + half,
                  palette::pathColour(p));
    }
  }
  for (std::size_t p = 0; p < cells.size(); ++p) {
    for (const CellIndex& cell : cells[p]) {
      const CellRect rect = cellRect(layout, camera, cell.row, cell.col);
      builder.addSquare(rect.centreX(), rect.centreY(), nodeSide, palette::pathColour(p));
    }
  }
}

void addMarks(QuadBuilder& builder, const std::vector<CellMark>& marks, const MatrixCamera& camera,
              const MatrixLayout& layout, int32_t rows, int32_t cols) {
  const double side =
      std::min(layout.area.width / camera.colsVisible, layout.area.height / camera.rowsVisible);
  const double markSide = std::max(style::kMinMarkPixels, style::kMarkFraction * side);
  for (const CellMark& mark : marks) {
    if (mark.row < 0 || mark.row >= rows || mark.col < 0 || mark.col >= cols) continue;
    const CellRect rect = cellRect(layout, camera, mark.row, mark.col);
    builder.addSquare(rect.centreX(), rect.centreY(), markSide, mark.colour);
  }
}

}  // namespace

FrameData buildFrameData(const MatrixOverlay& overlay, const MatrixCamera& camera, const MatrixLayout& layout,
                         int32_t rows, int32_t cols, double maxAbsCost) {
  checkSize(overlay.rowDual, rows, "rowDual");
  checkSize(overlay.colDual, cols, "colDual");
  checkSize(overlay.rowCovered, rows, "rowCovered");
  checkSize(overlay.colCovered, cols, "colCovered");
  checkSize(overlay.rowAssignment, rows, "rowAssignment");

  FrameData frame;
  AxisPixels colPixels = axisPixels(overlay.colDual, overlay.colCovered, cols, camera.colBegin,
                                    camera.colsVisible, layout.area.width);
  AxisPixels rowPixels = axisPixels(overlay.rowDual, overlay.rowCovered, rows, camera.rowBegin,
                                    camera.rowsVisible, layout.area.height);
  frame.colLines = std::move(colPixels.lines);
  frame.colBars = std::move(colPixels.bars);
  frame.rowLines = std::move(rowPixels.lines);
  frame.rowBars = std::move(rowPixels.bars);
  frame.duals.assign(static_cast<std::size_t>(rows) + static_cast<std::size_t>(cols), 0.0f);
  std::transform(overlay.rowDual.begin(), overlay.rowDual.end(), frame.duals.begin(),
                 [](double u) { return static_cast<float>(u); });
  std::transform(overlay.colDual.begin(), overlay.colDual.end(), frame.duals.begin() + rows,
                 [](double v) { return static_cast<float>(v); });
  // A negative tolerance marks nothing: every |slack| is at least 0.
  frame.zeroTolerance =
      overlay.markZeros
          ? std::max(overlay.zeroTolerance,
                     kFloatSlackResolution * (maxAbsCost + maxAbs(overlay.rowDual) + maxAbs(overlay.colDual)))
          : -1.0;

  QuadBuilder builder(frame.quads, layout.area);
  addAssignment(builder, overlay.rowAssignment, camera, layout, cols);
  addPaths(builder, overlay.paths, camera, layout, rows, cols);
  addMarks(builder, overlay.marks, camera, layout, rows, cols);
  return frame;
}

}  // namespace ms::render

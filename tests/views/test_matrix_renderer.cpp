// The Vulkan matrix renderer, on lavapipe here: pixels that prove the heatmap, the overlays (covers, zero
// slack, assignment, augmenting paths, dual bars) at two zoom levels, the level-of-detail path, snapshots of
// a real solve, `matchscope-cli render` and the CSV of `matchscope-cli bench-render`.
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "solver/core/snapshot.h"
#include "solver/lap/generators.h"
#include "solver/lap/lap_solver.h"
#include "views/render/color_maps.h"
#include "views/render/matrix_layout.h"
#include "views/render/matrix_renderer.h"
#include "views/render/matrix_style.h"

using ms::lap::CostMatrix;
using namespace ms::render;

namespace {

Rgb8 pixelAt(const RgbaImage& image, double x, double y) {
  const int px = static_cast<int>(std::floor(x));
  const int py = static_cast<int>(std::floor(y));
  const std::size_t at = (static_cast<std::size_t>(py) * image.width + px) * 4;
  return {image.pixels[at], image.pixels[at + 1], image.pixels[at + 2]};
}

bool close(Rgb8 a, Rgb8 b, int tolerance = 3) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance &&
         std::abs(a.b - b.b) <= tolerance;
}

// One CSV line's fields; quoted fields may hold commas (the device name does).
QStringList csvFields(const QString& line) {
  QStringList fields{QString()};
  bool quoted = false;
  for (const QChar c : line) {
    if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.append(QString());
    } else {
      fields.last().append(c);
    }
  }
  return fields;
}

QByteArray describe(Rgb8 c) {
  return QByteArray::number(c.r) + "," + QByteArray::number(c.g) + "," + QByteArray::number(c.b);
}

#define EXPECT_COLOUR(image, x, y, expected, what)                                                 \
  do {                                                                                             \
    const Rgb8 actual_ = pixelAt(image, x, y);                                                     \
    QVERIFY2(close(actual_, expected), QByteArray(what) + " at (" + QByteArray::number(x) + ", " + \
                                           QByteArray::number(y) + "): got " + describe(actual_) + \
                                           ", expected " + describe(expected));                    \
  } while (false)

// Blending as the shaders do it, per channel in [0, 1].
Rgb8 blend(Rgb8 a, Rgb8 b, double weight) {
  const auto mixChannel = [&](uint8_t x, uint8_t y) {
    return static_cast<uint8_t>(std::lround(x + (static_cast<double>(y) - x) * weight));
  };
  return {mixChannel(a.r, b.r), mixChannel(a.g, b.g), mixChannel(a.b, b.b)};
}

Rgb8 tinted(Rgb8 colour, bool rowCovered, bool colCovered) {
  if (rowCovered) colour = blend(colour, style::kCoverTint, style::kCoverTintWeight);
  if (colCovered) colour = blend(colour, style::kCoverTint, style::kCoverTintWeight);
  return colour;
}

CostMatrix<int32_t> matrixOf(const std::vector<std::vector<int32_t>>& rows) {
  CostMatrix<int32_t> matrix(static_cast<int32_t>(rows.size()), static_cast<int32_t>(rows[0].size()));
  for (int32_t r = 0; r < matrix.rows(); ++r) {
    for (int32_t c = 0; c < matrix.cols(); ++c) matrix(r, c) = rows[r][c];
  }
  return matrix;
}

// The cells of a path r0, c1, r1, c2, ... and every cell its drawn line passes through.
std::vector<std::pair<int, int>> pathCells(const std::vector<int32_t>& path) {
  std::vector<std::pair<int, int>> cells;
  for (std::size_t i = 0; i + 1 < path.size() && path[i] >= 0 && path[i + 1] >= 0; ++i) {
    cells.emplace_back(i % 2 == 0 ? path[i] : path[i + 1], i % 2 == 0 ? path[i + 1] : path[i]);
  }
  return cells;
}

std::set<std::pair<int, int>> pathFootprint(const std::vector<int32_t>& path) {
  const std::vector<std::pair<int, int>> cells = pathCells(path);
  std::set<std::pair<int, int>> footprint(cells.begin(), cells.end());
  for (std::size_t k = 1; k < cells.size(); ++k) {
    const auto [r0, c0] = cells[k - 1];
    const auto [r1, c1] = cells[k];
    for (int r = std::min(r0, r1); r <= std::max(r0, r1); ++r) {
      for (int c = std::min(c0, c1); c <= std::max(c0, c1); ++c) footprint.emplace(r, c);
    }
  }
  return footprint;
}

// A point in the middle of the part of a cell that the camera shows, or nothing if none of it is shown.
std::optional<std::pair<double, double>> visibleCentre(const MatrixLayout& layout, const MatrixCamera& camera,
                                                       int row, int col) {
  const double r0 = std::max<double>(row, camera.rowBegin);
  const double r1 = std::min<double>(row + 1, camera.rowBegin + camera.rowsVisible);
  const double c0 = std::max<double>(col, camera.colBegin);
  const double c1 = std::min<double>(col + 1, camera.colBegin + camera.colsVisible);
  if (r0 >= r1 || c0 >= c1) return std::nullopt;
  const double x =
      layout.area.x + (0.5 * (c0 + c1) - camera.colBegin) / camera.colsVisible * layout.area.width;
  const double y =
      layout.area.y + (0.5 * (r0 + r1) - camera.rowBegin) / camera.rowsVisible * layout.area.height;
  return std::make_pair(x, y);
}

}  // namespace

class TestMatrixRenderer : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MatrixRenderer> renderer_;

  // The known instance: 5 x 5; u = row minima - 1 and v = 1, so the diagonal is the zero-slack set.
  const std::vector<std::vector<int32_t>> knownCosts_{
      {3, 7, 5, 9, 4}, {6, 2, 8, 4, 7}, {5, 9, 1, 6, 8}, {8, 4, 6, 2, 9}, {7, 5, 9, 3, 1}};
  MatrixOverlay knownOverlay() const {
    MatrixOverlay overlay;
    overlay.rowDual = {2, 1, 0, 1, 0};
    overlay.colDual = {1, 1, 1, 1, 1};
    overlay.rowCovered = {0, 1, 0, 0, 0};
    overlay.colCovered = {0, 0, 0, 1, 0};
    overlay.rowAssignment = {0, -1, -1, 3, -1};
    overlay.paths = {{2, 1, 1, 2}, {4, 4}};  // cells (2,1) (1,1) (1,2); and (4,4)
    return overlay;
  }

  void requireRenderer() {
    if (!renderer_)
      QSKIP("no Vulkan device (install mesa-vulkan-drivers for lavapipe); renderer tests skipped");
  }

  // A lone extreme cell shows on 1 to 4 pixels (a block spans at most two pixels a side), all next to it.
  void expectLoneExtreme(const RgbaImage& image, const MatrixLayout& layout, const MatrixCamera& camera,
                         std::pair<int, int> cell, Rgb8 colour) {
    const CellRect rect = cellRect(layout, camera, cell.first, cell.second);
    int count = 0;
    for (int y = layout.area.y; y < image.height; ++y) {
      for (int x = layout.area.x; x < image.width; ++x) {
        if (!close(pixelAt(image, x, y), colour)) continue;
        ++count;
        QVERIFY2(std::abs(x + 0.5 - rect.centreX()) <= 2.5 && std::abs(y + 0.5 - rect.centreY()) <= 2.5,
                 "extreme colour " + describe(colour) + " away from its cell, at " + QByteArray::number(x) +
                     "," + QByteArray::number(y));
      }
    }
    QVERIFY2(count >= 1 && count <= 4, "a lone extreme shows on " + QByteArray::number(count) + " pixels");
  }

 private slots:
  void initTestCase() {
    std::string whyNot;
    renderer_ = MatrixRenderer::create(&whyNot);
    if (renderer_) {
      qInfo("Vulkan device: %s", renderer_->deviceName().c_str());
    } else {
      QVERIFY2(!whyNot.empty(), "create() failed without a reason");
      qWarning("no renderer: %s", whyNot.c_str());
    }
  }

  void colourMapsHaveThePublishedEnds() {
    // matplotlib's published 8-bit ends: viridis #440154 .. #FDE725, cividis #00224E .. #FEE838,
    // ColorBrewer RdBu #67001F .. #F7F7F7 (middle) .. #053061.
    QCOMPARE(colorTable(ColorMap::Viridis).front(), (Rgb8{0x44, 0x01, 0x54}));
    QCOMPARE(colorTable(ColorMap::Viridis).back(), (Rgb8{0xFD, 0xE7, 0x25}));
    QCOMPARE(colorTable(ColorMap::Cividis).front(), (Rgb8{0x00, 0x22, 0x4E}));
    QCOMPARE(colorTable(ColorMap::Cividis).back(), (Rgb8{0xFE, 0xE8, 0x38}));
    QCOMPARE(divergingTable().front(), (Rgb8{0x67, 0x00, 0x1F}));
    QCOMPARE(divergingTable().back(), (Rgb8{0x05, 0x30, 0x61}));
    QVERIFY(close(divergingTable()[127], Rgb8{0xF7, 0xF7, 0xF7}, 2));
    QVERIFY(close(divergingTable()[128], Rgb8{0xF7, 0xF7, 0xF7}, 2));
  }

  void layoutMapsPixelsToCells() {
    const MatrixLayout layout = matrixLayout(400, 300);
    QCOMPARE(layout.margin, 12);  // 4% of 300
    QCOMPARE(layout.area.width, 388);
    QCOMPARE(layout.area.height, 288);
    const MatrixCamera camera{10.25, 3.5, 7.0, 12.0};
    for (int row = 10; row < 17; ++row) {
      for (int col = 4; col < 15; ++col) {
        const CellRect rect = cellRect(layout, camera, row, col);
        const auto cell = cellAt(layout, camera, 100, 100, rect.centreX(), rect.centreY());
        QVERIFY(cell.has_value());
        QCOMPARE(cell->row, row);
        QCOMPARE(cell->col, col);
      }
    }
    QVERIFY(!cellAt(layout, camera, 100, 100, 5, 100).has_value());   // in the margin
    QVERIFY(!cellAt(layout, camera, 12, 100, 390, 290).has_value());  // past the last row
  }

  void knownInstance_data() {
    QTest::addColumn<double>("rowBegin");
    QTest::addColumn<double>("colBegin");
    QTest::addColumn<double>("rowsVisible");
    QTest::addColumn<double>("colsVisible");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::newRow("whole matrix, 38 px cells") << 0.0 << 0.0 << 5.0 << 5.0 << 200 << 200;
    QTest::newRow("zoomed, offset, 116 x 77 px cells") << 0.5 << 0.75 << 3.0 << 2.5 << 300 << 240;
    QTest::newRow("zoomed out past the edges") << -1.0 << -2.0 << 8.0 << 9.0 << 360 << 330;
  }

  void knownInstance() {
    requireRenderer();
    QFETCH(double, rowBegin);
    QFETCH(double, colBegin);
    QFETCH(double, rowsVisible);
    QFETCH(double, colsVisible);
    QFETCH(int, width);
    QFETCH(int, height);
    const MatrixCamera camera{rowBegin, colBegin, rowsVisible, colsVisible};
    const MatrixLayout layout = matrixLayout(width, height);
    const MatrixOverlay overlay = knownOverlay();
    renderer_->setCosts(matrixOf(knownCosts_));
    const RgbaImage image =
        renderer_->render(camera, overlay, MatrixQuantity::Cost, ColorMap::Viridis, width, height);
    QCOMPARE(image.width, width);
    QCOMPARE(image.height, height);
    QCOMPARE(image.pixels.size(), static_cast<std::size_t>(width) * height * 4);

    const auto heat = [&](int row, int col) {  // costs 1 .. 9 span the colour map
      return colorAt(colorTable(ColorMap::Viridis), (knownCosts_[row][col] - 1) / 8.0);
    };
    const auto at = [&](int row, int col) { return visibleCentre(layout, camera, row, col); };
    int checked = 0;
    // A plain cell: colour map only.
    if (auto p = at(4, 1)) {
      EXPECT_COLOUR(image, p->first, p->second, heat(4, 1), "plain cell (4,1)");
      ++checked;
    }
    if (auto p = at(2, 4)) {
      EXPECT_COLOUR(image, p->first, p->second, heat(2, 4), "plain cell (2,4)");
      ++checked;
    }
    // Covered row 1, covered column 3, and both.
    if (auto p = at(1, 0)) {
      EXPECT_COLOUR(image, p->first, p->second, tinted(heat(1, 0), true, false), "covered row, cell (1,0)");
      ++checked;
    }
    if (auto p = at(0, 3)) {
      EXPECT_COLOUR(image, p->first, p->second, tinted(heat(0, 3), false, true),
                    "covered column, cell (0,3)");
      ++checked;
    }
    if (auto p = at(1, 3)) {
      EXPECT_COLOUR(image, p->first, p->second, tinted(heat(1, 3), true, true),
                    "covered row and column (1,3)");
      ++checked;
    }
    // Zero slack (the diagonal): a white dot with a black outline, centred; (2,2) is on no path.
    const CellRect zero = cellRect(layout, camera, 2, 2);
    if (at(2, 2) && camera.rowBegin <= 2 && camera.colBegin <= 2) {
      const double dotHalf = 0.5 * style::kZeroDotFraction * std::min(zero.x1 - zero.x0, zero.y1 - zero.y0);
      EXPECT_COLOUR(image, zero.centreX(), zero.centreY(), style::kZeroMark, "zero-slack dot (2,2)");
      EXPECT_COLOUR(image, zero.centreX() + dotHalf - 0.5, zero.centreY(), style::kZeroOutline,
                    "dot outline (2,2)");
      EXPECT_COLOUR(image, zero.centreX() + dotHalf + 2.5, zero.centreY(), heat(2, 2),
                    "beside the dot (2,2)");
      ++checked;
    }
    // Assignment: a frame inside the cell; (0,0) is also a zero, so its centre has the dot.
    const CellRect assigned = cellRect(layout, camera, 0, 0);
    if (camera.rowBegin <= 0 && camera.colBegin <= 0) {
      EXPECT_COLOUR(image, assigned.x0 + 1.5, assigned.y0 + 1.5, style::kAssignment,
                    "assignment frame (0,0)");
      EXPECT_COLOUR(image, assigned.centreX(), assigned.centreY(), style::kZeroMark, "assigned zero (0,0)");
      ++checked;
    }
    // Augmenting paths: each cell's centre in its path's colour, and the line between (2,1) and (1,1).
    for (const auto& [row, col, path] :
         std::vector<std::tuple<int, int, int>>{{2, 1, 0}, {1, 1, 0}, {1, 2, 0}, {4, 4, 1}}) {
      const CellRect cell = cellRect(layout, camera, row, col);
      if (cell.centreX() < layout.area.x || cell.centreY() < layout.area.y || cell.centreX() >= width ||
          cell.centreY() >= height) {
        continue;
      }
      EXPECT_COLOUR(image, cell.centreX(), cell.centreY(), ms::palette::pathColour(path), "path cell");
      ++checked;
    }
    const CellRect below = cellRect(layout, camera, 2, 1);
    const CellRect above = cellRect(layout, camera, 1, 1);
    const double middleY = 0.5 * (below.centreY() + above.centreY());
    if (middleY >= layout.area.y && below.centreX() >= layout.area.x) {
      EXPECT_COLOUR(image, below.centreX(), middleY, ms::palette::pathColour(0), "path line (2,1)-(1,1)");
    }
    // Dual bars: u = 2 (the largest) fills the margin beside row 0, u = 1 half of it, u = 0 nothing; every
    // v is 1, the largest, so every column has a full bar.
    const CellRect row0 = cellRect(layout, camera, 0, 0);
    const CellRect row1 = cellRect(layout, camera, 1, 0);
    const CellRect row2 = cellRect(layout, camera, 2, 0);
    const double barX = layout.area.x - 0.5;
    if (row0.centreY() >= layout.area.y) {
      EXPECT_COLOUR(image, barX, row0.centreY(), style::kDualPositive, "row 0 dual bar at the edge");
      EXPECT_COLOUR(image, 1.5, row0.centreY(), style::kDualPositive, "row 0 dual bar at the outer end");
    }
    EXPECT_COLOUR(image, barX, row1.centreY(), style::kDualPositive, "row 1 dual bar at the edge");
    EXPECT_COLOUR(image, 0.5, row1.centreY(), style::kBackground, "row 1 dual bar ends half-way");
    EXPECT_COLOUR(image, barX, row2.centreY(), style::kBackground, "row 2 has no dual bar");
    const CellRect col2 = cellRect(layout, camera, 0, 2);
    EXPECT_COLOUR(image, col2.centreX(), layout.area.y - 0.5, style::kDualPositive,
                  "column 2 dual bar at the edge");
    EXPECT_COLOUR(image, col2.centreX(), 1.5, style::kDualPositive, "column 2 dual bar at the outer end");
    // Off the matrix.
    if (camera.rowBegin < 0) {
      EXPECT_COLOUR(image, layout.area.x + 0.5, layout.area.y + 0.5, style::kBackground,
                    "outside the matrix");
    }
    QVERIFY2(checked >= 5, "too few cells of the known instance were visible to check");
  }

  void slackUsesTheDivergingMap() {
    requireRenderer();
    renderer_->setCosts(matrixOf(knownCosts_));
    const MatrixCamera camera = wholeMatrixCamera(5, 5);
    const MatrixLayout layout = matrixLayout(200, 200);
    const MatrixOverlay overlay = knownOverlay();
    const RgbaImage image =
        renderer_->render(camera, overlay, MatrixQuantity::Slack, ColorMap::Viridis, 200, 200);
    // Slack = c - u - v: the largest |slack| is 8 (cells (2,1) and (4,2)), so the scale runs from -8 to 8.
    const auto diverging = [](double slack) { return colorAt(divergingTable(), (slack + 8) / 16); };
    const CellRect plain = cellRect(layout, camera, 4, 1);  // 5 - 1 = 4
    EXPECT_COLOUR(image, plain.centreX(), plain.centreY(), diverging(4), "slack 4 at (4,1)");
    const CellRect extreme = cellRect(layout, camera, 4, 2);  // 9 - 1 = 8
    EXPECT_COLOUR(image, extreme.centreX(), extreme.centreY(), diverging(8), "slack 8 at (4,2)");
    const CellRect zero = cellRect(layout, camera, 3, 3);  // 2 - 2 = 0 (assigned): the dot
    EXPECT_COLOUR(image, zero.centreX(), zero.centreY(), style::kZeroMark, "zero slack at (3,3)");
  }

  void forbiddenCellsShowAsForbidden() {
    requireRenderer();
    CostMatrix<double> costs(4, 4);
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) costs(r, c) = 1.0 + r + 0.5 * c;
    }
    costs(2, 1) = std::numeric_limits<double>::infinity();
    renderer_->setCosts(costs);
    const MatrixCamera camera = wholeMatrixCamera(4, 4);
    const MatrixLayout layout = matrixLayout(160, 160);
    for (MatrixQuantity quantity : {MatrixQuantity::Cost, MatrixQuantity::Slack}) {
      const RgbaImage image = renderer_->render(camera, {}, quantity, ColorMap::Cividis, 160, 160);
      const CellRect forbidden = cellRect(layout, camera, 2, 1);
      EXPECT_COLOUR(image, forbidden.centreX(), forbidden.centreY(), style::kForbidden, "forbidden cell");
      const CellRect highest = cellRect(layout, camera, 3, 3);  // 5.5, the largest finite cost
      EXPECT_COLOUR(
          image, highest.centreX(), highest.centreY(),
          quantity == MatrixQuantity::Cost ? colorTable(ColorMap::Cividis).back() : divergingTable().back(),
          "largest finite cost");
    }
  }

  void smallCellsBlendZeros() {
    requireRenderer();
    // 100 x 100 cells over 288 x 288 pixels: under kMinDotCellPixels but over a pixel, so the base is read
    // and a zero-slack cell is blended half-way to the zero mark as a whole (no dot), after its row's cover
    // tint.
    const int n = 100;
    CostMatrix<int32_t> costs(n, n);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) costs(r, c) = 10 + (r * 7 + c * 13) % 50;
    }
    costs(40, 60) = 0;  // the only zero (no duals)
    renderer_->setCosts(costs);
    MatrixOverlay overlay;
    overlay.rowCovered.assign(n, 0);
    overlay.rowCovered[40] = 1;
    const int size = 300;
    const MatrixCamera camera = wholeMatrixCamera(n, n);
    const MatrixLayout layout = matrixLayout(size, size);
    const double cellSide = layout.area.width / double(n);
    QVERIFY(cellSide > 1 && cellSide < style::kMinDotCellPixels);
    const RgbaImage image =
        renderer_->render(camera, overlay, MatrixQuantity::Cost, ColorMap::Viridis, size, size);
    const auto heat = [&](int row, int col) {
      return colorAt(colorTable(ColorMap::Viridis), costs(row, col) / 59.0);
    };
    const CellRect zero = cellRect(layout, camera, 40, 60);
    EXPECT_COLOUR(image, zero.centreX(), zero.centreY(),
                  blend(tinted(heat(40, 60), true, false), style::kZeroMark, style::kZeroBlend),
                  "zero-slack cell (40,60)");
    const CellRect coveredNeighbour = cellRect(layout, camera, 40, 61);
    EXPECT_COLOUR(image, coveredNeighbour.centreX(), coveredNeighbour.centreY(),
                  tinted(heat(40, 61), true, false), "covered cell (40,61)");
    const CellRect plain = cellRect(layout, camera, 41, 60);
    EXPECT_COLOUR(image, plain.centreX(), plain.centreY(), heat(41, 60), "plain cell (41,60)");
  }

  void levelOfDetailKeepsLoneExtremes() {
    requireRenderer();
    // 2000 x 2000 costs in [400, 600] with one 1000 and one 0: at 200 x 200 pixels each pixel covers about
    // ten by ten cells, so the image is drawn from the pyramid; both lone cells must still show.
    const int n = 2000;
    CostMatrix<int32_t> costs(n, n);
    uint64_t state = 12345;
    for (int64_t k = 0; k < costs.size(); ++k) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      costs.data()[k] = 400 + static_cast<int32_t>((state >> 33) % 201);
    }
    const std::pair<int, int> high{1234, 567};
    const std::pair<int, int> low{321, 1789};
    costs(high.first, high.second) = 1000;
    costs(low.first, low.second) = 0;
    renderer_->setCosts(costs);
    QVERIFY(renderer_->matrixInfo().pyramidLevels > 0);
    const int size = 200;
    const MatrixCamera camera = wholeMatrixCamera(n, n);
    const MatrixLayout layout = matrixLayout(size, size);
    const RgbaImage image =
        renderer_->render(camera, {}, MatrixQuantity::Cost, ColorMap::Viridis, size, size);

    const Rgb8 highColour = colorTable(ColorMap::Viridis).back();
    // The 0 is also the only zero-slack cell (no duals yet): where cells are below a pixel it is blended
    // half-way to the zero mark.
    const Rgb8 lowColour = blend(colorTable(ColorMap::Viridis).front(), style::kZeroMark, style::kZeroBlend);
    const Rgb8 low400 = colorAt(colorTable(ColorMap::Viridis), 400.0 / 1000);
    const Rgb8 high600 = colorAt(colorTable(ColorMap::Viridis), 600.0 / 1000);
    for (int y = layout.area.y; y < size; ++y) {
      for (int x = layout.area.x; x < size; ++x) {
        // Every other pixel shows the extreme of its block farther from the middle: 400 or 600.
        const Rgb8 c = pixelAt(image, x, y);
        QVERIFY2(close(c, highColour) || close(c, lowColour) || close(c, low400) || close(c, high600),
                 "pixel " + QByteArray::number(x) + "," + QByteArray::number(y) + " is " + describe(c));
      }
    }
    expectLoneExtreme(image, layout, camera, high, highColour);
    expectLoneExtreme(image, layout, camera, low, lowColour);

    // The slack pyramid, from duals u = 300, v = 50: slack is c - 350 in [50, 250], with 650 and -350 alone.
    MatrixOverlay duals;
    duals.rowDual.assign(n, 300);
    duals.colDual.assign(n, 50);
    const RgbaImage slack =
        renderer_->render(camera, duals, MatrixQuantity::Slack, ColorMap::Viridis, size, size);
    expectLoneExtreme(slack, layout, camera, high, divergingTable().back());
    expectLoneExtreme(slack, layout, camera, low, colorAt(divergingTable(), (-350.0 + 650) / 1300));
  }

  void snapshotsOfARealSolve() {
    requireRenderer();
    // Step the classical variant on seeded instances until a reverse pass has found a path through several
    // cells, then check every cell of the picture against the snapshot.
    for (uint64_t seed = 1; seed <= 40; ++seed) {
      const int n = 8;
      const auto any = ms::lap::generate({ms::lap::Generator::Uniform, n, ms::lap::CostRange::N, seed});
      const auto& costs = std::get<CostMatrix<int32_t>>(any);
      auto solver =
          ms::lap::makeLapSolver(costs, {ms::lap::LapAlgorithm::Classical, ms::lap::Backend::Sequential, 1});
      ms::Snapshot snapshot;
      while (!solver->done()) {
        solver->step();
        solver->snapshot(snapshot);
        const auto& state = std::get<ms::lap::LapSnapshot>(snapshot);
        if (state.lastPhase != "reverse_pass") continue;
        bool longPath = false;
        for (const auto& path : state.augmentingPaths) longPath = longPath || path.size() >= 4;
        if (!longPath) continue;

        renderer_->setCosts(costs);
        const int size = 400;
        const MatrixCamera camera = wholeMatrixCamera(n, n);
        const MatrixLayout layout = matrixLayout(size, size);
        const RgbaImage image = renderer_->render(camera, overlayFromSnapshot(state), MatrixQuantity::Cost,
                                                  ColorMap::Viridis, size, size);
        std::set<std::pair<int, int>> onPaths;
        for (std::size_t p = 0; p < state.augmentingPaths.size(); ++p) {
          const auto footprint = pathFootprint(state.augmentingPaths[p]);
          onPaths.insert(footprint.begin(), footprint.end());
          for (const auto& [row, col] : pathCells(state.augmentingPaths[p])) {
            const CellRect cell = cellRect(layout, camera, row, col);
            EXPECT_COLOUR(image, cell.centreX(), cell.centreY(), ms::palette::pathColour(p),
                          "path cell of the snapshot");
          }
        }
        int low = std::numeric_limits<int>::max(), high = std::numeric_limits<int>::min();
        for (int64_t k = 0; k < costs.size(); ++k) {
          low = std::min(low, costs.data()[k]);
          high = std::max(high, costs.data()[k]);
        }
        for (int r = 0; r < n; ++r) {
          for (int c = 0; c < n; ++c) {
            if (onPaths.count({r, c}) != 0) continue;
            const CellRect cell = cellRect(layout, camera, r, c);
            if (state.rowAssignment[r] == c) {
              EXPECT_COLOUR(image, cell.x0 + 1.5, cell.y0 + 1.5, style::kAssignment, "assigned cell");
              continue;
            }
            const double slack = costs(r, c) - state.rowDual[r] - state.colDual[c];
            if (slack == 0) {
              EXPECT_COLOUR(image, cell.centreX(), cell.centreY(), style::kZeroMark, "zero-slack cell");
              continue;
            }
            const Rgb8 heat =
                colorAt(colorTable(ColorMap::Viridis), double(costs(r, c) - low) / (high - low));
            EXPECT_COLOUR(image, cell.centreX(), cell.centreY(),
                          tinted(heat, state.rowCovered[r] != 0, state.colCovered[c] != 0), "plain cell");
          }
        }
        return;
      }
    }
    QFAIL("no classical solve of the seeded instances produced a multi-cell augmenting path");
  }

  // Greedy's latest take (green) and the auction's bids of the round (blue) sit on their cells' centres in
  // the picture of the solver's own snapshots.
  void approximationMarksOfRealSolves() {
    requireRenderer();
    const int n = 8, size = 400;
    const auto any = ms::lap::generate({ms::lap::Generator::Uniform, n, ms::lap::CostRange::N, 6});
    const auto& costs = std::get<CostMatrix<int32_t>>(any);
    renderer_->setCosts(costs);
    const MatrixCamera camera = wholeMatrixCamera(n, n);
    const MatrixLayout layout = matrixLayout(size, size);
    int takes = 0, bids = 0;
    for (const auto algorithm : {ms::lap::LapAlgorithm::Greedy, ms::lap::LapAlgorithm::Auction}) {
      ms::lap::LapOptions options(algorithm, ms::lap::Backend::Sequential, 1);
      options.auction.roundsPerStep = 1;
      auto solver = ms::lap::makeLapSolver(costs, options);
      ms::Snapshot snapshot;
      while (!solver->done()) {
        solver->step();
        solver->snapshot(snapshot);
        const auto& state = std::get<ms::lap::LapSnapshot>(snapshot);
        const RgbaImage image = renderer_->render(camera, overlayFromSnapshot(state), MatrixQuantity::Cost,
                                                  ColorMap::Viridis, size, size);
        const ms::lap::ApproximationState& approximation = state.approximation;
        if (approximation.takenRow >= 0) {
          const CellRect cell = cellRect(layout, camera, approximation.takenRow, approximation.takenCol);
          EXPECT_COLOUR(image, cell.centreX(), cell.centreY(), style::kTakenMark, "greedy's take");
          ++takes;
        }
        for (std::size_t row = 0; row < approximation.bidColumn.size(); ++row) {
          if (approximation.bidColumn[row] < 0) continue;
          const CellRect cell = cellRect(layout, camera, static_cast<int>(row), approximation.bidColumn[row]);
          EXPECT_COLOUR(image, cell.centreX(), cell.centreY(), style::kBidMark, "an auction bid");
          ++bids;
        }
      }
    }
    QCOMPARE(takes, n);
    QVERIFY(bids >= n);
  }

  void cliRenderWritesThePng() {
    requireRenderer();
    QTemporaryDir dir;
    const QString output = dir.filePath("matrix.png");
    QProcess cli;
    cli.start(MATCHSCOPE_CLI,
              {"render",      "--generate", "uniform",   "--n",        "30",      "--seed",   "4",
               "--algorithm", "tree",       "--backend", "cpu",        "--steps", "7",        "--width",
               "321",         "--height",   "203",       "--quantity", "slack",   "--output", output});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QVERIFY(cli.readAllStandardOutput().contains("steps: 7"));
    const QImage image(output);
    QCOMPARE(image.size(), QSize(321, 203));
    QCOMPARE(image.pixelColor(0, 0),
             QColor(style::kBackground.r, style::kBackground.g, style::kBackground.b));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);  // no temporary left behind

    // An unwritable destination fails with a message and leaves nothing.
    QProcess failing;
    failing.start(MATCHSCOPE_CLI, {"render", "--generate", "uniform", "--n", "5", "--steps", "1", "--width",
                                   "50", "--height", "50", "--output", dir.filePath("missing/matrix.png")});
    QVERIFY(failing.waitForFinished(60000));
    QVERIFY(failing.exitCode() != 0);
    QVERIFY(failing.readAllStandardError().contains("matchscope-cli:"));
  }

  void cliBenchRenderWritesOneRowPerRun() {
    requireRenderer();
    QTemporaryDir dir;
    const QString output = dir.filePath("pan.csv");
    QProcess cli;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("LP_NUM_THREADS", "1");
    cli.setProcessEnvironment(environment);
    cli.start(MATCHSCOPE_CLI,
              {"bench-render", "--generate", "uniform", "--n", "64", "--frames", "3", "--runs", "2",
               "--width", "200", "--height", "120", "--machine", "test box", "--output", output});
    QVERIFY(cli.waitForFinished(60000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    QFile file(output);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(
        lines.value(0),
        QString("machine,device,hardware_threads,lp_num_threads,n,width,height,zoom,cells_per_pixel,frames,"
                "run,seconds,fps,cpu_ms_per_frame,commit,date"));
    QCOMPARE(lines.size(), 1 + 3 * 2);  // three zoom levels, two runs each
    const PixelRect area = matrixLayout(200, 120).area;
    const std::vector<std::pair<QString, double>> zooms{
        {"whole", 64.0 / area.width}, {"1 cell/px", 1.0}, {"8 px/cell", 0.125}};
    for (int i = 1; i < lines.size(); ++i) {
      const QStringList row = csvFields(lines[i]);
      QCOMPARE(row.size(), 16);
      QCOMPARE(row[0], QString("test box"));
      QCOMPARE(row[3], QString("1"));
      QCOMPARE(row[4].toInt(), 64);
      QCOMPARE(row[7], zooms[(i - 1) / 2].first);
      QVERIFY(std::abs(row[8].toDouble() - zooms[(i - 1) / 2].second) < 1e-4);
      QCOMPARE(row[9].toInt(), 3);
      QCOMPARE(row[10].toInt(), (i - 1) % 2);
      const double seconds = row[11].toDouble();
      QVERIFY(seconds > 0);
      QVERIFY2(std::abs(row[12].toDouble() - 3 / seconds) <= 0.01 * row[12].toDouble() + 0.01,
               "fps is frames / seconds");
    }
  }

  void cliSaysWhyWithoutAVulkanDevice() {
    QProcess cli;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("VK_ICD_FILENAMES", "/nonexistent/icd.json");  // the loader then finds no driver
    environment.insert("VK_DRIVER_FILES", "/nonexistent/icd.json");
    cli.setProcessEnvironment(environment);
    cli.start(MATCHSCOPE_CLI,
              {"render", "--generate", "uniform", "--n", "5", "--backend", "cpu", "--steps", "1", "--width",
               "50", "--height", "50", "--output", QDir::temp().filePath("never-written.png")});
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), 1);
    const QByteArray error = cli.readAllStandardError();
    QVERIFY2(error.startsWith("matchscope-cli: cannot render: ") && error.count('\n') == 1,
             error.constData());
  }
};

QTEST_GUILESS_MAIN(TestMatrixRenderer)
#include "test_matrix_renderer.moc"

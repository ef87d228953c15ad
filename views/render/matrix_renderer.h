#pragma once
// The matrix view's renderer: plain Vulkan drawing into an offscreen image that is read back to memory, so
// the same code paints the studio's widget, exports at any resolution and runs in tests on lavapipe (Mesa's
// CPU Vulkan device), with no display, window or swapchain. No Qt here: matchscope-cli uses it too.
//
// Vulkan is loaded at run time (vulkan.hpp's dynamic loader), so programs linking this library start on
// machines without libvulkan; create() then says why there is no renderer.
//
// The cost matrix lives on the device as a float texture (the base) plus two min/max pyramids (costs, and
// slack c - u - v, rebuilt on the device when the duals change); shaders compute the heatmap, the slack, the
// cover tint and the zero marks per pixel from them and from small per-line buffers. Where cells are smaller
// than pixels, a pixel reads the pyramid level whose blocks are at least a pixel wide (so every block is
// under some pixel) and shows the block's extreme that lies farther from the middle of the colour scale:
// no cell's extreme vanishes, at the price of blocks up to two pixels wide. Not thread-safe: use one
// renderer from one thread at a time.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "solver/lap/cost_matrix.h"
#include "solver/lap/lap_snapshot.h"
#include "views/render/color_maps.h"
#include "views/render/matrix_layout.h"
#include "views/render/matrix_style.h"

namespace ms::render {

struct RgbaImage {
  int width = 0, height = 0;
  std::vector<uint8_t> pixels;  // RGBA8, sRGB, top row first, width * height * 4 bytes
};

// Slack = c - u - v, drawn with the diverging map centred on zero.
enum class MatrixQuantity { Cost, Slack };

// A cell an approximation points at: the entry greedy took, the position random drew, a row's auction bid.
struct CellMark {
  int32_t row = 0;
  int32_t col = 0;
  Rgb8 colour;
};

struct MatrixOverlay {                   // filled from ms::lap::LapSnapshot
  std::vector<double> rowDual, colDual;  // empty = none yet (taken as zeros); auction: colDual = prices
  std::vector<uint8_t> rowCovered, colCovered;  // empty = nothing covered
  std::vector<int32_t> rowAssignment;           // column of each row, -1 = unassigned
  std::vector<std::vector<int32_t>> paths;      // r0, c1, r1, c2, ..., ck per augmenting path
  std::vector<CellMark> marks;                  // drawn last, over everything else
  // Slack <= this is a zero. The device computes in float, so the renderer never uses less than
  // 2^-21 x (max |c| + max |u| + max |v|): exact for integer costs and duals below about 2^20.
  double zeroTolerance = 0;
  bool markZeros = true;  // false where zero has no meaning (a matching's weights, an approximation's costs)
};

// A Hungarian snapshot's duals, covers, assignment and paths. An approximation's: its covers and assignment,
// its prices in place of the column duals (auction), its latest take or draw, or its bids, as marks; no zero
// marks (without duals a zero cost means nothing special).
MatrixOverlay overlayFromSnapshot(const ms::lap::LapSnapshot& snapshot);

// What the device holds for the current matrix.
struct DeviceMatrixInfo {
  int32_t rows = 0, cols = 0;
  int32_t pyramidLevels = 0;  // levels above the base
  int32_t firstBlock = 0;     // cells per block side of the first pyramid level
  uint64_t deviceBytes = 0;   // base plus both pyramids
};

class MatrixRenderer {
 public:
  // nullptr and a one-line reason when no usable Vulkan 1.3 device is available.
  static std::unique_ptr<MatrixRenderer> create(std::string* whyNot);
  ~MatrixRenderer();
  MatrixRenderer(const MatrixRenderer&) = delete;
  MatrixRenderer& operator=(const MatrixRenderer&) = delete;

  // Uploads the matrix (as float) and builds its pyramids. Throws ms::ResourceError if it does not fit.
  void setCosts(const ms::lap::AnyCostMatrix& costs);
  template <ms::lap::CostType T>
  void setCosts(const ms::lap::CostMatrix<T>& costs);

  // Draws the view at width x height (1 .. the device's image limit). Precondition: setCosts was called.
  // The overlay's per-row vectors must be empty or as long as the matrix's rows (columns for colDual).
  RgbaImage render(const MatrixCamera& camera, const MatrixOverlay& overlay, MatrixQuantity quantity,
                   ColorMap colorMap, int width, int height);

  std::string deviceName() const;
  DeviceMatrixInfo matrixInfo() const;

 private:
  struct Impl;
  explicit MatrixRenderer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace ms::render

#pragma once
// The per-frame inputs of the matrix shaders that the host prepares from the overlay's per-row and per-column
// vectors: for each pixel row and column of the matrix area the dual under it, the covered fraction of its
// lines and its dual bar; the duals for the slack pyramid; and the overlay rectangles (assignment, augmenting
// paths). No Vulkan here.

#include <array>
#include <cstdint>
#include <vector>

#include "views/render/matrix_layout.h"
#include "views/render/matrix_renderer.h"

namespace ms::render {

// Layout matches the shaders' Quad (views/render/shader_interface.h checks it).
struct OverlayQuad {
  float x0, y0, x1, y1;         // pixels
  std::array<float, 4> colour;  // sRGB, 0..1
};

// One texel of the shaders' `lines` texture: what a pixel column (or row) of the matrix area shows.
struct PixelLine {
  float dual = 0;     // v (or u) of the line under the pixel centre
  float covered = 0;  // fraction of the lines the pixel spans that are covered
  float offset = 0;   // pixel centre minus the centre of the line under it, in pixels
  float index = -1;   // the line under the pixel centre, -1 off the matrix
};

struct FrameData {
  std::vector<PixelLine> colLines;  // per pixel column of the matrix area
  std::vector<PixelLine> rowLines;  // per pixel row
  std::vector<float> colBars;       // per pixel column: the dual of largest magnitude among the columns it
  std::vector<float> rowBars;       // spans / the largest overall, in [-1, 1]; per pixel row for rows
  std::vector<float> duals;         // u of every row, then v of every column (zeros where there are none)
  std::vector<OverlayQuad> quads;   // drawn in order, clipped to the matrix area
  double zeroTolerance = 0;         // what the shaders use (see MatrixOverlay)
};

// Throws std::invalid_argument when an overlay vector is neither empty nor of the matrix's size.
FrameData buildFrameData(const MatrixOverlay& overlay, const MatrixCamera& camera, const MatrixLayout& layout,
                         int32_t rows, int32_t cols, double maxAbsCost);

}  // namespace ms::render

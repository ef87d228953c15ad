#pragma once
// A cost matrix on the Vulkan device: the costs as floats in a 2D array texture (tiles of at most the
// device's image size), the images of two min/max pyramids over it (costs, and slack c - u - v) that
// PyramidBuilder fills, and the duals the slack pyramid was built from.

#include <cstdint>
#include <vector>

#include "solver/lap/cost_matrix.h"
#include "views/render/matrix_renderer.h"
#include "views/render/vulkan_device.h"

namespace ms::render::detail {

enum class Pyramid { Cost, Slack };

struct BaseTiling {
  int32_t rows = 0, cols = 0;          // of the matrix
  int32_t tileRows = 0, tileCols = 0;  // cells per tile
  int32_t tilesAcross = 0;             // tiles per row of tiles; layer = tileRow * tilesAcross + tileCol
  bool tiled() const { return tilesAcross > 1 || tileRows < rows; }  // more than one layer
};

class GpuCostMatrix {
 public:
  // Throws ms::ResourceError when the matrix and its pyramids do not fit the device's memory heap.
  template <ms::lap::CostType T>
  GpuCostMatrix(VulkanDevice& device, const ms::lap::CostMatrix<T>& costs);

  const BaseTiling& tiling() const { return tiling_; }
  const GpuImage& base() const { return base_; }
  // Level k (1..levelCount) is levels(p)[k - 1]: blocks of block(k) cells a side; the last is 1 x 1.
  const std::vector<GpuImage>& levels(Pyramid pyramid) const {
    return pyramid == Pyramid::Cost ? costLevels_ : slackLevels_;
  }
  int levelCount() const { return static_cast<int>(costLevels_.size()); }
  uint32_t block(int level) const { return firstBlock_ << (level - 1); }
  // 0 (the base) when cells are at least a pixel, else the finest level whose blocks span at least
  // cellsPerPixel cells, so every block contains some pixel's centre.
  int levelFor(double cellsPerPixel) const;

  const GpuImage& duals() const { return duals_; }  // u then v, kDualTextureWidth to a row
  double maxAbsFiniteCost() const { return maxAbsFiniteCost_; }
  DeviceMatrixInfo summary() const;

 private:
  BaseTiling tiling_;
  uint32_t firstBlock_ = 2;
  GpuImage base_;
  std::vector<GpuImage> costLevels_;
  std::vector<GpuImage> slackLevels_;
  GpuImage duals_;
  double maxAbsFiniteCost_ = 0;
  uint64_t deviceBytes_ = 0;
};

}  // namespace ms::render::detail

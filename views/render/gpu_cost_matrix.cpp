#include "views/render/gpu_cost_matrix.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "solver/core/errors.h"
#include "views/render/shader_interface.h"

namespace ms::render::detail {

namespace {

constexpr uint64_t kEntryBytes = 4 * sizeof(float);
constexpr uint64_t kMiB = uint64_t{1} << 20;

uint32_t ceilDiv(uint64_t a, uint64_t b) {
  return static_cast<uint32_t>((a + b - 1) / b);
}

// Sizes of the levels above the base for first blocks of `firstBlock` cells a side, each next level halving,
// up to 1 x 1.
std::vector<vk::Extent2D> levelExtents(int32_t rows, int32_t cols, uint32_t firstBlock) {
  std::vector<vk::Extent2D> levels{{ceilDiv(cols, firstBlock), ceilDiv(rows, firstBlock)}};
  while (levels.back().width > 1 || levels.back().height > 1) {
    levels.push_back({ceilDiv(levels.back().width, 2), ceilDiv(levels.back().height, 2)});
  }
  return levels;
}

uint64_t pyramidBytes(const std::vector<vk::Extent2D>& levels) {
  uint64_t bytes = 0;
  for (const vk::Extent2D& level : levels) bytes += uint64_t{level.width} * level.height * kEntryBytes;
  return bytes;
}

}  // namespace

template <ms::lap::CostType T>
GpuCostMatrix::GpuCostMatrix(VulkanDevice& device, const ms::lap::CostMatrix<T>& costs) {
  if (costs.rows() <= 0 || costs.cols() <= 0)
    throw std::invalid_argument("the matrix view needs a non-empty matrix");
  const int32_t rows = costs.rows();
  const int32_t cols = costs.cols();
  const uint64_t baseBytes =
      uint64_t{sizeof(float)} * static_cast<uint64_t>(rows) * static_cast<uint64_t>(cols);

  // The finest first level whose two pyramids fit beside the base in 90% of the device heap; lavapipe reports
  // a 2 GiB heap, so n = 20000 (1.6 GB of floats) gets 8 x 8 first blocks, n <= 10000 gets 2 x 2.
  const uint64_t budget = device.deviceHeapBytes() / 10 * 9;
  const uint32_t maxSide = device.maxImageDimension();
  const auto fits = [&](const std::vector<vk::Extent2D>& levels) {
    return baseBytes + 2 * pyramidBytes(levels) <= budget && levels.front().width <= maxSide &&
           levels.front().height <= maxSide;
  };
  std::vector<vk::Extent2D> levels;
  for (firstBlock_ = 2;; firstBlock_ *= 2) {
    levels = levelExtents(rows, cols, firstBlock_);
    if (fits(levels) || firstBlock_ >= 256) break;
  }
  deviceBytes_ = baseBytes + 2 * pyramidBytes(levels);
  if (deviceBytes_ > device.deviceHeapBytes() || levels.front().width > maxSide ||
      levels.front().height > maxSide) {
    throw ResourceError("the " + std::to_string(rows) + " x " + std::to_string(cols) + " matrix needs " +
                        std::to_string(deviceBytes_ / kMiB) + " MiB on the Vulkan device (" + device.name() +
                        "), which has " + std::to_string(device.deviceHeapBytes() / kMiB) + " MiB");
  }

  // Tiles as equal as possible, each within the device's image size.
  const int32_t tilesDown = static_cast<int32_t>(ceilDiv(rows, maxSide));
  tiling_ = {rows, cols, static_cast<int32_t>(ceilDiv(rows, tilesDown)), 0,
             static_cast<int32_t>(ceilDiv(cols, maxSide))};
  tiling_.tileCols = static_cast<int32_t>(ceilDiv(cols, tiling_.tilesAcross));
  const vk::ImageUsageFlags sampled = vk::ImageUsageFlagBits::eSampled | vk::ImageUsageFlagBits::eTransferDst;
  base_ = device.createImage(
      {static_cast<uint32_t>(tiling_.tileCols), static_cast<uint32_t>(tiling_.tileRows)},
      static_cast<uint32_t>(tilesDown * tiling_.tilesAcross), vk::Format::eR32Sfloat, sampled);
  double largest = 0;
  for (int32_t tileRow = 0; tileRow < tilesDown; ++tileRow) {
    for (int32_t tileCol = 0; tileCol < tiling_.tilesAcross; ++tileCol) {
      const int32_t firstRow = tileRow * tiling_.tileRows;
      const int32_t firstCol = tileCol * tiling_.tileCols;
      const int32_t width = std::min(tiling_.tileCols, cols - firstCol);
      const int32_t height = std::min(tiling_.tileRows, rows - firstRow);
      const auto layer = static_cast<uint32_t>(tileRow * tiling_.tilesAcross + tileCol);
      device.uploadImage(base_, layer, uint64_t{sizeof(float)} * base_.extent.width,
                         [&](std::byte* host, uint32_t row0, uint32_t rowCount) {
                           auto* out = reinterpret_cast<float*>(host);
                           double pieceLargest = 0;
#pragma omp parallel for reduction(max : pieceLargest)
                           for (int64_t r = 0; r < static_cast<int64_t>(rowCount); ++r) {
                             float* to = out + r * tiling_.tileCols;
                             const int32_t row = firstRow + static_cast<int32_t>(row0 + r);
                             if (row - firstRow >= height) {
                               std::fill(to, to + tiling_.tileCols, 0.0f);  // padding of the last tile row
                               continue;
                             }
                             const T* from = costs.row(row) + firstCol;
                             for (int32_t c = 0; c < width; ++c) {
                               to[c] = static_cast<float>(from[c]);
                               if (!ms::lap::isForbidden(from[c])) {
                                 pieceLargest =
                                     std::max(pieceLargest, std::abs(static_cast<double>(from[c])));
                               }
                             }
                             std::fill(to + width, to + tiling_.tileCols, 0.0f);
                           }
                           largest = std::max(largest, pieceLargest);
                         });
    }
  }
  maxAbsFiniteCost_ = largest;

  const vk::ImageUsageFlags levelUsage = vk::ImageUsageFlagBits::eColorAttachment |
                                         vk::ImageUsageFlagBits::eSampled |
                                         vk::ImageUsageFlagBits::eTransferSrc;
  for (const vk::Extent2D& extent : levels) {
    costLevels_.push_back(device.createImage(extent, 1, vk::Format::eR32G32B32A32Sfloat, levelUsage));
    slackLevels_.push_back(device.createImage(extent, 1, vk::Format::eR32G32B32A32Sfloat, levelUsage));
  }
  duals_ = device.createImage(
      {kDualTextureWidth, ceilDiv(uint64_t{static_cast<uint32_t>(rows)} + cols, kDualTextureWidth)}, 1,
      vk::Format::eR32Sfloat, sampled);
}

int GpuCostMatrix::levelFor(double cellsPerPixel) const {
  if (cellsPerPixel <= 1.0) return 0;
  for (int level = 1; level < levelCount(); ++level) {
    if (block(level) >= cellsPerPixel) return level;
  }
  return levelCount();
}

DeviceMatrixInfo GpuCostMatrix::summary() const {
  return {tiling_.rows, tiling_.cols, levelCount(), static_cast<int32_t>(firstBlock_), deviceBytes_};
}

template GpuCostMatrix::GpuCostMatrix(VulkanDevice&, const ms::lap::CostMatrix<int32_t>&);
template GpuCostMatrix::GpuCostMatrix(VulkanDevice&, const ms::lap::CostMatrix<int64_t>&);
template GpuCostMatrix::GpuCostMatrix(VulkanDevice&, const ms::lap::CostMatrix<float>&);
template GpuCostMatrix::GpuCostMatrix(VulkanDevice&, const ms::lap::CostMatrix<double>&);

}  // namespace ms::render::detail

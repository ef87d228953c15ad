#include "views/render/matrix_renderer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <stdexcept>
#include <variant>

#include "shaders/fullscreen_vert.h"
#include "shaders/matrix_frag.h"
#include "shaders/overlay_frag.h"
#include "shaders/overlay_vert.h"
#include "views/render/frame_data.h"
#include "views/render/gpu_cost_matrix.h"
#include "views/render/matrix_style.h"
#include "views/render/pyramid_builder.h"
#include "views/render/shader_interface.h"
#include "views/render/vulkan_device.h"

namespace ms::render {

using detail::CellScale;
using detail::GpuBuffer;
using detail::GpuImage;
using detail::MatrixPart;
using detail::MatrixVariant;
using detail::MemoryUse;
using detail::Pyramid;
using detail::PyramidEntry;

namespace {

constexpr vk::Format kTargetFormat = vk::Format::eR8G8B8A8Unorm;  // sRGB bytes, written as they are
constexpr int kColorMapCount = 3;                                 // rows of the colour-map texture
constexpr int kDivergingRow = 2;
constexpr uint32_t kLineRows = 4;  // of the lines texture: column lines, row lines, column bars, row bars

detail::Vec4 toVec4(Rgb8 colour, double w = 1.0) {
  return {colour.r / 255.0f, colour.g / 255.0f, colour.b / 255.0f, static_cast<float>(w)};
}

// Grows a host-visible buffer to hold at least `bytes`.
void reserve(const detail::VulkanDevice& device, GpuBuffer& buffer, vk::DeviceSize bytes,
             vk::BufferUsageFlags usage) {
  if (buffer.size >= bytes) return;
  buffer = device.createBuffer(std::max(bytes + bytes / 2, vk::DeviceSize{256}), usage, MemoryUse::Upload);
}

vk::Rect2D toRect2D(const PixelRect& rect) {
  return {{rect.x, rect.y}, {static_cast<uint32_t>(rect.width), static_cast<uint32_t>(rect.height)}};
}

vk::PipelineVertexInputStateCreateInfo overlayVertexInput() {
  static const vk::VertexInputBindingDescription binding(0, sizeof(OverlayQuad),
                                                         vk::VertexInputRate::eInstance);
  static const std::array attributes{
      vk::VertexInputAttributeDescription(0, 0, vk::Format::eR32G32B32A32Sfloat, offsetof(OverlayQuad, x0)),
      vk::VertexInputAttributeDescription(1, 0, vk::Format::eR32G32B32A32Sfloat,
                                          offsetof(OverlayQuad, colour))};
  return {{}, binding, attributes};
}

}  // namespace

struct MatrixRenderer::Impl {
  explicit Impl(std::unique_ptr<detail::VulkanDevice> vulkan) : device(std::move(vulkan)), pyramids(*device) {
    const vk::raii::Device& vulkanDevice = device->device();
    sampler = device->createNearestSampler();
    const vk::ShaderStageFlags fragment = vk::ShaderStageFlagBits::eFragment;
    std::array<vk::DescriptorSetLayoutBinding, 6> bindings;
    bindings[0] = vk::DescriptorSetLayoutBinding(0, vk::DescriptorType::eUniformBuffer, 1, fragment);
    for (uint32_t b = 1; b < bindings.size(); ++b) {
      bindings[b] = vk::DescriptorSetLayoutBinding(b, vk::DescriptorType::eCombinedImageSampler, 1, fragment);
    }
    drawSetLayout =
        vk::raii::DescriptorSetLayout(vulkanDevice, vk::DescriptorSetLayoutCreateInfo({}, bindings));
    drawLayout = vk::raii::PipelineLayout(vulkanDevice, vk::PipelineLayoutCreateInfo({}, *drawSetLayout));
    const vk::PushConstantRange overlayPush(vk::ShaderStageFlagBits::eVertex, 0, sizeof(detail::OverlayPush));
    overlayLayout = vk::raii::PipelineLayout(vulkanDevice, vk::PipelineLayoutCreateInfo({}, {}, overlayPush));
    overlayPipeline = device->createGraphicsPipeline(overlayLayout, kOverlayVert, kOverlayFrag, kTargetFormat,
                                                     overlayVertexInput());
    const std::array poolSizes{vk::DescriptorPoolSize(vk::DescriptorType::eUniformBuffer, 1),
                               vk::DescriptorPoolSize(vk::DescriptorType::eCombinedImageSampler, 5)};
    descriptorPool = vk::raii::DescriptorPool(
        vulkanDevice,
        vk::DescriptorPoolCreateInfo(vk::DescriptorPoolCreateFlagBits::eFreeDescriptorSet, 1, poolSizes));
    drawSet = std::move(vk::raii::DescriptorSets(
        vulkanDevice, vk::DescriptorSetAllocateInfo(*descriptorPool, *drawSetLayout))[0]);
    uniforms = device->createBuffer(sizeof(detail::FrameUniforms), vk::BufferUsageFlagBits::eUniformBuffer,
                                    MemoryUse::Upload);

    colorMaps = device->createImage({256, kColorMapCount}, 1, vk::Format::eR8G8B8A8Unorm,
                                    vk::ImageUsageFlagBits::eSampled | vk::ImageUsageFlagBits::eTransferDst);
    const std::array<const ColorTable*, kColorMapCount> tables{
        &colorTable(ColorMap::Viridis), &colorTable(ColorMap::Cividis), &divergingTable()};
    device->uploadImage(colorMaps, 0, 256 * 4, [&](std::byte* host, uint32_t firstRow, uint32_t rowCount) {
      for (uint32_t row = 0; row < rowCount; ++row) {
        for (std::size_t i = 0; i < 256; ++i) {
          const Rgb8 c = (*tables[firstRow + row])[i];
          const std::array<std::byte, 4> texel{std::byte{c.r}, std::byte{c.g}, std::byte{c.b},
                                               std::byte{255}};
          std::memcpy(host + (row * 256 + i) * 4, texel.data(), 4);
        }
      }
    });
  }

  template <ms::lap::CostType T>
  void setCosts(const ms::lap::CostMatrix<T>& costs) {
    matrix.reset();  // free the old matrix's memory before allocating the new one
    slackDuals.reset();
    auto uploaded = std::make_unique<detail::GpuCostMatrix>(*device, costs);
    device->submitAndWait([&](const vk::raii::CommandBuffer& commands) {
      pyramids.record(commands, *uploaded, Pyramid::Cost);
    });
    costTop = pyramids.topEntry(Pyramid::Cost);
    matrix = std::move(uploaded);
  }

  // The slack pyramid follows the duals: rebuilt only when they changed since the last build.
  void updateSlackPyramid(const std::vector<float>& duals) {
    if (slackDuals == duals) return;
    const GpuImage& image = matrix->duals();
    device->uploadImage(image, 0, image.extent.width * sizeof(float),
                        [&](std::byte* host, uint32_t firstRow, uint32_t rowCount) {
                          auto* out = reinterpret_cast<float*>(host);
                          const std::size_t begin = std::size_t{firstRow} * image.extent.width;
                          const std::size_t count = std::size_t{rowCount} * image.extent.width;
                          std::fill(out, out + count, 0.0f);
                          if (begin < duals.size()) {
                            std::copy_n(duals.begin() + static_cast<std::ptrdiff_t>(begin),
                                        std::min(count, duals.size() - begin), out);
                          }
                        });
    device->submitAndWait(
        [&](const vk::raii::CommandBuffer& commands) { pyramids.record(commands, *matrix, Pyramid::Slack); });
    slackTop = pyramids.topEntry(Pyramid::Slack);
    slackDuals = duals;
  }

  void ensureTarget(int width, int height, const MatrixLayout& layout) {
    if (width == targetWidth && height == targetHeight) return;
    const vk::Extent2D extent(static_cast<uint32_t>(width), static_cast<uint32_t>(height));
    target =
        device->createImage(extent, 1, kTargetFormat,
                            vk::ImageUsageFlagBits::eColorAttachment | vk::ImageUsageFlagBits::eTransferSrc);
    readback = device->createBuffer(vk::DeviceSize{extent.width} * extent.height * 4,
                                    vk::BufferUsageFlagBits::eTransferDst, MemoryUse::Readback);
    const auto longest = static_cast<uint32_t>(std::max({layout.area.width, layout.area.height, 1}));
    lines = device->createImage({longest, kLineRows}, 1, vk::Format::eR32G32B32A32Sfloat,
                                vk::ImageUsageFlagBits::eSampled | vk::ImageUsageFlagBits::eTransferDst);
    linesStaging = device->createBuffer(vk::DeviceSize{longest} * kLineRows * sizeof(PixelLine),
                                        vk::BufferUsageFlagBits::eTransferSrc, MemoryUse::Upload);
    targetWidth = width;
    targetHeight = height;
  }

  detail::FrameUniforms frameUniforms(const MatrixCamera& camera, const MatrixLayout& layout,
                                      MatrixQuantity quantity, ColorMap colorMap, int level,
                                      double zeroTolerance) const {
    detail::FrameUniforms u;
    u.area = {static_cast<float>(layout.area.x), static_cast<float>(layout.area.y),
              static_cast<float>(layout.area.width), static_cast<float>(layout.area.height)};
    u.cell = {static_cast<float>(layout.area.width / camera.colsVisible),
              static_cast<float>(layout.area.height / camera.rowsVisible),
              static_cast<float>(style::kZeroDotFraction), 0};
    const bool slack = quantity == MatrixQuantity::Slack;
    u.lookup = {slack ? 1 : 0, level > 0 ? std::countr_zero(matrix->block(level)) : 0,
                slack ? kDivergingRow : (colorMap == ColorMap::Cividis ? 1 : 0), 0};
    const detail::BaseTiling& tiling = matrix->tiling();
    u.tiling = {tiling.tileRows, tiling.tileCols, tiling.tilesAcross, 0};
    // Cost: the finite range. Slack: symmetric around zero, so the diverging map's middle is zero.
    const PyramidEntry whole = slack ? *slackTop : costTop;
    double low = whole.minFinite;
    double high = whole.maxFinite;
    if (!(low <= high)) low = high = 0;  // every cell forbidden
    if (slack) {
      high = std::max(std::abs(low), std::abs(high));
      low = -high;
    }
    u.scale = {static_cast<float>(low), high > low ? static_cast<float>(1.0 / (high - low)) : 0.0f,
               static_cast<float>(zeroTolerance), 0};
    u.background = toVec4(style::kBackground);
    u.forbidden = toVec4(style::kForbidden);
    u.zeroMark = toVec4(style::kZeroMark, style::kZeroBlend);
    u.zeroOutline = toVec4(style::kZeroOutline);
    u.coverTint = toVec4(style::kCoverTint, style::kCoverTintWeight);
    u.dualPositive = toVec4(style::kDualPositive);
    u.dualNegative = toVec4(style::kDualNegative);
    return u;
  }

  void bindDrawSet(int level) {
    const int shownLevel = std::max(level, 1);  // bindings 2 and 3 are unused at the base but must be valid
    const vk::DescriptorBufferInfo frame(*uniforms.buffer, 0, sizeof(detail::FrameUniforms));
    const std::array<const GpuImage*, 5> images{
        &matrix->base(), &matrix->levels(Pyramid::Cost)[shownLevel - 1],
        &matrix->levels(Pyramid::Slack)[shownLevel - 1], &lines, &colorMaps};
    std::array<vk::DescriptorImageInfo, 5> infos;
    std::vector<vk::WriteDescriptorSet> writes{
        vk::WriteDescriptorSet(*drawSet, 0, 0, vk::DescriptorType::eUniformBuffer, {}, frame)};
    for (std::size_t i = 0; i < images.size(); ++i) {
      infos[i] = vk::DescriptorImageInfo(*sampler, *images[i]->view, vk::ImageLayout::eGeneral);
      writes.emplace_back(*drawSet, static_cast<uint32_t>(i + 1), 0,
                          vk::DescriptorType::eCombinedImageSampler, infos[i]);
    }
    device->device().updateDescriptorSets(writes, {});
  }

  RgbaImage render(const MatrixCamera& camera, const MatrixOverlay& overlay, MatrixQuantity quantity,
                   ColorMap colorMap, int width, int height) {
    if (!matrix) throw std::logic_error("MatrixRenderer::render: no cost matrix set");
    const auto limit = static_cast<int>(device->maxImageDimension());
    if (width < 1 || height < 1 || width > limit || height > limit) {
      throw std::invalid_argument("image size " + std::to_string(width) + " x " + std::to_string(height) +
                                  " is outside 1 .. " + std::to_string(limit) + " on " + device->name());
    }
    if (!(camera.rowsVisible > 0) || !(camera.colsVisible > 0)) {
      throw std::invalid_argument("the camera must show a positive number of rows and columns");
    }
    const detail::BaseTiling& tiling = matrix->tiling();
    const MatrixLayout layout = matrixLayout(width, height);
    const FrameData frame =
        buildFrameData(overlay, camera, layout, tiling.rows, tiling.cols, matrix->maxAbsFiniteCost());
    const double cellsPerPixel = std::max(camera.rowsVisible / std::max(layout.area.height, 1),
                                          camera.colsVisible / std::max(layout.area.width, 1));
    const int level = matrix->levelFor(cellsPerPixel);
    if (quantity == MatrixQuantity::Slack || level > 0) updateSlackPyramid(frame.duals);

    ensureTarget(width, height, layout);
    const detail::FrameUniforms frameValues =
        frameUniforms(camera, layout, quantity, colorMap, level, frame.zeroTolerance);
    std::memcpy(uniforms.mapped, &frameValues, sizeof(frameValues));
    auto* lineTexels = reinterpret_cast<PixelLine*>(linesStaging.mapped);
    const std::size_t lineWidth = lines.extent.width;
    std::copy(frame.colLines.begin(), frame.colLines.end(), lineTexels);
    std::copy(frame.rowLines.begin(), frame.rowLines.end(), lineTexels + lineWidth);
    for (std::size_t i = 0; i < frame.colBars.size(); ++i)
      lineTexels[2 * lineWidth + i] = {frame.colBars[i], 0, 0, 0};
    for (std::size_t i = 0; i < frame.rowBars.size(); ++i)
      lineTexels[3 * lineWidth + i] = {frame.rowBars[i], 0, 0, 0};
    reserve(*device, quads, std::max<std::size_t>(frame.quads.size(), 1) * sizeof(OverlayQuad),
            vk::BufferUsageFlagBits::eVertexBuffer);
    if (!frame.quads.empty())
      std::memcpy(quads.mapped, frame.quads.data(), frame.quads.size() * sizeof(OverlayQuad));
    bindDrawSet(level);

    device->submitAndWait([&](const vk::raii::CommandBuffer& commands) {
      recordFrame(commands, layout, cellScale(frameValues, level), static_cast<uint32_t>(frame.quads.size()));
    });
    RgbaImage image;
    image.width = width;
    image.height = height;
    const auto* pixels = reinterpret_cast<const uint8_t*>(readback.mapped);
    image.pixels.assign(pixels, pixels + readback.size);
    return image;
  }

  // matrix.frag specialised for one variant, made on first use.
  const vk::raii::Pipeline& matrixPipeline(const MatrixVariant& variant) {
    auto found = matrixPipelines.find(variant);
    if (found == matrixPipelines.end()) {
      const std::array entries{
          vk::SpecializationMapEntry(0, offsetof(MatrixVariant, part), sizeof(variant.part)),
          vk::SpecializationMapEntry(1, offsetof(MatrixVariant, cells), sizeof(variant.cells)),
          vk::SpecializationMapEntry(2, offsetof(MatrixVariant, tiled), sizeof(variant.tiled))};
      vk::SpecializationInfo constants;
      constants.setMapEntries(entries).setDataSize(sizeof(variant)).setPData(&variant);
      found = matrixPipelines
                  .emplace(variant, device->createGraphicsPipeline(drawLayout, kFullscreenVert, kMatrixFrag,
                                                                   kTargetFormat, {}, &constants))
                  .first;
    }
    return found->second;
  }

  // Judged on the float cell size in the uniforms, the one the shader sizes the dots by.
  static CellScale cellScale(const detail::FrameUniforms& frameValues, int level) {
    if (level > 0) return CellScale::SubPixel;
    const float cellSide = std::min(frameValues.cell[0], frameValues.cell[1]);
    return cellSide >= static_cast<float>(style::kMinDotCellPixels) ? CellScale::Large : CellScale::Small;
  }

  void recordFrame(const vk::raii::CommandBuffer& commands, const MatrixLayout& layout, CellScale cells,
                   uint32_t quadCount) {
    const vk::BufferImageCopy linesCopy(0, 0, 0,
                                        vk::ImageSubresourceLayers(vk::ImageAspectFlagBits::eColor, 0, 0, 1),
                                        {0, 0, 0}, vk::Extent3D(lines.extent, 1));
    commands.copyBufferToImage(*linesStaging.buffer, *lines.image, vk::ImageLayout::eGeneral, linesCopy);
    const vk::MemoryBarrier linesReady(vk::AccessFlagBits::eTransferWrite, vk::AccessFlagBits::eShaderRead);
    commands.pipelineBarrier(vk::PipelineStageFlagBits::eTransfer, vk::PipelineStageFlagBits::eFragmentShader,
                             {}, linesReady, {}, {});

    const vk::Extent2D extent = target.extent;
    // The background is the clear colour; the matrix area and the two margins with dual bars are drawn over
    // it, each by a full-screen triangle scissored to its rectangle and a pipeline made for that part.
    const detail::Vec4 background = toVec4(style::kBackground);
    const vk::ClearValue clear{vk::ClearColorValue(background)};
    const vk::RenderingAttachmentInfo colour(*target.view, vk::ImageLayout::eGeneral, {}, {}, {},
                                             vk::AttachmentLoadOp::eClear, vk::AttachmentStoreOp::eStore,
                                             clear);
    commands.beginRendering(vk::RenderingInfo({}, vk::Rect2D({0, 0}, extent), 1, 0, colour));
    commands.setViewport(
        0, vk::Viewport(0, 0, static_cast<float>(extent.width), static_cast<float>(extent.height), 0, 1));
    commands.bindDescriptorSets(vk::PipelineBindPoint::eGraphics, *drawLayout, 0, *drawSet, {});
    const PixelRect& area = layout.area;
    const MatrixVariant areaVariant{MatrixPart::Area, cells, matrix->tiling().tiled()};
    const std::array<std::pair<MatrixVariant, PixelRect>, 3> parts{
        {{areaVariant, area},
         {{MatrixPart::RowBars}, {0, area.y, area.x, area.height}},
         {{MatrixPart::ColumnBars}, {area.x, 0, area.width, area.y}}}};
    for (const auto& [variant, rect] : parts) {
      if (rect.width <= 0 || rect.height <= 0) continue;
      commands.setScissor(0, toRect2D(rect));
      commands.bindPipeline(vk::PipelineBindPoint::eGraphics, *matrixPipeline(variant));
      commands.draw(3, 1, 0, 0);
    }
    if (quadCount > 0 && area.width > 0 && area.height > 0) {
      commands.setScissor(0, toRect2D(area));
      commands.bindPipeline(vk::PipelineBindPoint::eGraphics, *overlayPipeline);
      const detail::OverlayPush push{{static_cast<float>(extent.width), static_cast<float>(extent.height)}};
      commands.pushConstants<detail::OverlayPush>(*overlayLayout, vk::ShaderStageFlagBits::eVertex, 0, push);
      commands.bindVertexBuffers(0, *quads.buffer, {0});
      commands.draw(6, quadCount, 0, 0);
    }
    commands.endRendering();

    const vk::MemoryBarrier drawn(vk::AccessFlagBits::eColorAttachmentWrite,
                                  vk::AccessFlagBits::eTransferRead);
    commands.pipelineBarrier(vk::PipelineStageFlagBits::eColorAttachmentOutput,
                             vk::PipelineStageFlagBits::eTransfer, {}, drawn, {}, {});
    const vk::BufferImageCopy copy(0, 0, 0,
                                   vk::ImageSubresourceLayers(vk::ImageAspectFlagBits::eColor, 0, 0, 1),
                                   {0, 0, 0}, vk::Extent3D(extent, 1));
    commands.copyImageToBuffer(*target.image, vk::ImageLayout::eGeneral, *readback.buffer, copy);
    const vk::MemoryBarrier toHost(vk::AccessFlagBits::eTransferWrite, vk::AccessFlagBits::eHostRead);
    commands.pipelineBarrier(vk::PipelineStageFlagBits::eTransfer, vk::PipelineStageFlagBits::eHost, {},
                             toHost, {}, {});
  }

  std::unique_ptr<detail::VulkanDevice> device;
  detail::PyramidBuilder pyramids;
  vk::raii::Sampler sampler{nullptr};
  vk::raii::DescriptorSetLayout drawSetLayout{nullptr};
  vk::raii::PipelineLayout drawLayout{nullptr};
  std::map<MatrixVariant, vk::raii::Pipeline> matrixPipelines;
  vk::raii::PipelineLayout overlayLayout{nullptr};
  vk::raii::Pipeline overlayPipeline{nullptr};
  vk::raii::DescriptorPool descriptorPool{nullptr};
  vk::raii::DescriptorSet drawSet{nullptr};
  GpuBuffer uniforms;
  GpuImage colorMaps;  // rows: viridis, cividis, diverging

  std::unique_ptr<detail::GpuCostMatrix> matrix;
  PyramidEntry costTop;
  std::optional<PyramidEntry> slackTop;
  std::optional<std::vector<float>> slackDuals;  // the duals the slack pyramid was built from

  GpuImage target;
  GpuBuffer readback;
  GpuImage lines;  // per pixel column and row of the matrix area (see matrix.frag)
  GpuBuffer linesStaging;
  GpuBuffer quads;
  int targetWidth = 0;
  int targetHeight = 0;
};

std::unique_ptr<MatrixRenderer> MatrixRenderer::create(std::string* whyNot) {
  std::unique_ptr<detail::VulkanDevice> device = detail::VulkanDevice::create(whyNot);
  if (!device) return nullptr;
  try {
    return std::unique_ptr<MatrixRenderer>(new MatrixRenderer(std::make_unique<Impl>(std::move(device))));
  } catch (const std::exception& error) {
    if (whyNot != nullptr) *whyNot = std::string("Vulkan pipeline creation failed: ") + error.what();
    return nullptr;
  }
}

MatrixRenderer::MatrixRenderer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
MatrixRenderer::~MatrixRenderer() = default;

void MatrixRenderer::setCosts(const ms::lap::AnyCostMatrix& costs) {
  std::visit([this](const auto& matrix) { setCosts(matrix); }, costs);
}

template <ms::lap::CostType T>
void MatrixRenderer::setCosts(const ms::lap::CostMatrix<T>& costs) {
  impl_->setCosts(costs);
}
template void MatrixRenderer::setCosts(const ms::lap::CostMatrix<int32_t>&);
template void MatrixRenderer::setCosts(const ms::lap::CostMatrix<int64_t>&);
template void MatrixRenderer::setCosts(const ms::lap::CostMatrix<float>&);
template void MatrixRenderer::setCosts(const ms::lap::CostMatrix<double>&);

RgbaImage MatrixRenderer::render(const MatrixCamera& camera, const MatrixOverlay& overlay,
                                 MatrixQuantity quantity, ColorMap colorMap, int width, int height) {
  return impl_->render(camera, overlay, quantity, colorMap, width, height);
}

std::string MatrixRenderer::deviceName() const {
  return impl_->device->name();
}

DeviceMatrixInfo MatrixRenderer::matrixInfo() const {
  return impl_->matrix ? impl_->matrix->summary() : DeviceMatrixInfo{};
}

}  // namespace ms::render

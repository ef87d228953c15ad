#include "views/render/pyramid_builder.h"

#include <cstring>

#include "shaders/fullscreen_vert.h"
#include "shaders/reduce_base_frag.h"
#include "shaders/reduce_level_frag.h"
#include "views/render/shader_interface.h"

namespace ms::render::detail {

namespace {

constexpr vk::Format kEntryFormat = vk::Format::eR32G32B32A32Sfloat;
constexpr uint32_t kMaxSets = 64;  // a pyramid has at most ~30 levels

vk::DescriptorImageInfo sampledImage(const vk::raii::Sampler& sampler, const GpuImage& image) {
  return {*sampler, *image.view, vk::ImageLayout::eGeneral};
}

}  // namespace

PyramidBuilder::PyramidBuilder(const VulkanDevice& device) : device_(device) {
  const vk::raii::Device& vulkan = device.device();
  sampler_ = device.createNearestSampler();
  const vk::ShaderStageFlags fragment = vk::ShaderStageFlagBits::eFragment;
  const std::array baseBindings{
      vk::DescriptorSetLayoutBinding(0, vk::DescriptorType::eCombinedImageSampler, 1, fragment),
      vk::DescriptorSetLayoutBinding(1, vk::DescriptorType::eCombinedImageSampler, 1, fragment)};
  baseSetLayout_ = vk::raii::DescriptorSetLayout(vulkan, vk::DescriptorSetLayoutCreateInfo({}, baseBindings));
  const vk::DescriptorSetLayoutBinding levelBinding(2, vk::DescriptorType::eCombinedImageSampler, 1,
                                                    fragment);
  levelSetLayout_ =
      vk::raii::DescriptorSetLayout(vulkan, vk::DescriptorSetLayoutCreateInfo({}, levelBinding));
  const vk::PushConstantRange push(fragment, 0, sizeof(ReduceBasePush));
  basePipelineLayout_ =
      vk::raii::PipelineLayout(vulkan, vk::PipelineLayoutCreateInfo({}, *baseSetLayout_, push));
  levelPipelineLayout_ = vk::raii::PipelineLayout(vulkan, vk::PipelineLayoutCreateInfo({}, *levelSetLayout_));
  basePipeline_ =
      device.createGraphicsPipeline(basePipelineLayout_, kFullscreenVert, kReduceBaseFrag, kEntryFormat);
  levelPipeline_ =
      device.createGraphicsPipeline(levelPipelineLayout_, kFullscreenVert, kReduceLevelFrag, kEntryFormat);
  const vk::DescriptorPoolSize poolSize(vk::DescriptorType::eCombinedImageSampler, 2 * kMaxSets);
  pool_ = vk::raii::DescriptorPool(
      vulkan,
      vk::DescriptorPoolCreateInfo(vk::DescriptorPoolCreateFlagBits::eFreeDescriptorSet, kMaxSets, poolSize));
  top_ = device.createBuffer(2 * sizeof(PyramidEntry), vk::BufferUsageFlagBits::eTransferDst,
                             MemoryUse::Readback);
}

void PyramidBuilder::record(const vk::raii::CommandBuffer& commands, const GpuCostMatrix& matrix,
                            Pyramid pyramid) {
  const vk::raii::Device& vulkan = device_.device();
  std::vector<vk::raii::DescriptorSet>& sets = sets_[static_cast<std::size_t>(pyramid)];
  sets.clear();
  const std::vector<GpuImage>& levels = matrix.levels(pyramid);

  for (std::size_t k = 0; k < levels.size(); ++k) {
    const bool first = k == 0;
    sets.push_back(std::move(vk::raii::DescriptorSets(
        vulkan, vk::DescriptorSetAllocateInfo(*pool_, first ? *baseSetLayout_ : *levelSetLayout_))[0]));
    if (first) {
      const vk::DescriptorImageInfo base = sampledImage(sampler_, matrix.base());
      const vk::DescriptorImageInfo duals = sampledImage(sampler_, matrix.duals());
      vulkan.updateDescriptorSets(
          {vk::WriteDescriptorSet(*sets.back(), 0, 0, vk::DescriptorType::eCombinedImageSampler, base),
           vk::WriteDescriptorSet(*sets.back(), 1, 0, vk::DescriptorType::eCombinedImageSampler, duals)},
          {});
    } else {
      const vk::DescriptorImageInfo below = sampledImage(sampler_, levels[k - 1]);
      vulkan.updateDescriptorSets(
          vk::WriteDescriptorSet(*sets.back(), 2, 0, vk::DescriptorType::eCombinedImageSampler, below), {});
    }

    const GpuImage& target = levels[k];
    const vk::RenderingAttachmentInfo attachment(*target.view, vk::ImageLayout::eGeneral, {}, {}, {},
                                                 vk::AttachmentLoadOp::eDontCare,
                                                 vk::AttachmentStoreOp::eStore);
    commands.beginRendering(vk::RenderingInfo({}, vk::Rect2D({0, 0}, target.extent), 1, 0, attachment));
    commands.setViewport(0, vk::Viewport(0, 0, static_cast<float>(target.extent.width),
                                         static_cast<float>(target.extent.height), 0, 1));
    commands.setScissor(0, vk::Rect2D({0, 0}, target.extent));
    if (first) {
      const BaseTiling& tiling = matrix.tiling();
      const ReduceBasePush push{
          {tiling.rows, tiling.cols, tiling.tileRows, tiling.tileCols},
          {tiling.tilesAcross, static_cast<int32_t>(matrix.block(1)), pyramid == Pyramid::Slack ? 1 : 0, 0}};
      commands.bindPipeline(vk::PipelineBindPoint::eGraphics, *basePipeline_);
      commands.bindDescriptorSets(vk::PipelineBindPoint::eGraphics, *basePipelineLayout_, 0, *sets.back(),
                                  {});
      commands.pushConstants<ReduceBasePush>(*basePipelineLayout_, vk::ShaderStageFlagBits::eFragment, 0,
                                             push);
    } else {
      commands.bindPipeline(vk::PipelineBindPoint::eGraphics, *levelPipeline_);
      commands.bindDescriptorSets(vk::PipelineBindPoint::eGraphics, *levelPipelineLayout_, 0, *sets.back(),
                                  {});
    }
    commands.draw(3, 1, 0, 0);
    commands.endRendering();
    const vk::MemoryBarrier written(vk::AccessFlagBits::eColorAttachmentWrite,
                                    vk::AccessFlagBits::eShaderRead | vk::AccessFlagBits::eTransferRead);
    commands.pipelineBarrier(
        vk::PipelineStageFlagBits::eColorAttachmentOutput,
        vk::PipelineStageFlagBits::eFragmentShader | vk::PipelineStageFlagBits::eTransfer, {}, written, {},
        {});
  }

  const vk::BufferImageCopy copy(static_cast<vk::DeviceSize>(pyramid) * sizeof(PyramidEntry), 0, 0,
                                 vk::ImageSubresourceLayers(vk::ImageAspectFlagBits::eColor, 0, 0, 1),
                                 {0, 0, 0}, {1, 1, 1});
  commands.copyImageToBuffer(*levels.back().image, vk::ImageLayout::eGeneral, *top_.buffer, copy);
  const vk::MemoryBarrier toHost(vk::AccessFlagBits::eTransferWrite, vk::AccessFlagBits::eHostRead);
  commands.pipelineBarrier(vk::PipelineStageFlagBits::eTransfer, vk::PipelineStageFlagBits::eHost, {}, toHost,
                           {}, {});
}

PyramidEntry PyramidBuilder::topEntry(Pyramid pyramid) const {
  PyramidEntry entry;
  std::memcpy(&entry, top_.mapped + static_cast<std::size_t>(pyramid) * sizeof(PyramidEntry), sizeof(entry));
  return entry;
}

}  // namespace ms::render::detail

#include "views/render/vulkan_device.h"

#include <algorithm>
#include <array>
#include <exception>
#include <optional>
#include <stdexcept>

namespace ms::render::detail {

namespace {

constexpr vk::DeviceSize kStagingBytes = vk::DeviceSize{64} << 20;

int deviceTypeRank(vk::PhysicalDeviceType type) {
  switch (type) {
    case vk::PhysicalDeviceType::eDiscreteGpu:
      return 0;
    case vk::PhysicalDeviceType::eIntegratedGpu:
      return 1;
    case vk::PhysicalDeviceType::eVirtualGpu:
      return 2;
    case vk::PhysicalDeviceType::eCpu:
      return 3;
    default:
      return 4;
  }
}

std::optional<uint32_t> graphicsFamily(const vk::raii::PhysicalDevice& physical) {
  const auto families = physical.getQueueFamilyProperties();
  for (uint32_t i = 0; i < families.size(); ++i) {
    if (families[i].queueFlags & vk::QueueFlagBits::eGraphics) return i;
  }
  return std::nullopt;
}

// Empty when the device can run the renderer, else what it lacks.
std::string missingCapability(const vk::raii::PhysicalDevice& physical) {
  if (physical.getProperties().apiVersion < VK_API_VERSION_1_3) return "Vulkan 1.3";
  const auto features =
      physical.getFeatures2<vk::PhysicalDeviceFeatures2, vk::PhysicalDeviceVulkan13Features>();
  if (!features.get<vk::PhysicalDeviceVulkan13Features>().dynamicRendering) return "dynamic rendering";
  if (!graphicsFamily(physical)) return "a graphics queue";
  return {};
}

}  // namespace

std::unique_ptr<VulkanDevice> VulkanDevice::create(std::string* whyNot) {
  const auto fail = [&](const std::string& reason) -> std::unique_ptr<VulkanDevice> {
    if (whyNot != nullptr) *whyNot = reason;
    return nullptr;
  };
  std::unique_ptr<VulkanDevice> self;
  try {
    self.reset(new VulkanDevice);  // opens libvulkan.so.1; throws when it is not installed
  } catch (const std::exception& error) {
    return fail(std::string("no Vulkan loader (libvulkan.so.1): ") + error.what());
  }
  try {
    const vk::ApplicationInfo application("matchscope", 1, nullptr, 0, VK_API_VERSION_1_3);
    self->instance_ = vk::raii::Instance(self->context_, vk::InstanceCreateInfo({}, &application));

    std::string rejected;
    std::optional<vk::raii::PhysicalDevice> chosen;
    for (auto& physical : vk::raii::PhysicalDevices(self->instance_)) {
      const std::string missing = missingCapability(physical);
      if (!missing.empty()) {
        rejected += (rejected.empty() ? "" : "; ") + std::string(physical.getProperties().deviceName.data()) +
                    " lacks " + missing;
        continue;
      }
      if (!chosen || deviceTypeRank(physical.getProperties().deviceType) <
                         deviceTypeRank(chosen->getProperties().deviceType)) {
        chosen.emplace(std::move(physical));
      }
    }
    if (!chosen)
      return fail(rejected.empty() ? "no Vulkan device found" : "no usable Vulkan device: " + rejected);
    self->physical_ = std::move(*chosen);

    const auto properties =
        self->physical_
            .getProperties2<vk::PhysicalDeviceProperties2, vk::PhysicalDeviceMaintenance3Properties>();
    const vk::PhysicalDeviceProperties& core = properties.get<vk::PhysicalDeviceProperties2>().properties;
    self->name_ = core.deviceName.data();
    self->maxImageDimension_ = core.limits.maxImageDimension2D;
    self->maxAllocationBytes_ =
        properties.get<vk::PhysicalDeviceMaintenance3Properties>().maxMemoryAllocationSize;
    self->memory_ = self->physical_.getMemoryProperties();
    for (uint32_t h = 0; h < self->memory_.memoryHeapCount; ++h) {
      if (self->memory_.memoryHeaps[h].flags & vk::MemoryHeapFlagBits::eDeviceLocal) {
        self->deviceHeapBytes_ = std::max(self->deviceHeapBytes_, self->memory_.memoryHeaps[h].size);
      }
    }

    const uint32_t family = *graphicsFamily(self->physical_);
    const float priority = 1.0f;
    const vk::DeviceQueueCreateInfo queueInfo({}, family, 1, &priority);
    vk::StructureChain<vk::DeviceCreateInfo, vk::PhysicalDeviceVulkan13Features> deviceInfo;
    deviceInfo.get<vk::DeviceCreateInfo>().setQueueCreateInfos(queueInfo);
    deviceInfo.get<vk::PhysicalDeviceVulkan13Features>().dynamicRendering = VK_TRUE;
    self->device_ = vk::raii::Device(self->physical_, deviceInfo.get<vk::DeviceCreateInfo>());
    self->queue_ = vk::raii::Queue(self->device_, family, 0);
    self->commandPool_ = vk::raii::CommandPool(
        self->device_, vk::CommandPoolCreateInfo(vk::CommandPoolCreateFlagBits::eResetCommandBuffer, family));
    self->commands_ = std::move(vk::raii::CommandBuffers(
        self->device_,
        vk::CommandBufferAllocateInfo(*self->commandPool_, vk::CommandBufferLevel::ePrimary, 1))[0]);
    self->fence_ = vk::raii::Fence(self->device_, vk::FenceCreateInfo());
  } catch (const std::exception& error) {
    return fail(std::string("Vulkan initialisation failed: ") + error.what());
  }
  return self;
}

uint32_t VulkanDevice::memoryType(uint32_t allowedTypes, vk::MemoryPropertyFlags required,
                                  vk::MemoryPropertyFlags preferred) const {
  std::optional<uint32_t> fallback;
  for (uint32_t i = 0; i < memory_.memoryTypeCount; ++i) {
    const vk::MemoryPropertyFlags flags = memory_.memoryTypes[i].propertyFlags;
    if (!(allowedTypes & (1u << i)) || (flags & required) != required) continue;
    if ((flags & preferred) == preferred) return i;
    if (!fallback) fallback = i;
  }
  if (!fallback) throw std::runtime_error("Vulkan: no suitable memory type");
  return *fallback;
}

GpuBuffer VulkanDevice::createBuffer(vk::DeviceSize size, vk::BufferUsageFlags usage, MemoryUse use) const {
  GpuBuffer result;
  result.size = size;
  result.buffer = vk::raii::Buffer(device_, vk::BufferCreateInfo({}, size, usage));
  const vk::MemoryRequirements requirements = result.buffer.getMemoryRequirements();
  const vk::MemoryPropertyFlags hostVisible =
      vk::MemoryPropertyFlagBits::eHostVisible | vk::MemoryPropertyFlagBits::eHostCoherent;
  const vk::MemoryPropertyFlags preferred =
      use == MemoryUse::Readback ? vk::MemoryPropertyFlagBits::eHostCached : vk::MemoryPropertyFlags();
  result.memory = vk::raii::DeviceMemory(
      device_, vk::MemoryAllocateInfo(requirements.size,
                                      memoryType(requirements.memoryTypeBits, hostVisible, preferred)));
  result.buffer.bindMemory(*result.memory, 0);
  result.mapped = static_cast<std::byte*>(result.memory.mapMemory(0, size));
  return result;
}

GpuImage VulkanDevice::createImage(vk::Extent2D extent, uint32_t layers, vk::Format format,
                                   vk::ImageUsageFlags usage, vk::ImageViewType viewType) {
  GpuImage result;
  result.extent = extent;
  result.layers = layers;
  const vk::ImageCreateInfo info({}, vk::ImageType::e2D, format, vk::Extent3D(extent, 1), 1, layers,
                                 vk::SampleCountFlagBits::e1, vk::ImageTiling::eOptimal, usage);
  result.image = vk::raii::Image(device_, info);
  const vk::MemoryRequirements requirements = result.image.getMemoryRequirements();
  result.memory = vk::raii::DeviceMemory(
      device_,
      vk::MemoryAllocateInfo(requirements.size, memoryType(requirements.memoryTypeBits, {},
                                                           vk::MemoryPropertyFlagBits::eDeviceLocal)));
  result.image.bindMemory(*result.memory, 0);
  const vk::ImageSubresourceRange everything(vk::ImageAspectFlagBits::eColor, 0, 1, 0, layers);
  result.view = vk::raii::ImageView(
      device_, vk::ImageViewCreateInfo({}, *result.image, viewType, format, {}, everything));
  submitAndWait([&](const vk::raii::CommandBuffer& commands) {
    const vk::ImageMemoryBarrier toGeneral(
        {}, vk::AccessFlagBits::eMemoryRead | vk::AccessFlagBits::eMemoryWrite, vk::ImageLayout::eUndefined,
        vk::ImageLayout::eGeneral, VK_QUEUE_FAMILY_IGNORED, VK_QUEUE_FAMILY_IGNORED, *result.image,
        everything);
    commands.pipelineBarrier(vk::PipelineStageFlagBits::eTopOfPipe, vk::PipelineStageFlagBits::eAllCommands,
                             {}, {}, {}, toGeneral);
  });
  return result;
}

vk::raii::ShaderModule VulkanDevice::createShaderModule(std::span<const uint32_t> spirv) const {
  return vk::raii::ShaderModule(device_, vk::ShaderModuleCreateInfo({}, spirv.size_bytes(), spirv.data()));
}

vk::raii::Sampler VulkanDevice::createNearestSampler() const {
  vk::SamplerCreateInfo info;
  info.setMagFilter(vk::Filter::eNearest).setMinFilter(vk::Filter::eNearest);
  info.setAddressModeU(vk::SamplerAddressMode::eClampToEdge)
      .setAddressModeV(vk::SamplerAddressMode::eClampToEdge);
  return vk::raii::Sampler(device_, info);
}

vk::raii::Pipeline VulkanDevice::createGraphicsPipeline(
    const vk::raii::PipelineLayout& layout, std::span<const uint32_t> vertex,
    std::span<const uint32_t> fragment, vk::Format format,
    const vk::PipelineVertexInputStateCreateInfo& vertexInput,
    const vk::SpecializationInfo* fragmentConstants) const {
  const vk::raii::ShaderModule vertexShader = createShaderModule(vertex);
  const vk::raii::ShaderModule fragmentShader = createShaderModule(fragment);
  const std::array stages{
      vk::PipelineShaderStageCreateInfo({}, vk::ShaderStageFlagBits::eVertex, *vertexShader, "main"),
      vk::PipelineShaderStageCreateInfo({}, vk::ShaderStageFlagBits::eFragment, *fragmentShader, "main",
                                        fragmentConstants)};
  const vk::PipelineInputAssemblyStateCreateInfo assembly({}, vk::PrimitiveTopology::eTriangleList);
  const vk::PipelineViewportStateCreateInfo viewport({}, 1, nullptr, 1, nullptr);
  vk::PipelineRasterizationStateCreateInfo raster;
  raster.setPolygonMode(vk::PolygonMode::eFill).setCullMode(vk::CullModeFlagBits::eNone).setLineWidth(1.0f);
  const vk::PipelineMultisampleStateCreateInfo multisample;
  vk::PipelineColorBlendAttachmentState attachment;
  attachment.setColorWriteMask(vk::ColorComponentFlagBits::eR | vk::ColorComponentFlagBits::eG |
                               vk::ColorComponentFlagBits::eB | vk::ColorComponentFlagBits::eA);
  const vk::PipelineColorBlendStateCreateInfo blend({}, VK_FALSE, vk::LogicOp::eCopy, attachment);
  const std::array dynamicStates{vk::DynamicState::eViewport, vk::DynamicState::eScissor};
  const vk::PipelineDynamicStateCreateInfo dynamic({}, dynamicStates);
  const vk::PipelineRenderingCreateInfo rendering(0, format);
  vk::GraphicsPipelineCreateInfo info({}, stages, &vertexInput, &assembly, nullptr, &viewport, &raster,
                                      &multisample, nullptr, &blend, &dynamic, *layout);
  info.setPNext(&rendering);
  return vk::raii::Pipeline(device_, nullptr, info);
}

void VulkanDevice::uploadImage(const GpuImage& image, uint32_t layer, vk::DeviceSize bytesPerRow,
                               const RowFiller& fill) {
  const uint32_t rowsPerPiece =
      static_cast<uint32_t>(std::clamp<vk::DeviceSize>(kStagingBytes / bytesPerRow, 1, image.extent.height));
  const GpuBuffer staging =
      createBuffer(bytesPerRow * rowsPerPiece, vk::BufferUsageFlagBits::eTransferSrc, MemoryUse::Upload);
  for (uint32_t row = 0; row < image.extent.height; row += rowsPerPiece) {
    const uint32_t rows = std::min(rowsPerPiece, image.extent.height - row);
    fill(staging.mapped, row, rows);
    submitAndWait([&](const vk::raii::CommandBuffer& commands) {
      const vk::BufferImageCopy copy(
          0, 0, 0, vk::ImageSubresourceLayers(vk::ImageAspectFlagBits::eColor, 0, layer, 1),
          vk::Offset3D(0, static_cast<int32_t>(row), 0), vk::Extent3D(image.extent.width, rows, 1));
      commands.copyBufferToImage(*staging.buffer, *image.image, vk::ImageLayout::eGeneral, copy);
    });
  }
}

void VulkanDevice::submitAndWait(const std::function<void(const vk::raii::CommandBuffer&)>& record) {
  commands_.reset();
  commands_.begin(vk::CommandBufferBeginInfo(vk::CommandBufferUsageFlagBits::eOneTimeSubmit));
  record(commands_);
  commands_.end();
  device_.resetFences(*fence_);
  const vk::CommandBuffer buffer = *commands_;
  queue_.submit(vk::SubmitInfo({}, {}, buffer), *fence_);
  if (device_.waitForFences(*fence_, VK_TRUE, UINT64_MAX) != vk::Result::eSuccess) {
    throw std::runtime_error("Vulkan: waiting for the device failed");
  }
}

}  // namespace ms::render::detail

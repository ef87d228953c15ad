#pragma once
// The Vulkan device the renderer draws with: instance, device, one queue and command buffer, buffers and
// images. The loader is opened at run time (vulkan.hpp's dynamic loader) and no window system is touched, so
// this works headless and on lavapipe.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vulkan/vulkan_raii.hpp>

namespace ms::render::detail {

// Upload: written by the host, read by the device. Readback: written by the device, read by the host.
enum class MemoryUse { Upload, Readback };

// Host-visible buffers only: everything large lives in images.
struct GpuBuffer {
  vk::raii::Buffer buffer{nullptr};
  vk::raii::DeviceMemory memory{nullptr};
  vk::DeviceSize size = 0;
  std::byte* mapped = nullptr;
};

// Images stay in the general layout for their whole life, so passes need memory barriers only.
struct GpuImage {
  vk::raii::Image image{nullptr};
  vk::raii::DeviceMemory memory{nullptr};
  vk::raii::ImageView view{nullptr};
  vk::Extent2D extent;
  uint32_t layers = 1;
};

class VulkanDevice {
 public:
  // nullptr and a one-line reason when Vulkan, or a device with Vulkan 1.3, is missing. Prefers a discrete
  // GPU, then integrated, virtual, and CPU (lavapipe) devices.
  static std::unique_ptr<VulkanDevice> create(std::string* whyNot);

  const vk::raii::Device& device() const { return device_; }
  const std::string& name() const { return name_; }
  vk::DeviceSize deviceHeapBytes() const { return deviceHeapBytes_; }
  vk::DeviceSize maxAllocationBytes() const { return maxAllocationBytes_; }
  uint32_t maxImageDimension() const { return maxImageDimension_; }

  // Throws vk::SystemError (e.g. out of device memory).
  GpuBuffer createBuffer(vk::DeviceSize size, vk::BufferUsageFlags usage, MemoryUse use) const;
  // A device-local 2D image (viewed as e2D, or e2DArray for layered textures), already in the general layout.
  GpuImage createImage(vk::Extent2D extent, uint32_t layers, vk::Format format, vk::ImageUsageFlags usage,
                       vk::ImageViewType viewType = vk::ImageViewType::e2D);
  vk::raii::ShaderModule createShaderModule(std::span<const uint32_t> spirv) const;
  vk::raii::Sampler createNearestSampler() const;
  // A pipeline that draws triangle lists into one colour attachment of `format` with dynamic rendering, no
  // blending, viewport and scissor set at draw time; `fragmentConstants` sets the fragment shader's
  // specialisation constants.
  vk::raii::Pipeline createGraphicsPipeline(const vk::raii::PipelineLayout& layout,
                                            std::span<const uint32_t> vertex,
                                            std::span<const uint32_t> fragment, vk::Format format,
                                            const vk::PipelineVertexInputStateCreateInfo& vertexInput = {},
                                            const vk::SpecializationInfo* fragmentConstants = nullptr) const;

  // Writes rows of one layer of an image made with eTransferDst through a staging buffer, a few at a time:
  // fill(host, firstRow, rowCount) writes rowCount rows of bytesPerRow bytes.
  using RowFiller = std::function<void(std::byte* host, uint32_t firstRow, uint32_t rowCount)>;
  void uploadImage(const GpuImage& image, uint32_t layer, vk::DeviceSize bytesPerRow, const RowFiller& fill);

  // Records into the device's one command buffer, submits, and waits for the device to finish.
  void submitAndWait(const std::function<void(const vk::raii::CommandBuffer&)>& record);

 private:
  VulkanDevice() = default;
  // A memory type among allowedTypes with all `required` flags, preferably with all `preferred` ones too.
  uint32_t memoryType(uint32_t allowedTypes, vk::MemoryPropertyFlags required,
                      vk::MemoryPropertyFlags preferred) const;

  vk::raii::Context context_;
  vk::raii::Instance instance_{nullptr};
  vk::raii::PhysicalDevice physical_{nullptr};
  vk::raii::Device device_{nullptr};
  vk::raii::Queue queue_{nullptr};
  vk::raii::CommandPool commandPool_{nullptr};
  vk::raii::CommandBuffer commands_{nullptr};
  vk::raii::Fence fence_{nullptr};
  vk::PhysicalDeviceMemoryProperties memory_;
  std::string name_;
  vk::DeviceSize deviceHeapBytes_ = 0;
  vk::DeviceSize maxAllocationBytes_ = 0;
  uint32_t maxImageDimension_ = 0;
};

}  // namespace ms::render::detail

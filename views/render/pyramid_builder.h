#pragma once
// Fills a matrix's cost or slack pyramid on the device, one render pass per level (resources/shaders/
// reduce_base.frag, reduce_level.frag): fragment work, which lavapipe spreads over all cores.

#include <array>
#include <vector>

#include "views/render/gpu_cost_matrix.h"
#include "views/render/vulkan_device.h"

namespace ms::render::detail {

// A pyramid entry: the smallest magnitude, the smallest and largest finite values, and 1 if a cell is +inf.
struct PyramidEntry {
  float minAbs = 0, minFinite = 0, maxFinite = 0, forbidden = 0;
};

class PyramidBuilder {
 public:
  explicit PyramidBuilder(const VulkanDevice& device);

  // Records the passes that fill every level (the slack pyramid reads matrix.duals()), and a copy of the top
  // entry for topEntry(). Later fragment shaders and transfers see the result.
  void record(const vk::raii::CommandBuffer& commands, const GpuCostMatrix& matrix, Pyramid pyramid);
  // The entry of the whole matrix, once the recorded commands have run.
  PyramidEntry topEntry(Pyramid pyramid) const;

 private:
  const VulkanDevice& device_;
  vk::raii::Sampler sampler_{nullptr};
  vk::raii::DescriptorSetLayout baseSetLayout_{nullptr};
  vk::raii::DescriptorSetLayout levelSetLayout_{nullptr};
  vk::raii::PipelineLayout basePipelineLayout_{nullptr};
  vk::raii::PipelineLayout levelPipelineLayout_{nullptr};
  vk::raii::Pipeline basePipeline_{nullptr};
  vk::raii::Pipeline levelPipeline_{nullptr};
  vk::raii::DescriptorPool pool_{nullptr};
  std::array<std::vector<vk::raii::DescriptorSet>, 2> sets_;  // per pyramid, alive until its next record
  GpuBuffer top_;                                             // one entry per pyramid
};

}  // namespace ms::render::detail

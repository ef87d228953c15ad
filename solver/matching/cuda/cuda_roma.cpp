// Parallel ROMA on a CUDA device: the shared orchestration over the CUDA kernel set.
#include "solver/matching/cuda/cuda_roma.h"

#include <string>

#include "solver/matching/cuda/cuda_roma_kernels.h"
#include "solver/matching/roma.h"

namespace ms::matching {

std::unique_ptr<MatchingSolver> makeCudaRoma(const MaximisedGraph& graph, const MatchingOptions& options) {
  const bool blockPerEdge = options.algorithm == MatchingAlgorithm::ParallelRoma2;
  const std::string name = std::string(matchingAlgorithmName(options.algorithm)) + "/cuda";
  return std::make_unique<Roma<CudaRomaKernels>>(
      name, graph,
      CudaRomaKernels(graph.maximised().weights().data(), graph.maximised().vertexCount(), blockPerEdge,
                      options.flipRetries),
      options);
}

}  // namespace ms::matching

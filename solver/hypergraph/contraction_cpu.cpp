// The host contraction kernels: coarseningMap and applyCoarsening (the Hypergraph constructor builds the
// node -> hyperedge side).
#include <algorithm>
#include <future>
#include <stdexcept>

#include "solver/hypergraph/coarsening.h"
#include "solver/hypergraph/contraction_kernels.h"

namespace ms::hypergraph {
namespace {

class CpuContractionKernels final : public ContractionKernels {
 public:
  ContractedLevel contract(const Hypergraph& graph, const std::vector<int32_t>* mate) override {
    if (mate == nullptr) throw std::invalid_argument("host contraction: the matching must be on the host");
    std::vector<int32_t> map = coarseningMap(*mate);
    const int32_t clusters = map.empty() ? 0 : *std::max_element(map.begin(), map.end()) + 1;
    Hypergraph next = applyCoarsening(graph, map, clusters);
    const LevelSize size{next.nodeCount(), next.edgeCount(), next.pinCount()};
    std::promise<HostLevel> ready;
    ready.set_value({std::move(next), std::move(map)});
    return {size, ready.get_future()};
  }
};

}  // namespace

std::unique_ptr<ContractionKernels> makeCpuContractionKernels() {
  return std::make_unique<CpuContractionKernels>();
}

}  // namespace ms::hypergraph

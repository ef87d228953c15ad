// Built when the CUDA toolkit is absent at build time.
#include "solver/core/errors.h"
#include "solver/hypergraph/contraction_kernels.h"

namespace ms::hypergraph {

std::unique_ptr<ContractionKernels> makeCudaContractionKernels(const SuitorKernels&, bool) {
  throw SolveError("this build has no CUDA support (nvcc was not found at build time)");
}

}  // namespace ms::hypergraph

// Built when the CUDA toolkit is absent at build time.
#include "solver/core/errors.h"
#include "solver/matching/cuda/cuda_roma.h"

namespace ms::matching {

std::unique_ptr<MatchingSolver> makeCudaRoma(const MaximisedGraph&, const MatchingOptions&) {
  throw SolveError("this build has no CUDA support (nvcc was not found at build time)");
}

}  // namespace ms::matching

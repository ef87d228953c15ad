#pragma once
// Factory for parallel ROMA on a CUDA device (the kernel set in cuda_roma_kernels.cu behind roma.h).

#include <memory>

#include "solver/matching/matching_solver.h"
#include "solver/matching/objective.h"

namespace ms::matching {

// options.algorithm is ParallelRoma1 or ParallelRoma2. Throws SolveError when this build has no CUDA support;
// the setup step throws ResourceError when the graph does not fit the device.
std::unique_ptr<MatchingSolver> makeCudaRoma(const MaximisedGraph& graph, const MatchingOptions& options);

}  // namespace ms::matching

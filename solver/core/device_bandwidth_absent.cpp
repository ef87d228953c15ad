// Built when the CUDA toolkit is absent at build time.
#include "solver/core/device_bandwidth.h"
#include "solver/core/errors.h"

namespace ms {

double measureDeviceCopyBandwidth(std::size_t, int) {
  throw SolveError("this build has no CUDA support (nvcc was not found at build time)");
}

}  // namespace ms

#pragma once
// Device memory of one kernel set, as measured when it allocated its buffers (cudaMemGetInfo before and
// after) next to what its buffers should take: the matrix or slice, plus the O(n) state.

#include <string>

namespace ms::lap {

struct DeviceMemoryUse {
  int device = -1;  // CUDA device index
  std::string deviceName;
  double measuredBytes = 0;  // free device memory before the allocation minus after it
  double expectedBytes = 0;  // the sum of the buffers' sizes
  double sliceBytes = 0;     // of which the cost matrix or slice (and, classical, its zero-slack lists)
};

}  // namespace ms::lap
